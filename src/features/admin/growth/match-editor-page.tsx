// /sub_admin/matches/:id (id "new": create): the competition editor (issue 19 part I): title, cover
// through the uploader, summary, rules as rich text (sanitised by the server on save), enrolment
// window, running time, entrant limit, state; stages in order (a submission judges score, or an exam
// round with the tenant's exams); judges (the marker role over the match). The server checks the
// windows and keeps what learners did (docs/growth.md "Back-office"); its message shows as it is.
import { Alert, Button, Card, Empty, Form, Input, InputNumber, Popconfirm, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { Uploader } from '../../../components/uploader';
import { RichText } from '../../../runtime/rich-text-view';
import { useAdminMatch, useMatchChoices, useSaveMatch, useSetJudge, type AdminMatch, type Judge, type MatchInput, type StageInput } from '../api/growth';
import { BankFrame, ReadState } from '../bank/bank-frame';
import { UserPicker } from '../bank/user-picker';
import { useGrowthAdminTexts } from './growth-texts';

type Texts = ReturnType<typeof useGrowthAdminTexts>;
const fromLocal = (v: string, old: string) => (v ? new Date(v).toISOString() : old);
/** An ISO time as a datetime-local value (local time). */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const DAY = 24 * 3600 * 1000;

/** A new match: enrolment opens now for a week, the match runs from day 7 to day 21. */
export function newMatch(now = Date.now()): MatchInput {
  const at = (days: number) => new Date(Math.floor((now + days * DAY) / 60000) * 60000).toISOString();
  return { title: '', summary: '', rules: '', coverImg: null, enrollStart: at(0), enrollEnd: at(7), startTime: at(7), endTime: at(21), entrantLimit: null, state: 'published', stages: [] };
}

function inputOf(m: AdminMatch): MatchInput {
  return {
    id: m.id, title: m.title, summary: m.summary, rules: m.rules, coverImg: m.coverImg, enrollStart: m.enrollStart, enrollEnd: m.enrollEnd,
    startTime: m.startTime, endTime: m.endTime, entrantLimit: m.entrantLimit, state: m.state,
    stages: m.stages.map((s) => ({ id: s.id, title: s.title, description: s.description, kind: s.kind, startTime: s.startTime, endTime: s.endTime, maxScore: s.maxScore, examId: s.examId })),
  };
}

export default function MatchEditorPage() {
  const t = useGrowthAdminTexts();
  const { id: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const match = useAdminMatch(id);
  if (id === null) return <BankFrame title={t('newMatch')}><Editor match={null} /></BankFrame>;
  if (match.data === undefined) return <BankFrame title={t('matchesTitle')}><ReadState query={match} help={t('forbiddenHelp')} /></BankFrame>;
  return (
    <BankFrame title={match.data.title} extra={<Tag>{t(`status_${match.data.status}`)}</Tag>}>
      <Editor match={match.data} />
    </BankFrame>
  );
}

function Editor({ match }: { match: AdminMatch | null }) {
  const t = useGrowthAdminTexts();
  const navigate = useNavigate();
  const save = useSaveMatch();
  const [v, setV] = useState<MatchInput>(() => (match ? inputOf(match) : newMatch()));
  const [preview, setPreview] = useState(false);
  useEffect(() => { if (match) setV(inputOf(match)); }, [match]);
  const set = <K extends keyof MatchInput>(key: K) => (value: MatchInput[K]) => setV((old) => ({ ...old, [key]: value }));
  const counts = new Map((match?.stages ?? []).map((s) => [s.id, s.submissionCount]));

  const submit = () => {
    if (!v.title.trim()) return showMessage('error', t('required', { field: t('title') }));
    save.mutate(v, {
      onSuccess: (saved) => {
        showMessage('success', match ? t('saved') : t('created'));
        if (!match) void navigate(`/sub_admin/matches/${saved.id}`, { replace: true });
      },
    });
  };
  const time = (key: 'enrollStart' | 'enrollEnd' | 'startTime' | 'endTime', label: string) => (
    <Form.Item label={label} htmlFor={`match-${key}`} required>
      <Input id={`match-${key}`} type="datetime-local" value={toLocalInput(v[key])} onChange={(e) => set(key)(fromLocal(e.target.value, v[key]))} />
    </Form.Item>
  );

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('basics')} size="small">
        <Form layout="vertical" onFinish={submit} style={{ maxWidth: 820 }} data-testid="match-form">
          <Form.Item label={t('title')} htmlFor="match-title" required>
            <Input id="match-title" value={v.title} maxLength={60} showCount onChange={(e) => set('title')(e.target.value)} />
          </Form.Item>
          <Form.Item label={t('cover')}>
            <Uploader kind="image" limit={1} value={v.coverImg ? [v.coverImg] : []} onChange={(urls) => set('coverImg')(urls[0] ?? null)} />
          </Form.Item>
          <Form.Item label={t('summary')} htmlFor="match-summary">
            <Input.TextArea id="match-summary" rows={2} maxLength={200} showCount value={v.summary} onChange={(e) => set('summary')(e.target.value)} />
          </Form.Item>
          <Form.Item label={t('rules')} htmlFor="match-rules" extra={t('rulesHelp')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Radio.Group value={preview} onChange={(e) => setPreview(e.target.value as boolean)} optionType="button" size="small"
                options={[{ value: false, label: t('edit') }, { value: true, label: t('preview') }]} />
              {preview ? <div className="match-rules-preview" style={{ border: '1px solid rgba(128,128,128,.3)', padding: 12, minHeight: 80 }}><RichText html={v.rules} /></div>
                : <Input.TextArea id="match-rules" rows={6} maxLength={20000} value={v.rules} onChange={(e) => set('rules')(e.target.value)} />}
            </Space>
          </Form.Item>
          <Space wrap size="large">{time('enrollStart', t('enrollStart'))}{time('enrollEnd', t('enrollEnd'))}</Space>
          <Space wrap size="large">{time('startTime', t('startTime'))}{time('endTime', t('endTime'))}</Space>
          <Space wrap size="large">
            <Form.Item label={t('entrantLimit')} htmlFor="match-limit" extra={t('entrantLimitHelp')}>
              <InputNumber id="match-limit" min={1} max={1_000_000} value={v.entrantLimit} onChange={(n) => set('entrantLimit')(n ?? null)} />
            </Form.Item>
            <Form.Item label={t('state')}>
              <Radio.Group value={v.state} onChange={(e) => set('state')(e.target.value as MatchInput['state'])}>
                <Radio value="published">{t('publishNow')}</Radio>
                <Radio value="draft">{t('keepDraft')}</Radio>
              </Radio.Group>
            </Form.Item>
          </Space>
          <Typography.Title level={4}>{t('stages')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('stagesHelp')}</Typography.Paragraph>
          <StagesEditor t={t} stages={v.stages} counts={counts} match={v} onChange={set('stages')} />
          <div style={{ marginTop: 16 }}><Button type="primary" htmlType="submit" loading={save.isPending} data-testid="match-save">{t('save')}</Button></div>
        </Form>
      </Card>
      {match ? <JudgesCard match={match} /> : <Alert type="info" showIcon message={t('saveFirst')} />}
    </Space>
  );
}

function StagesEditor({ t, stages, counts, match, onChange }: { t: Texts; stages: StageInput[]; counts: Map<number, number>; match: MatchInput; onChange: (s: StageInput[]) => void }) {
  const choices = useMatchChoices();
  const update = (i: number, patch: Partial<StageInput>) => onChange(stages.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: number) => {
    const next = [...stages];
    const [s] = next.splice(i, 1);
    next.splice(i + by, 0, s!);
    onChange(next);
  };
  const add = () => onChange([...stages, {
    title: '', description: '', kind: 'submission', startTime: match.startTime, endTime: match.endTime, maxScore: 100, examId: null,
  }]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="stage-list">
      {stages.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stagesHelp')} />}
      {stages.map((s, i) => {
        const entries = s.id ? counts.get(s.id) ?? 0 : 0;
        const n = i + 1;
        return (
          <Card key={s.id ?? `new-${i}`} size="small" title={t('stageN', { n })} data-testid="stage-card"
            extra={(
              <Space>
                {entries > 0 && <Tag color="orange">{t('submissions', { count: entries })}</Tag>}
                <Button autoInsertSpace={false} size="small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`${t('moveUp')} ${t('stageN', { n })}`}>{t('moveUp')}</Button>
                <Button autoInsertSpace={false} size="small" disabled={i === stages.length - 1} onClick={() => move(i, 1)} aria-label={`${t('moveDown')} ${t('stageN', { n })}`}>{t('moveDown')}</Button>
                <Button autoInsertSpace={false} size="small" disabled={entries > 0} onClick={() => onChange(stages.filter((_, j) => j !== i))} aria-label={`${t('remove')} ${t('stageN', { n })}`}>{t('remove')}</Button>
              </Space>
            )}>
            <Space wrap size="middle" align="start">
              <Form.Item label={t('stageTitle')} htmlFor={`stage-${i}-title`} required style={{ marginBottom: 8 }}>
                <Input id={`stage-${i}-title`} value={s.title} maxLength={60} onChange={(e) => update(i, { title: e.target.value })} style={{ width: 220 }} />
              </Form.Item>
              <Form.Item label={t('stageKind')} style={{ marginBottom: 8 }}>
                <Radio.Group value={s.kind} disabled={entries > 0} aria-label={`${t('stageKind')} ${t('stageN', { n })}`}
                  onChange={(e) => update(i, e.target.value === 'exam' ? { kind: 'exam', maxScore: null } : { kind: 'submission', examId: null, maxScore: s.maxScore ?? 100 })}>
                  <Radio value="submission">{t('kindSubmission')}</Radio>
                  <Radio value="exam">{t('kindExam')}</Radio>
                </Radio.Group>
              </Form.Item>
              {s.kind === 'submission' ? (
                <Form.Item label={t('maxScore')} htmlFor={`stage-${i}-max`} required style={{ marginBottom: 8 }}>
                  <InputNumber id={`stage-${i}-max`} min={1} max={1000} value={s.maxScore} onChange={(v) => update(i, { maxScore: v ?? null })} />
                </Form.Item>
              ) : (
                <Form.Item label={t('exam')} htmlFor={`stage-${i}-exam`} required style={{ marginBottom: 8 }}>
                  <Select id={`stage-${i}-exam`} showSearch optionFilterProp="label" value={s.examId ?? undefined} placeholder={t('chooseExam')} style={{ width: 240 }}
                    loading={choices.isPending} onChange={(v: number) => update(i, { examId: v })}
                    options={(choices.data?.exams ?? []).map((e) => ({ value: e.id, label: e.published ? e.title : `${e.title}${t('examDraft')}` }))} />
                </Form.Item>
              )}
            </Space>
            <Space wrap size="middle">
              <Form.Item label={t('stageStart')} htmlFor={`stage-${i}-start`} required style={{ marginBottom: 8 }}>
                <Input id={`stage-${i}-start`} type="datetime-local" value={toLocalInput(s.startTime)} onChange={(e) => update(i, { startTime: fromLocal(e.target.value, s.startTime) })} />
              </Form.Item>
              <Form.Item label={t('stageEnd')} htmlFor={`stage-${i}-end`} required style={{ marginBottom: 8 }}>
                <Input id={`stage-${i}-end`} type="datetime-local" value={toLocalInput(s.endTime)} onChange={(e) => update(i, { endTime: fromLocal(e.target.value, s.endTime) })} />
              </Form.Item>
            </Space>
            <Form.Item label={t('stageDescription')} htmlFor={`stage-${i}-desc`} style={{ marginBottom: 0 }}>
              <Input.TextArea id={`stage-${i}-desc`} rows={2} maxLength={2000} value={s.description} onChange={(e) => update(i, { description: e.target.value })} />
            </Form.Item>
          </Card>
        );
      })}
      <Button onClick={add} data-testid="stage-add">{t('addStage')}</Button>
    </Space>
  );
}

function JudgesCard({ match }: { match: AdminMatch }) {
  const t = useGrowthAdminTexts();
  const setJudge = useSetJudge();
  const [userId, setUserId] = useState<number | undefined>();
  const add = () => {
    if (!userId) return showMessage('error', t('chooseUser'));
    setJudge.mutate({ id: match.id, userId, grant: true }, { onSuccess: () => { setUserId(undefined); showMessage('success', t('judgeAdded')); } });
  };
  return (
    <Card title={t('judges')} size="small" data-testid="judges-card">
      <Typography.Paragraph type="secondary">{t('judgesHelp')}</Typography.Paragraph>
      <Space style={{ marginBottom: 8 }}>
        <UserPicker id="judge-user" label={t('judges')} value={userId} onChange={setUserId} />
        <Button onClick={add} loading={setJudge.isPending} data-testid="judge-add">{t('addJudge')}</Button>
      </Space>
      <Table<Judge> size="small" rowKey="userId" dataSource={match.judges} pagination={false} locale={{ emptyText: t('noJudges') }} data-testid="judge-list"
        columns={[
          { title: t('judges'), key: 'n', render: (_: unknown, j) => `${j.name} (${j.account})` },
          { title: t('colActions'), key: 'a', width: 100, render: (_: unknown, j) => (
            <Popconfirm title={`${t('removeJudge')} ${j.name}?`} onConfirm={() => setJudge.mutate({ id: match.id, userId: j.userId, grant: false }, { onSuccess: () => showMessage('success', t('judgeRemoved')) })}>
              <Button autoInsertSpace={false} size="small" aria-label={`${t('removeJudge')} ${j.name}`}>{t('removeJudge')}</Button>
            </Popconfirm>
          ) },
        ]} />
    </Card>
  );
}
