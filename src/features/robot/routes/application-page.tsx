// /robot/application/{id?} (spec learning §2 "AI area"; issue 21 part D, docs/ai.md D): without an
// id, the tenant's applications and my runs; with one, its form (plain antd Form from the field
// list), the cost and balance beside 开始生成, the result (a plan as text, a quiz answered and
// scored on the page) and 我的运行记录, each run reopening here with ?run=ID and its inputs back in
// the form. Guests may read; running needs sign-in. A refused run keeps the form as typed.
import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { loginPath } from '../../../lib/login-path';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import {
  isNotFound, useApplication, useApplicationRun, useApplications, useApplicationStream, type InputValue, type RunDetail,
} from '../api/assistant';
import { isCreditsExhausted } from '../api/credits';
import { ApplicationFields, initialValues } from '../components/application-form';
import { ApplicationQuiz } from '../components/application-quiz';
import { ApplicationRuns } from '../components/application-runs';
import { useApplicationTexts } from '../components/application-texts';
import { ApplicationIcon } from '../../../components/assistant-avatar';
import { CreditsCost, CreditsExhausted } from '../components/credits-cost';
import '../components/assistant.css';
import { copyText } from '../components/copy-text';

function Failed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useApplicationTexts();
  return <Alert type="error" showIcon title={t('loadFailed', { message })} action={<Button size="small" onClick={onRetry}>{t('retry')}</Button>} />;
}

