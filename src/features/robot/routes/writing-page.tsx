// /robot/text (spec learning §2 "AI area"; issue 21 part E): writing help. Three tools — outline,
// rewrite (formal, plain, concise), summary — on pasted text or on a content or course the learner
// studied; the result with a copy button, and the learner's history of runs. Guests see the page
// and a sign-in prompt; each run costs credits (shown with the balance).
import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Input, Radio, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { loginPath } from '../../../lib/login-path';
import { relativeTime } from '../../../lib/relative-time';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { useImageOptions } from '../api/pic';
import { useStudied, useWritingRuns, useWritingStream, WRITING_MAX, WRITING_MIN, type WritingInput, type WritingRun } from '../api/writing';
import { CreditLine, RunError } from '../components/pic-credits';
import { useWritingTexts } from '../components/writing-texts';
import '../components/pic.css';
import { copyText } from '../components/copy-text';

interface Values {
  tool: WritingRun['tool'];
  tone: 'formal' | 'plain' | 'concise';
  source: 'text' | 'studied';
  text: string;
  studied?: string;
}

const chars = (s: string) => [...s.trim()].length;

function WritingResult({ run, charged }: { run: WritingRun; charged: { cost: number; balance: number } | null }) {
  const t = useWritingTexts();
  const copy = () => {
    void copyText(run.output).then((done) => showMessage(done ? 'success' : 'error', t(done ? 'copied' : 'copyFailed')));
  };
  return (
    <section className="pic-panel" aria-live="polite" data-testid="writing-result">
      <div className="pic-form__actions" style={{ justifyContent: 'space-between', marginBottom: 8 }}>
        <h2 style={{ margin: 0, fontSize: 16 }}>{t('result')} · {t(`tool_${run.tool}`)}{run.tone ? ` · ${t(`tone_${run.tone}`)}` : ''} · {run.sourceTitle}</h2>
        <Button icon={<CopyOutlined />} onClick={copy}>{t('copy')}</Button>
      </div>
      {run.note && <Alert type="info" showIcon title={run.note} style={{ marginBottom: 12 }} />}
      <pre className="writing-output" data-testid="writing-output">{run.output}</pre>
      <p className="pic-credits" style={{ marginTop: 12 }}>
        <span>{t(`engine_${run.engine}`)}</span>
        {charged && <span>{charged.cost === 0 ? t('chargedNone') : t('charged', charged)}</span>}
      </p>
    </section>
  );
}

