// /robot/assistant/{id?} (spec learning §2 "AI area"; issue 21 part D, docs/ai.md D): without an id,
// the tenant's enabled assistants as cards; with one, the assistant's page (description, greeting,
// what it searches, example questions, its applications) and 开始对话, which opens
// /robot/talk?assistant=ID (an example adds &q=the question). Guests may browse.
import { Alert, Button, Empty, Skeleton, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { isNotFound, useAssistant, useAssistants, type AssistantCard } from '../api/assistant';
import { ApplicationIcon, AssistantAvatar } from '../../../components/assistant-avatar';
import { useAssistantTexts } from '../components/assistant-texts';
import '../components/assistant.css';

/** Where a conversation with the assistant starts (part C's talk page reads ?assistant= and ?q=). */
export const talkPath = (id: number, question?: string) => `/robot/talk?assistant=${id}${question ? `&q=${encodeURIComponent(question)}` : ''}`;

function Failed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useAssistantTexts();
  return <Alert type="error" showIcon title={t('loadFailed', { message })} action={<Button size="small" onClick={onRetry}>{t('retry')}</Button>} />;
}

function Kinds({ kinds }: { kinds: AssistantCard['kinds'] }) {
  const t = useAssistantTexts();
  return (
    <div className="assistant-tags">
      <span>{t('kinds')}</span>
      {kinds.map((k) => <Tag key={k}>{t(`kind_${k}`)}</Tag>)}
    </div>
  );
}

function AssistantList() {
  const t = useAssistantTexts();
  const list = useAssistants();
  let body;
  if (list.isPending) body = <Skeleton active avatar paragraph={{ rows: 3 }} />;
  else if (list.isError) body = <Failed message={list.error.message} onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0) body = <Empty description={t('empty')} />;
  else {
    body = (
      <ul className="assistant-grid" data-testid="assistant-list">
        {list.data.map((a) => (
          <li key={a.id}>
            <Link className="assistant-card" to={`/robot/assistant/${a.id}`}>
              <AssistantAvatar avatar={a.avatar} />
              <span className="assistant-card__body">
                <h2>{a.name}</h2>
                <p>{a.description}</p>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="assistant-page">
      <header className="assistant-page__head">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
      </header>
      {body}
    </div>
  );
}

function AssistantView({ id }: { id: number }) {
  const t = useAssistantTexts();
  const found = useAssistant(id);
  const back = <Link to="/robot/assistant">← {t('back')}</Link>;
  if (found.isPending) return <div className="assistant-page">{back}<Skeleton active avatar paragraph={{ rows: 5 }} /></div>;
  if (found.isError) {
    return (
      <div className="assistant-page">
        {back}
        <h1 className="assistant-sr-only">{t('title')}</h1>
        {isNotFound(found.error) ? <Empty description={t('notFound')} /> : <Failed message={found.error.message} onRetry={() => void found.refetch()} />}
      </div>
    );
  }
  const a = found.data;
  return (
    <div className="assistant-page" data-testid="assistant-detail">
      {back}
      <section className="assistant-panel assistant-hero">
        <AssistantAvatar avatar={a.avatar} size={72} label={t('avatar', { name: a.name })} />
        <div className="assistant-hero__text">
          <h1>{a.name}</h1>
          <p>{a.description}</p>
          <Kinds kinds={a.kinds} />
          <div><Link to={talkPath(a.id)}><Button type="primary" size="large" tabIndex={-1}>{t('start')}</Button></Link></div>
        </div>
      </section>
      {a.greeting && (
        <section className="assistant-panel" aria-labelledby="assistant-greeting">
          <h2 id="assistant-greeting">{t('greeting')}</h2>
          <p className="assistant-greeting">{a.greeting}</p>
        </section>
      )}
      {a.examples.length > 0 && (
        <section className="assistant-panel" aria-labelledby="assistant-examples">
          <h2 id="assistant-examples">{t('examples')}</h2>
          <ul className="assistant-examples">
            {a.examples.map((q) => <li key={q}><Link to={talkPath(a.id, q)} aria-label={t('startWith', { question: q })}><Tag>{q}</Tag></Link></li>)}
          </ul>
        </section>
      )}
      <section className="assistant-panel" aria-labelledby="assistant-apps">
        <h2 id="assistant-apps">{t('applications')}</h2>
        {a.applications.length === 0 ? <Empty description={t('noApplications')} /> : (
          <ul className="assistant-grid">
            {a.applications.map((app) => (
              <li key={app.id}>
                <Link className="assistant-card" to={`/robot/application/${app.id}`}>
                  <ApplicationIcon icon={app.icon} />
                  <span className="assistant-card__body"><h3>{app.name}</h3><p>{app.description}</p></span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default function AssistantPage() {
  const { id } = useParams();
  const n = Number(id);
  return id && Number.isSafeInteger(n) && n > 0 ? <AssistantView id={n} /> : <AssistantList />;
}
