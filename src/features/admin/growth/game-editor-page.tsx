// /sub_admin/games/:id (id "new": create a draft): the game editor (issue 19 part I): title, cover
// through the uploader, summary; rounds in order (title, the material to study, filled from a
// content of the tenant if wished, pass score, time limit) and their questions (single, multiple,
// true/false with options, answer, explanation and points), written here or imported from the
// question bank by category. Publishing needs ≥ 1 round and every round ≥ 1 question; a played
// game keeps its rounds in order (the server says so when refused; docs/growth.md "Back-office").
import { Alert, Button, Card, Checkbox, Empty, Form, Input, InputNumber, Modal, Radio, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { Uploader } from '../../../components/uploader';
import {
  fetchBankQuestions, useAdminGame, useBankCategories, useContentChoices, usePublishGame, useSaveGame,
  type AdminGame, type GameInput, type GameQuestionInput, type GameRoundInput,
} from '../api/growth';
import { BankFrame, ReadState } from '../bank/bank-frame';
import { useGrowthAdminTexts } from './growth-texts';

type Texts = ReturnType<typeof useGrowthAdminTexts>;
type Kind = GameQuestionInput['kind'];
const LETTERS = 'ABCDEFGHIJ';

export function judgeOptions(t: Texts) {
  return [{ key: 'T', text: t('answerRight') }, { key: 'F', text: t('answerWrong') }];
}

/** A blank question of a kind (judge: the fixed T / F options). */
export function blankQuestion(kind: Kind, t: Texts): GameQuestionInput {
  return {
    kind, stem: '', explanation: null, score: 1, answer: [],
    options: kind === 'judge' ? judgeOptions(t) : [{ key: 'A', text: '' }, { key: 'B', text: '' }, { key: 'C', text: '' }, { key: 'D', text: '' }],
  };
}

function inputOf(g: AdminGame): GameInput {
  return {
    id: g.id, title: g.title, cover: g.cover, summary: g.summary,
    rounds: g.rounds.map((r) => ({
      id: r.id, title: r.title, content: r.content, timeLimit: r.timeLimit, passScore: r.passScore,
      questions: r.questions.map((q) => ({ id: q.id, kind: q.kind, stem: q.stem, options: q.options, answer: q.answer, explanation: q.explanation, score: q.score })),
    })),
  };
}

export default function GameEditorPage() {
  const t = useGrowthAdminTexts();
  const { id: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const game = useAdminGame(id);
  if (id === null) return <BankFrame title={t('newGame')}><Editor game={null} /></BankFrame>;
  if (game.data === undefined) return <BankFrame title={t('gamesTitle')}><ReadState query={game} help={t('forbiddenHelp')} /></BankFrame>;
  return <Editor game={game.data} />;
}

function Editor({ game }: { game: AdminGame | null }) {
  const t = useGrowthAdminTexts();
  const navigate = useNavigate();
  const save = useSaveGame();
  const publish = usePublishGame();
  const initial = useMemo<GameInput>(() => (game ? inputOf(game) : { title: '', cover: null, summary: '', rounds: [] }), [game]);
  const [v, setV] = useState<GameInput>(initial);
  useEffect(() => setV(initial), [initial]);
  const dirty = JSON.stringify(v) !== JSON.stringify(initial);
  const set = <K extends keyof GameInput>(key: K) => (value: GameInput[K]) => setV((old) => ({ ...old, [key]: value }));
  const attempts = new Map((game?.rounds ?? []).map((r) => [r.id, r.attemptCount]));

  const submit = () => {
    if (!v.title.trim()) return showMessage('error', t('required', { field: t('title') }));
    save.mutate(v, {
      onSuccess: (saved) => {
        showMessage('success', game ? t('saved') : t('created'));
        if (!game) void navigate(`/sub_admin/games/${saved.id}`, { replace: true });
      },
    });
  };
  const togglePublish = () => {
    if (!game) return;
    if (dirty && !game.published) return showMessage('warning', t('saveBeforePublish'));
    publish.mutate({ id: game.id, published: !game.published }, { onSuccess: (g) => showMessage('success', g.published ? t('publishedOk') : t('unpublishedOk')) });
  };

  const body = (
    <Form layout="vertical" onFinish={submit} data-testid="game-form">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title={t('basics')} size="small">
          <div style={{ maxWidth: 720 }}>
            <Form.Item label={t('title')} htmlFor="game-title" required>
              <Input id="game-title" value={v.title} maxLength={60} showCount onChange={(e) => set('title')(e.target.value)} />
            </Form.Item>
            <Form.Item label={t('cover')}>
              <Uploader kind="image" limit={1} value={v.cover ? [v.cover] : []} onChange={(urls) => set('cover')(urls[0] ?? null)} />
            </Form.Item>
            <Form.Item label={t('summary')} htmlFor="game-summary">
              <Input.TextArea id="game-summary" rows={2} maxLength={500} showCount value={v.summary} onChange={(e) => set('summary')(e.target.value)} />
            </Form.Item>
          </div>
        </Card>
        <Card title={t('rounds')} size="small">
          <Typography.Paragraph type="secondary">{t('roundsHelp')}</Typography.Paragraph>
          {game?.played && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('playedNote', { count: game.playerCount })} />}
          <RoundsEditor t={t} rounds={v.rounds} attempts={attempts} locked={game?.played ? (game.rounds.length) : 0} onChange={set('rounds')} />
        </Card>
        <div><Button type="primary" htmlType="submit" loading={save.isPending} data-testid="game-save">{t('save')}</Button></div>
      </Space>
    </Form>
  );
  if (!game) return body;
  return (
    <BankFrame title={game.title} extra={(
      <Space>
        <Tag color={game.published ? 'green' : 'default'}>{game.published ? t('published') : t('draft')}</Tag>
        <Button type={game.published ? 'default' : 'primary'} loading={publish.isPending} onClick={togglePublish} data-testid="game-publish">
          {game.published ? t('unpublish') : t('publish')}
        </Button>
      </Space>
    )}>{body}</BankFrame>
  );
}

function RoundsEditor({ t, rounds, attempts, locked, onChange }: { t: Texts; rounds: GameRoundInput[]; attempts: Map<number, number>; locked: number; onChange: (r: GameRoundInput[]) => void }) {
  const update = (i: number, patch: Partial<GameRoundInput>) => onChange(rounds.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: number) => {
    const next = [...rounds];
    const [r] = next.splice(i, 1);
    next.splice(i + by, 0, r!);
    onChange(next);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="round-list">
      {rounds.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noQuestions')} />}
      {rounds.map((r, i) => {
        const n = i + 1;
        // A played game's existing rounds stay, in their order (the server enforces it too).
        const fixed = i < locked;
        const count = r.id ? attempts.get(r.id) ?? 0 : 0;
        return (
          <Card key={r.id ?? `new-${i}`} size="small" title={t('roundN', { n })} data-testid="round-card"
            extra={(
              <Space>
                {count > 0 && <Tag>{t('attempts', { count })}</Tag>}
                <Button autoInsertSpace={false} size="small" disabled={fixed || i <= locked} onClick={() => move(i, -1)} aria-label={`${t('moveUp')} ${t('roundN', { n })}`}>{t('moveUp')}</Button>
                <Button autoInsertSpace={false} size="small" disabled={fixed || i === rounds.length - 1} onClick={() => move(i, 1)} aria-label={`${t('moveDown')} ${t('roundN', { n })}`}>{t('moveDown')}</Button>
                <Button autoInsertSpace={false} size="small" disabled={fixed} onClick={() => onChange(rounds.filter((_, j) => j !== i))} aria-label={`${t('remove')} ${t('roundN', { n })}`}>{t('remove')}</Button>
              </Space>
            )}>
            <RoundFields t={t} i={i} round={r} onChange={(patch) => update(i, patch)} />
          </Card>
        );
      })}
      <Button onClick={() => onChange([...rounds, { title: '', content: '', timeLimit: 120, passScore: 60, questions: [] }])} data-testid="round-add">{t('addRound')}</Button>
    </Space>
  );
}

function RoundFields({ t, i, round, onChange }: { t: Texts; i: number; round: GameRoundInput; onChange: (patch: Partial<GameRoundInput>) => void }) {
  const [picking, setPicking] = useState(false);
  const [importing, setImporting] = useState(false);
  const setQuestion = (j: number, q: GameQuestionInput) => onChange({ questions: round.questions.map((old, k) => (k === j ? q : old)) });
  return (
    <>
      <Space wrap size="middle" align="start">
        <Form.Item label={t('roundTitle')} htmlFor={`round-${i}-title`} required style={{ marginBottom: 8 }}>
          <Input id={`round-${i}-title`} value={round.title} maxLength={60} onChange={(e) => onChange({ title: e.target.value })} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item label={t('passScore')} htmlFor={`round-${i}-pass`} style={{ marginBottom: 8 }}>
          <InputNumber id={`round-${i}-pass`} min={0} max={100} value={round.passScore} onChange={(n) => onChange({ passScore: n ?? 60 })} />
        </Form.Item>
        <Form.Item label={t('timeLimit')} htmlFor={`round-${i}-time`} style={{ marginBottom: 8 }}>
          <InputNumber id={`round-${i}-time`} min={10} max={7200} value={round.timeLimit} onChange={(n) => onChange({ timeLimit: n ?? 120 })} />
        </Form.Item>
      </Space>
      <Form.Item label={t('material')} htmlFor={`round-${i}-content`} extra={t('materialHelp')} style={{ marginBottom: 8 }}>
        <Input.TextArea id={`round-${i}-content`} rows={4} maxLength={20000} value={round.content} onChange={(e) => onChange({ content: e.target.value })} />
      </Form.Item>
      <Button size="small" onClick={() => setPicking(true)} style={{ marginBottom: 12 }}>{t('pickContent')}</Button>
      {picking && <ContentPicker t={t} onClose={() => setPicking(false)} onPick={(c) => {
        onChange({ content: [round.content.trim(), `${c.title}\n\n${c.summary}`.trim()].filter(Boolean).join('\n\n') });
        showMessage('success', t('contentPicked', { title: c.title }));
        setPicking(false);
      }} />}
      <Typography.Title level={5}>{t('questions')}</Typography.Title>
      {round.questions.length === 0 && <Typography.Paragraph type="secondary">{t('noQuestions')}</Typography.Paragraph>}
      {round.questions.map((q, j) => (
        <QuestionFields key={q.id ?? `new-${j}`} t={t} prefix={`round-${i}-q-${j}`} n={j + 1} q={q} onChange={(next) => setQuestion(j, next)}
          onRemove={() => onChange({ questions: round.questions.filter((_, k) => k !== j) })} />
      ))}
      <Space>
        <Button size="small" onClick={() => onChange({ questions: [...round.questions, blankQuestion('single', t)] })} data-testid="question-add">{t('addQuestion')}</Button>
        <Button size="small" onClick={() => setImporting(true)}>{t('importBank')}</Button>
      </Space>
      {importing && <BankImport t={t} onClose={() => setImporting(false)} onImport={(qs) => { onChange({ questions: [...round.questions, ...qs] }); setImporting(false); }} />}
    </>
  );
}

function QuestionFields({ t, prefix, n, q, onChange, onRemove }: { t: Texts; prefix: string; n: number; q: GameQuestionInput; onChange: (q: GameQuestionInput) => void; onRemove: () => void }) {
  const setKind = (kind: Kind) => onChange(kind === q.kind ? q : { ...blankQuestion(kind, t), stem: q.stem, explanation: q.explanation, score: q.score, ...(kind !== 'judge' && q.kind !== 'judge' ? { options: q.options } : {}) });
  const label = t('questionN', { n });
  return (
    <Card size="small" type="inner" title={label} style={{ marginBottom: 8 }} data-testid="question-card"
      extra={<Button autoInsertSpace={false} size="small" onClick={onRemove} aria-label={`${t('remove')} ${label}`}>{t('remove')}</Button>}>
      <Space wrap size="middle" align="start">
        <Form.Item label={t('kind')} htmlFor={`${prefix}-kind`} style={{ marginBottom: 8 }}>
          <Select id={`${prefix}-kind`} value={q.kind} onChange={setKind} style={{ width: 140 }}
            options={(['single', 'multiple', 'judge'] as const).map((k) => ({ value: k, label: t(`kind_${k}`) }))} />
        </Form.Item>
        <Form.Item label={t('points')} htmlFor={`${prefix}-score`} style={{ marginBottom: 8 }}>
          <InputNumber id={`${prefix}-score`} min={1} max={100} value={q.score} onChange={(s) => onChange({ ...q, score: s ?? 1 })} />
        </Form.Item>
      </Space>
      <Form.Item label={t('stem')} htmlFor={`${prefix}-stem`} required style={{ marginBottom: 8 }}>
        <Input.TextArea id={`${prefix}-stem`} rows={2} maxLength={2000} value={q.stem} onChange={(e) => onChange({ ...q, stem: e.target.value })} />
      </Form.Item>
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 8px' }}>
        <legend style={{ fontSize: 14, marginBottom: 4 }}>{t('options')} · {t('answer')}</legend>
        {q.options.map((o, k) => {
          const checked = q.answer.includes(o.key);
          const toggle = (on: boolean) => onChange({ ...q, answer: q.kind === 'multiple' ? (on ? [...q.answer, o.key].sort() : q.answer.filter((a) => a !== o.key)) : [o.key] });
          const name = t('option', { key: o.key });
          return (
            <Space key={o.key} style={{ display: 'flex', marginBottom: 4 }}>
              {q.kind === 'multiple'
                ? <Checkbox checked={checked} onChange={(e) => toggle(e.target.checked)} aria-label={`${t('answer')} ${o.key}`} />
                : <Radio checked={checked} onChange={() => toggle(true)} aria-label={`${t('answer')} ${o.key}`} />}
              {q.kind === 'judge' ? <span>{o.text}</span> : (
                <>
                  <span aria-hidden>{o.key}.</span>
                  <Input aria-label={name} value={o.text} maxLength={500} style={{ width: 360 }}
                    onChange={(e) => onChange({ ...q, options: q.options.map((x, m) => (m === k ? { ...x, text: e.target.value } : x)) })} />
                  <Button autoInsertSpace={false} size="small" disabled={q.options.length <= 2} aria-label={`${t('remove')} ${name}`}
                    onClick={() => {
                      const options = q.options.filter((_, m) => m !== k).map((x, m) => ({ ...x, key: LETTERS[m]! }));
                      const answer = q.options.filter((x, m) => m !== k && q.answer.includes(x.key)).map((x) => LETTERS[options.findIndex((y) => y.text === x.text)]!);
                      onChange({ ...q, options, answer });
                    }}>{t('remove')}</Button>
                </>
              )}
            </Space>
          );
        })}
        {q.kind !== 'judge' && q.options.length < 10 && (
          <Button size="small" onClick={() => onChange({ ...q, options: [...q.options, { key: LETTERS[q.options.length]!, text: '' }] })}>{t('addOption')}</Button>
        )}
      </fieldset>
      <Form.Item label={t('explanation')} htmlFor={`${prefix}-exp`} style={{ marginBottom: 0 }}>
        <Input.TextArea id={`${prefix}-exp`} rows={1} maxLength={2000} value={q.explanation ?? ''} onChange={(e) => onChange({ ...q, explanation: e.target.value || null })} />
      </Form.Item>
    </Card>
  );
}

function ContentPicker({ t, onPick, onClose }: { t: Texts; onPick: (c: { title: string; summary: string }) => void; onClose: () => void }) {
  const [keyword, setKeyword] = useState('');
  const contents = useContentChoices(keyword);
  return (
    <Modal open title={t('pickContent')} onCancel={onClose} footer={null}>
      <Input.Search aria-label={t('contentSearch')} placeholder={t('contentSearch')} allowClear onSearch={setKeyword} style={{ marginBottom: 8 }} />
      {contents.data === undefined ? <ReadState query={contents} /> : contents.data.length === 0 ? <Empty description={t('noContents')} /> : (
        <ul style={{ listStyle: 'none', padding: 0, maxHeight: 360, overflow: 'auto' }} data-testid="content-choices">
          {contents.data.map((c) => (
            <li key={c.id} style={{ marginBottom: 4 }}>
              <Button type="link" onClick={() => onPick(c)} style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}>{c.title}</Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

function BankImport({ t, onImport, onClose }: { t: Texts; onImport: (qs: GameQuestionInput[]) => void; onClose: () => void }) {
  const categories = useBankCategories(true);
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [count, setCount] = useState(10);
  const [busy, setBusy] = useState(false);
  const run = () => {
    if (!categoryId) return;
    setBusy(true);
    fetchBankQuestions(categoryId, count).then((qs) => {
      if (qs.length === 0) return showMessage('warning', t('importNone'));
      showMessage('success', t('imported', { count: qs.length }));
      onImport(qs);
    }).catch(() => undefined).finally(() => setBusy(false));
  };
  return (
    <Modal open title={t('importTitle')} onCancel={onClose} onOk={run} okText={t('importDo')} okButtonProps={{ disabled: !categoryId, loading: busy }}>
      {categories.data === undefined ? <ReadState query={categories} /> : (
        <Form layout="vertical">
          <Form.Item label={t('importCategory')} htmlFor="bank-import-category">
            <Select id="bank-import-category" showSearch optionFilterProp="label" value={categoryId} onChange={setCategoryId}
              options={categories.data.map((c) => ({ value: c.id, label: `${c.name} (${c.questionCount})`, disabled: c.questionCount === 0 }))} />
          </Form.Item>
          <Form.Item label={t('importCount')} htmlFor="bank-import-count">
            <InputNumber id="bank-import-count" min={1} max={50} value={count} onChange={(n) => setCount(n ?? 10)} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