function History({ activeId, onOpen }: { activeId: number | null; onOpen: (run: WritingRun) => void }) {
  const t = useWritingTexts();
  const runs = useWritingRuns(1, 20);
  let body;
  if (runs.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (runs.isError) body = <Alert type="error" showIcon title={t('loadFailed', { message: runs.error.message })} action={<Button size="small" onClick={() => void runs.refetch()}>{t('retry')}</Button>} />;
  else if (runs.data.list.length === 0) body = <Empty description={t('noHistory')} />;
  else {
    body = (
      <ul className="writing-history">
        {runs.data.list.map((run) => (
          <li key={run.id}>
            <button type="button" aria-current={run.id === activeId} onClick={() => onOpen(run)}>
              <span className="writing-history__title">{run.sourceTitle}</span>
              <span className="writing-history__meta">{t(`tool_${run.tool}`)}{run.tone ? ` · ${t(`tone_${run.tone}`)}` : ''} · {relativeTime(run.createdAt)}</span>
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return <aside className="pic-panel" aria-label={t('history')}><h2>{t('history')}</h2>{body}</aside>;
}

export default function WritingPage() {
  const t = useWritingTexts();
  const signedIn = useUserStore(selectSignedIn);
  const options = useImageOptions();
  const studied = useStudied();
  const run = useWritingStream();
  const [form] = Form.useForm<Values>();
  const tool = Form.useWatch('tool', form) ?? 'outline';
  const source = Form.useWatch('source', form) ?? 'text';
  const text = Form.useWatch('text', form) ?? '';
  // A run opened from the history; a new run replaces it.
  const [opened, setOpened] = useState<WritingRun | null>(null);

  const submit = (v: Values) => {
    const input: WritingInput = { tool: v.tool, sourceKind: 'text' };
    if (v.tool === 'rewrite') input.tone = v.tone;
    if (v.source === 'text') input.text = v.text.trim();
    else {
      const [kind, id] = (v.studied ?? '').split(':');
      input.sourceKind = kind === 'course' ? 'course' : 'content';
      input.sourceId = Number(id);
    }
    setOpened(null);
    run.start(input);
  };
  const n = chars(text);

  return (
    <div className="pic-page" data-testid="writing-page">
      <header className="pic-page__head"><h1>{t('title')}</h1><p>{t('intro')}</p></header>
      {!signedIn && <Alert type="info" showIcon title={t('signInToRun')} action={<Link to={loginPath('/robot/text')}><Button size="small" type="primary">{t('signIn')}</Button></Link>} />}
      <div className={signedIn ? 'writing-layout' : undefined}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 }}>
          <section className="pic-panel" aria-label={t('title')}>
            <Form<Values> form={form} layout="vertical" disabled={!signedIn || run.pending} onFinish={submit} initialValues={{ tool: 'outline', tone: 'formal', source: 'text', text: '' }}>
              <Form.Item name="tool" label={t('tool')} extra={t(`toolHint_${tool}`)}>
                <Radio.Group optionType="button" buttonStyle="solid" options={(['outline', 'rewrite', 'summary'] as const).map((k) => ({ value: k, label: t(`tool_${k}`) }))} />
              </Form.Item>
              {tool === 'rewrite' && (
                <Form.Item name="tone" label={t('tone')}>
                  <Radio.Group optionType="button" options={(['formal', 'plain', 'concise'] as const).map((k) => ({ value: k, label: t(`tone_${k}`) }))} />
                </Form.Item>
              )}
              <Form.Item name="source" label={t('source')}>
                <Radio.Group options={[{ value: 'text', label: t('source_text') }, { value: 'studied', label: t('source_studied') }]} />
              </Form.Item>
              {source === 'text' ? (
                <Form.Item
                  name="text" label={t('text')}
                  rules={[{ validator: (_, v: string) => (chars(v ?? '') < WRITING_MIN ? Promise.reject(new Error(t('tooShort', { min: WRITING_MIN })))
                    : chars(v ?? '') > WRITING_MAX ? Promise.reject(new Error(t('tooLong', { max: WRITING_MAX }))) : Promise.resolve()) }]}
                  extra={<span className={`writing-count${n > WRITING_MAX ? ' writing-count--bad' : ''}`}>{t('chars', { n, max: WRITING_MAX })}</span>}
                >
                  <Input.TextArea rows={10} placeholder={t('textPlaceholder', { min: WRITING_MIN, max: WRITING_MAX })} />
                </Form.Item>
              ) : (
                <Form.Item name="studied" label={t('studied')} rules={[{ required: true, message: t('pickRequired') }]}
                  extra={studied.data && studied.data.length === 0 ? t('noStudied') : undefined}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }} loading={studied.isPending} placeholder={t('studiedPlaceholder')}
                    options={(studied.data ?? []).map((i) => ({ value: `${i.kind}:${i.id}`, label: `[${t(`kind_${i.kind}`)}] ${i.title}` }))}
                  />
                </Form.Item>
              )}
              <div className="pic-form__actions">
                <Button type="primary" htmlType="submit" loading={run.pending} disabled={!signedIn}>{run.pending ? t('running') : t('run')}</Button>
                {run.pending && <Button onClick={run.stop} disabled={false}>{t('stop')}</Button>}
                {options.data && (
                  <CreditLine
                    costText={t('cost', { cost: options.data.writingPrice })}
                    balanceText={options.data.balance === null ? null : t('balance', { balance: options.data.balance })} rechargeText={t('recharge')}
                  />
                )}
              </div>
            </Form>
          </section>
          {run.error && !opened && <RunError error={run.error} text={(message) => t('failed', { message })} rechargeText={t('recharge')} />}
          {opened ? <WritingResult run={opened} charged={null} />
            : run.result ? <WritingResult run={run.result.run} charged={{ cost: run.result.cost, balance: run.result.balance }} />
              : run.pending && (
                <section className="pic-panel" aria-live="polite" aria-busy="true" data-testid="writing-streaming">
                  <h2>{t('result')}</h2>
                  <pre className="writing-output">{run.text || t('running')}</pre>
                </section>
              )}
        </div>
        {signedIn && <History activeId={opened?.id ?? run.result?.run.id ?? null} onOpen={setOpened} />}
      </div>
    </div>
  );
}