function ApplicationList() {
  const t = useApplicationTexts();
  const signedIn = useUserStore(selectSignedIn);
  const list = useApplications();
  let body;
  if (list.isPending) body = <Skeleton active avatar paragraph={{ rows: 3 }} />;
  else if (list.isError) body = <Failed message={list.error.message} onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0) body = <Empty description={t('empty')} />;
  else {
    body = (
      <ul className="assistant-grid" data-testid="application-list">
        {list.data.map((a) => (
          <li key={a.id}>
            <Link className="assistant-card" to={`/robot/application/${a.id}`}>
              <ApplicationIcon icon={a.icon} />
              <span className="assistant-card__body">
                <h2>{a.name}</h2>
                <p>{a.description}</p>
                <p><Tag>{t(`task_${a.task}`)}</Tag> {t('onAssistant', { name: a.assistantName })}</p>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="assistant-page">
      <header className="assistant-page__head"><h1>{t('title')}</h1><p>{t('intro')}</p></header>
      <div className={signedIn ? 'application-layout' : undefined}>
        <div className="application-main">{body}</div>
        {signedIn && <ApplicationRuns applicationId={null} activeRunId={null} />}
      </div>
    </div>
  );
}

/** A run's result: why it failed, the quiz, or the text with a copy button; and how it was made and charged. */
function RunOutput({ run, balance }: { run: RunDetail; balance: number | null }) {
  const t = useApplicationTexts();
  if (run.status === 'failed') return <Alert type="error" showIcon title={t('failed', { message: run.output })} data-testid="application-failed" />;
  const copy = () => { void copyText(run.output).then((done) => showMessage(done ? 'success' : 'error', t(done ? 'copied' : 'copyFailed'))); };
  const meta = (
    <p className="application-meta" style={{ marginTop: 12 }}>
      <span>{t(`source_${run.source}`)}</span>
      {balance !== null && <span>{t('charged', { cost: run.cost, balance })}</span>}
    </p>
  );
  if (run.questions) {
    const asked = typeof run.inputs.count === 'number' ? run.inputs.count : undefined;
    return <ApplicationQuiz key={run.id} questions={run.questions} footer={meta} {...(asked !== undefined ? { asked } : {})} />;
  }
  return (
    <section className="assistant-panel" aria-labelledby="application-result" data-testid="application-result">
      <div className="application-actions" style={{ justifyContent: 'space-between', marginBottom: 8 }}>
        <h2 id="application-result" style={{ margin: 0, fontSize: 16 }}>{t('result')} · {run.title}</h2>
        <Button icon={<CopyOutlined />} onClick={copy}>{t('copy')}</Button>
      </div>
      <pre className="application-output" data-testid="application-output">{run.output}</pre>
      {meta}
    </section>
  );
}

function ApplicationView({ id }: { id: number }) {
  const t = useApplicationTexts();
  const location = useLocation();
  const signedIn = useUserStore(selectSignedIn);
  const [params, setParams] = useSearchParams();
  const runId = Number(params.get('run')) || null;
  const app = useApplication(id);
  const reopened = useApplicationRun(runId);
  const run = useApplicationStream();
  const [fresh, setFresh] = useState<{ run: RunDetail; balance: number | null } | null>(null);
  const [form] = Form.useForm<Record<string, InputValue>>();
  // A reopened run's inputs go back into the form, so "run again" is one press.
  const reopenedInputs = reopened.data?.applicationId === id ? reopened.data.inputs : null;
  useEffect(() => {
    if (reopenedInputs) form.setFieldsValue(reopenedInputs);
  }, [reopenedInputs, form]);
  const back = <Link to="/robot/application">← {t('back')}</Link>;
  if (app.isPending) return <div className="assistant-page">{back}<Skeleton active avatar paragraph={{ rows: 6 }} /></div>;
  if (app.isError) {
    return (
      <div className="assistant-page">
        {back}
        <h1 className="assistant-sr-only">{t('title')}</h1>
        {isNotFound(app.error) ? <Empty description={t('notFound')} /> : <Failed message={app.error.message} onRetry={() => void app.refetch()} />}
      </div>
    );
  }
  const a = app.data;
  const shown = fresh && fresh.run.id === runId ? fresh : reopened.data && runId ? { run: reopened.data, balance: null } : null;
  const submit = (values: Record<string, InputValue>) => {
    const inputs = Object.fromEntries(a.fields.map((f) => [f.name, values[f.name] ?? null]));
    run.start({ id, inputs }, (result) => {
      setFresh(result);
      setParams({ run: String(result.run.id) }, { replace: false });
    });
  };
  let runError = null;
  if (run.error) runError = isCreditsExhausted(run.error) ? <CreditsExhausted message={run.error.message} /> : <Alert type="error" showIcon title={t('failed', { message: run.error.message })} />;
  return (
    <div className="assistant-page" data-testid="application-detail">
      {back}
      <header className="assistant-panel assistant-hero">
        <ApplicationIcon icon={a.icon} size={56} />
        <div className="assistant-hero__text">
          <h1>{a.name}</h1>
          <p>{a.description}</p>
          <p className="application-meta"><Tag>{t(`task_${a.task}`)}</Tag><Link to={`/robot/assistant/${a.assistantId}`}>{t('onAssistant', { name: a.assistantName })}</Link></p>
        </div>
      </header>
      <div className={signedIn ? 'application-layout' : undefined}>
        <div className="application-main">
          {a.needsProvider && <Alert type="warning" showIcon title={t('needsProvider')} data-testid="application-needs-provider" />}
          <section className="assistant-panel" aria-labelledby="application-form-title">
            <h2 id="application-form-title">{t('form')}</h2>
            <Form form={form} layout="vertical" initialValues={initialValues(a.fields)} onFinish={submit} disabled={run.pending} requiredMark>
              <ApplicationFields fields={a.fields} />
              {signedIn ? (
                <div className="application-actions">
                  <Button type="primary" htmlType="submit" loading={run.pending} disabled={a.needsProvider}>{run.pending ? t('running') : t('run')}</Button>
                  {run.pending && <Button onClick={run.stop} disabled={false}>{t('stop')}</Button>}
                  <CreditsCost use="application" />
                </div>
              ) : (
                <Alert type="info" showIcon title={t('signInToRun')} action={<Link to={loginPath(location.pathname + location.search)}><Button size="small" type="primary" tabIndex={-1}>{t('signIn')}</Button></Link>} />
              )}
            </Form>
            {run.pending && <p className="application-meta" role="status" style={{ marginTop: 12 }}>{t('running')}</p>}
            {runError && <div style={{ marginTop: 12 }}>{runError}</div>}
          </section>
          {runId && reopened.isError && !shown && <Alert type="warning" showIcon title={isNotFound(reopened.error) ? t('runNotFound') : t('loadFailed', { message: reopened.error.message })} />}
          {runId && reopened.isPending && signedIn && !shown && <Skeleton active paragraph={{ rows: 4 }} />}
          {run.pending && run.text && (
            <section className="assistant-panel" aria-labelledby="application-streaming" aria-busy="true">
              <h2 id="application-streaming">{t('result')}</h2>
              <pre className="application-output" data-testid="application-streaming">{run.text}</pre>
            </section>
          )}
          {shown && !run.pending && <RunOutput run={shown.run} balance={shown.balance} />}
        </div>
        {signedIn && <ApplicationRuns applicationId={id} activeRunId={runId} />}
      </div>
    </div>
  );
}

export default function ApplicationPage() {
  const { id } = useParams();
  const n = Number(id);
  return id && Number.isSafeInteger(n) && n > 0 ? <ApplicationView key={n} id={n} /> : <ApplicationList />;
}
