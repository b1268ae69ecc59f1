// /sub_admin/exams/:id (id "new": create): the exam builder (issue 18 "Teachers": "an exam builder
// (fixed paper or random draw by category and difficulty, time limit, attempts, window, pass mark,
// who may take it)"). Settings, the paper (bank questions in order with points, or draw rules the
// server checks against the bank), publish, and the exam's markers and invigilators. The paper is
// locked once anyone has an attempt (the server refuses, and the page says so).
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Table, Tag, TreeSelect, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import {
  useAdminExam, useBuilderChoices, useCategories, useGrant, usePublishExam, useRevoke, useSaveExam, useSavePaper,
  type AdminExam, type BankKind, type DrawRuleInput, type ExamSettingsInput,
} from '../api/bank';
import { BankFrame, ReadState } from './bank-frame';
import { useBankTexts } from './bank-texts';
import { categoryTree } from './category-tree';
import { KINDS } from './question-schema';
import { QuestionTable } from './question-table';
import { UserPicker } from './user-picker';

/** An ISO time as a datetime-local value (local time), and back. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

function defaults(): ExamSettingsInput {
  return {
    title: '', type: 'exam', categoryId: null, cover: null, summary: null, startTime: new Date().toISOString(), endTime: null, duration: 30,
    passScore: 60, maxAttempts: null, allowPreview: false, allowPractice: true, audience: 'all', audienceClasses: [], blindMarking: true,
  };
}

export default function ExamBuilderPage() {
  const t = useBankTexts();
  const { id: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const exam = useAdminExam(id);
  if (id === null) return <BankFrame title={t('newExam')}><SettingsCard exam={null} /></BankFrame>;
  if (exam.data === undefined) return <BankFrame title={t('examsTitle')}><ReadState query={exam} /></BankFrame>;
  return <Builder exam={exam.data} />;
}

function Builder({ exam }: { exam: AdminExam }) {
  const t = useBankTexts();
  const publish = usePublishExam();
  return (
    <BankFrame title={exam.title} extra={(
      <Space>
        <Tag color={exam.published ? 'green' : 'default'}>{exam.published ? t('published') : t('draft')}</Tag>
        <Button type={exam.published ? 'default' : 'primary'} loading={publish.isPending} data-testid="exam-publish"
          onClick={() => publish.mutate({ id: exam.id, published: !exam.published }, { onSuccess: (e) => showMessage('success', e.published ? t('publishedOk') : t('unpublishedOk')) })}>
          {exam.published ? t('unpublish') : t('publish')}
        </Button>
      </Space>
    )}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <SettingsCard exam={exam} />
        <PaperCard exam={exam} />
        <PeopleCard exam={exam} />
      </Space>
    </BankFrame>
  );
}

function SettingsCard({ exam }: { exam: AdminExam | null }) {
  const t = useBankTexts();
  const navigate = useNavigate();
  const choices = useBuilderChoices();
  const save = useSaveExam();
  const [v, setV] = useState<ExamSettingsInput>(() => (exam ? { ...exam } : defaults()));
  useEffect(() => { if (exam) setV({ ...exam }); }, [exam]);
  const set = <K extends keyof ExamSettingsInput>(key: K) => (value: ExamSettingsInput[K]) => setV((old) => ({ ...old, [key]: value }));

  const submit = () => {
    const { title, type, categoryId, cover, summary, startTime, endTime, duration, passScore, maxAttempts, allowPreview, allowPractice, audience, audienceClasses, blindMarking } = v;
    save.mutate({
      ...(exam ? { id: exam.id } : {}), title, type, categoryId: categoryId ?? null, cover: cover || null, summary: summary || null, startTime, endTime: endTime ?? null,
      duration, passScore: type === 'survey' ? null : passScore ?? null, maxAttempts: maxAttempts ?? null, allowPreview, allowPractice, audience, audienceClasses, blindMarking,
    }, {
      onSuccess: (saved) => {
        showMessage('success', exam ? t('saved') : t('created'));
        if (!exam) void navigate(`/sub_admin/exams/${saved.id}`, { replace: true });
      },
    });
  };

  return (
    <Card title={t('settings')} size="small" data-testid="exam-settings">
      <Form layout="vertical" onFinish={submit} style={{ maxWidth: 720 }}>
        <Form.Item label={t('title')} htmlFor="exam-title" required>
          <Input id="exam-title" value={v.title} maxLength={200} onChange={(e) => set('title')(e.target.value)} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item label={t('type')}>
            <Radio.Group value={v.type} onChange={(e) => set('type')(e.target.value as 'exam' | 'survey')}>
              <Radio value="exam">{t('typeExam')}</Radio>
              <Radio value="survey">{t('typeSurvey')}</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item label={t('examCategory')} htmlFor="exam-category">
            <Select id="exam-category" allowClear value={v.categoryId ?? undefined} onChange={(c) => set('categoryId')(c ?? null)} style={{ width: 200 }}
              options={(choices.data?.examCategories ?? []).map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
        </Space>
        <Form.Item label={t('summary')} htmlFor="exam-summary">
          <Input.TextArea id="exam-summary" rows={2} maxLength={2000} value={v.summary ?? ''} onChange={(e) => set('summary')(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('cover')} htmlFor="exam-cover">
          <Input id="exam-cover" value={v.cover ?? ''} maxLength={1000} onChange={(e) => set('cover')(e.target.value)} placeholder="/uploads/…" />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item label={t('start')} htmlFor="exam-start" required>
            <Input id="exam-start" type="datetime-local" value={toLocalInput(v.startTime)} onChange={(e) => set('startTime')(fromLocalInput(e.target.value) ?? v.startTime)} />
          </Form.Item>
          <Form.Item label={t('end')} htmlFor="exam-end">
            <Input id="exam-end" type="datetime-local" value={toLocalInput(v.endTime ?? null)} onChange={(e) => set('endTime')(fromLocalInput(e.target.value))} />
          </Form.Item>
        </Space>
        <Space wrap size="large">
          <Form.Item label={t('duration')} htmlFor="exam-duration">
            <InputNumber id="exam-duration" min={0} max={1440} value={v.duration} onChange={(n) => set('duration')(n ?? 0)} />
          </Form.Item>
          {v.type === 'exam' && (
            <Form.Item label={t('passScore')} htmlFor="exam-pass">
              <InputNumber id="exam-pass" min={0} value={v.passScore ?? null} onChange={(n) => set('passScore')(n)} />
            </Form.Item>
          )}
          <Form.Item label={t('maxAttempts')} htmlFor="exam-attempts">
            <InputNumber id="exam-attempts" min={1} max={100} value={v.maxAttempts ?? null} onChange={(n) => set('maxAttempts')(n)} />
          </Form.Item>
        </Space>
        <Form.Item label={t('audience')}>
          <Radio.Group value={v.audience} onChange={(e) => set('audience')(e.target.value as 'all' | 'classes')}>
            <Radio value="all">{t('audienceAll')}</Radio>
            <Radio value="classes">{t('audienceClasses')}</Radio>
          </Radio.Group>
        </Form.Item>
        {v.audience === 'classes' && (
          <Form.Item label={t('classes')} htmlFor="exam-classes">
            <Select id="exam-classes" mode="multiple" showSearch optionFilterProp="label" value={v.audienceClasses} onChange={set('audienceClasses')} placeholder={t('chooseClass')}
              options={(choices.data?.classes ?? []).map((c) => ({ value: c.id, label: c.title }))} />
          </Form.Item>
        )}
        <Space direction="vertical" style={{ marginBottom: 16 }}>
          <Checkbox checked={v.allowPreview} onChange={(e) => set('allowPreview')(e.target.checked)}>{t('allowPreview')}</Checkbox>
          <Checkbox checked={v.allowPractice} onChange={(e) => set('allowPractice')(e.target.checked)}>{t('allowPractice')}</Checkbox>
          <Checkbox checked={v.blindMarking} onChange={(e) => set('blindMarking')(e.target.checked)}>{t('blindMarking')}</Checkbox>
        </Space>
        <div><Button type="primary" htmlType="submit" loading={save.isPending} data-testid="exam-save">{t('saveSettings')}</Button></div>
      </Form>
    </Card>
  );
}

interface PaperRow { bankQuestionId: number | null; kind: string; stem: string; score: number; childCount: number }

function PaperCard({ exam }: { exam: AdminExam }) {
  const t = useBankTexts();
  const categories = useCategories();
  const save = useSavePaper();
  const [mode, setMode] = useState(exam.paperMode);
  const [rows, setRows] = useState<PaperRow[]>(exam.questions);
  const [rules, setRules] = useState<DrawRuleInput[]>(exam.drawRules);
  const [pickCategory, setPickCategory] = useState<number | undefined>();
  const [picked, setPicked] = useState<Array<{ id: number; kind: BankKind; stem: string; score: number; children: unknown[] }>>([]);
  useEffect(() => { setMode(exam.paperMode); setRows(exam.questions); setRules(exam.drawRules); }, [exam]);
  const tree = useMemo(() => categoryTree(categories.data ?? [], false), [categories.data]);
  const locked = exam.attemptCount > 0;
  const total = mode === 'fixed' ? rows.reduce((n, r) => n + r.score, 0) : rules.reduce((n, r) => n + r.count * r.score, 0);
  const count = mode === 'fixed' ? rows.length : rules.reduce((n, r) => n + r.count, 0);

  const add = () => {
    const have = new Set(rows.map((r) => r.bankQuestionId));
    setRows((old) => [...old, ...picked.filter((p) => !have.has(p.id)).map((p) => ({ bankQuestionId: p.id, kind: p.kind, stem: p.stem, score: p.score, childCount: p.children.length }))]);
    setPicked([]);
  };
  const move = (i: number, by: number) => setRows((old) => {
    const next = [...old];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    return next;
  });
  const setRule = (i: number, patch: Partial<DrawRuleInput>) => setRules((old) => old.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = () => save.mutate({
    examId: exam.id, paperMode: mode,
    questions: mode === 'fixed' ? rows.filter((r) => r.bankQuestionId !== null).map((r) => ({ bankQuestionId: r.bankQuestionId!, score: r.score })) : [],
    drawRules: mode === 'random' ? rules : [],
  }, { onSuccess: () => showMessage('success', t('paperSaved')) });

  return (
    <Card title={t('paper')} size="small" data-testid="exam-paper" extra={<Typography.Text>{t('totalOf', { n: count, score: total })}</Typography.Text>}>
      {locked && <Alert type="warning" showIcon title={t('paperLocked', { n: exam.attemptCount })} style={{ marginBottom: 12 }} />}
      <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 'fixed' | 'random')} disabled={locked} style={{ marginBottom: 12 }} aria-label={t('paperMode')}>
        <Radio value="fixed">{t('paperFixed')}</Radio>
        <Radio value="random" data-testid="paper-random">{t('paperRandom')}</Radio>
      </Radio.Group>
      {mode === 'fixed' ? (
        <>
          <Table<PaperRow> size="small" rowKey={(r, i) => `${r.bankQuestionId ?? 'x'}-${i}`} dataSource={rows} pagination={false} locale={{ emptyText: t('noPaper') }}
            columns={[
              { title: '#', key: 'n', width: 40, render: (_: unknown, __, i) => i + 1 },
              { title: t('colStem'), dataIndex: 'stem', render: (s: string) => (s.length > 70 ? `${s.slice(0, 70)}…` : s) },
              { title: t('colKind'), dataIndex: 'kind', width: 90, render: (k: BankKind) => t(`kind_${k}`) },
              { title: t('points'), key: 'p', width: 100, render: (_: unknown, r, i) => (r.kind === 'composite' ? r.score : (
                <InputNumber size="small" min={0} max={1000} value={r.score} disabled={locked} aria-label={`${t('points')} ${i + 1}`}
                  onChange={(n) => setRows((old) => old.map((x, j) => (j === i ? { ...x, score: n ?? 0 } : x)))} />
              )) },
              { title: t('colActions'), key: 'a', width: 200, render: (_: unknown, __, i) => (
                <Space size="small">
                  <Button size="small" disabled={locked || i === 0} onClick={() => move(i, -1)}>{t('moveUp')}</Button>
                  <Button size="small" disabled={locked || i === rows.length - 1} onClick={() => move(i, 1)}>{t('moveDown')}</Button>
                  <Button size="small" disabled={locked} onClick={() => setRows((old) => old.filter((_, j) => j !== i))}>{t('removeFromPaper')}</Button>
                </Space>
              ) },
            ]} />
          {!locked && (
            <div style={{ marginTop: 16 }}>
              <Typography.Title level={5}>{t('pickQuestions')}</Typography.Title>
              <Space wrap style={{ marginBottom: 8 }}>
                <TreeSelect showSearch treeNodeFilterProp="label" aria-label={t('category')} allowClear value={pickCategory} onChange={setPickCategory} treeData={tree} treeDefaultExpandAll style={{ width: 240 }} placeholder={t('allCategories')} />
                <Button onClick={add} disabled={picked.length === 0}>{t('addToPaper')}</Button>
              </Space>
              <QuestionTable categoryId={pickCategory} selected={picked.map((p) => p.id)} onSelect={(_, r) => setPicked(r)} pageSize={8} />
            </div>
          )}
        </>
      ) : (
        <div data-testid="paper-rules">
          {rules.map((r, i) => (
            <Space key={i} wrap style={{ marginBottom: 8 }} data-testid="paper-rule">
              <TreeSelect showSearch treeNodeFilterProp="label" aria-label={t('ruleCategory')} value={r.categoryId || undefined} onChange={(c) => setRule(i, { categoryId: c })} treeData={tree} treeDefaultExpandAll style={{ width: 220 }} placeholder={t('ruleCategory')} disabled={locked} />
              <Select aria-label={t('ruleKind')} allowClear value={r.kind ?? undefined} onChange={(k) => setRule(i, { kind: k ?? null })} style={{ width: 150 }} placeholder={t('ruleKind')} disabled={locked}
                options={KINDS.map((k) => ({ value: k, label: t(`kind_${k}`) }))} />
              <Select aria-label={t('ruleDifficulty')} allowClear value={r.difficulty ?? undefined} onChange={(d) => setRule(i, { difficulty: d ?? null })} style={{ width: 150 }} placeholder={t('ruleDifficulty')} disabled={locked}
                options={[1, 2, 3, 4, 5].map((d) => ({ value: d, label: `${t('colDifficulty')} ${d}` }))} />
              <InputNumber aria-label={t('ruleCount')} addonBefore={t('ruleCount')} min={1} max={200} value={r.count} onChange={(n) => setRule(i, { count: n ?? 1 })} disabled={locked} />
              <InputNumber aria-label={t('ruleScore')} addonBefore={t('ruleScore')} min={0} max={1000} value={r.score} onChange={(n) => setRule(i, { score: n ?? 0 })} disabled={locked} />
              <Button onClick={() => setRules((old) => old.filter((_, j) => j !== i))} disabled={locked}>{t('removeRule')}</Button>
            </Space>
          ))}
          <div><Button onClick={() => setRules((old) => [...old, { categoryId: 0, kind: null, difficulty: null, count: 5, score: 2 }])} disabled={locked} data-testid="paper-add-rule">{t('addRule')}</Button></div>
        </div>
      )}
      <div style={{ marginTop: 16 }}>
        <Button type="primary" onClick={submit} loading={save.isPending} disabled={locked} data-testid="paper-save">{t('savePaper')}</Button>
      </div>
    </Card>
  );
}

function PeopleCard({ exam }: { exam: AdminExam }) {
  const t = useBankTexts();
  const grant = useGrant();
  const revoke = useRevoke();
  const [adding, setAdding] = useState<Record<string, number | undefined>>({});
  const block = (role: 'marker' | 'invigilator', people: AdminExam['markers'], title: string) => (
    <div style={{ marginBottom: 12 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Space wrap style={{ marginBottom: 8, display: 'flex' }}>
        {people.length === 0 && <Typography.Text type="secondary">{t('noneYet')}</Typography.Text>}
        {people.map((p) => (
          <Tag key={p.userId} closable closeIcon={<span aria-label={`${t('remove')} ${p.name}`}>×</span>}
            onClose={(e) => { e.preventDefault(); revoke.mutate({ userId: p.userId, role, scopeType: 'exam', scopeId: exam.id }, { onSuccess: () => showMessage('success', t('revoked')) }); }}>
            {`${p.name} (${p.account})`}
          </Tag>
        ))}
      </Space>
      <Space>
        <UserPicker id={`exam-${role}`} label={`${t('addPerson')}: ${title}`} value={adding[role]} onChange={(v) => setAdding((old) => ({ ...old, [role]: v }))} />
        <Button disabled={!adding[role]} onClick={() => grant.mutate({ userId: adding[role]!, role, scopeType: 'exam', scopeId: exam.id }, {
          onSuccess: () => { showMessage('success', t('granted')); setAdding((old) => ({ ...old, [role]: undefined })); },
        })}>{t('addPerson')}</Button>
      </Space>
    </div>
  );
  return (
    <Card title={t('people')} size="small" data-testid="exam-people">
      {block('marker', exam.markers, t('markers'))}
      {block('invigilator', exam.invigilators, t('invigilators'))}
    </Card>
  );
}
