// /robot/my/{id?} (spec learning §2 "AI area", login required): my conversations with the
// assistant: the list with delete on the side, the chosen conversation's messages with their links,
// and a way to continue it in the chat.
import { Alert, App, Button, Empty, Skeleton, message as staticMessage } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { useConversation } from '../api/robot';
import { AnswerLinks } from '../components/answer-links';
import { ConversationList } from '../components/conversation-list';
import { useRobotTexts } from '../components/robot-texts';
import { routeId } from './talk-page';
import '../components/robot.css';

function Transcript({ id }: { id: number }) {
  const t = useRobotTexts();
  const detail = useConversation(id);
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.errorCode === 'ROBOT_CONVERSATION_NOT_FOUND';
    return (
      <Alert
        type={missing ? 'warning' : 'error'} showIcon data-testid="robot-load-error"
        title={missing ? t('notFound') : t('loadFailed', { message: detail.error.message })}
        action={missing ? undefined : <Button size="small" onClick={() => void detail.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const c = detail.data;
  return (
    <article data-testid="robot-transcript">
      <header className="robot-transcript__head">
        <h2>{c.title}</h2>
        <Link to={`/robot/talk/${c.id}`}><Button type="primary">{t('continueChat')}</Button></Link>
      </header>
      <ol className="robot-chat__list">
        {c.messages.map((m) => (
          <li key={m.id} className={`robot-msg robot-msg--${m.role}`} data-testid="robot-message" data-role={m.role}>
            <div className="robot-msg__bubble">
              <span className="robot-sr-only">{m.role === 'user' ? t('you') : t('robot')}：</span>
              <div className="robot-msg__text">{m.text}</div>
              {m.role === 'assistant' && <AnswerLinks links={m.links} />}
              <time className="robot-msg__note" dateTime={m.createdAt}>{dayjs(m.createdAt).format('YYYY-MM-DD HH:mm')}</time>
            </div>
          </li>
        ))}
      </ol>
    </article>
  );
}

export default function MyConversationsPage() {
  const t = useRobotTexts();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = routeId(useParams().id);
  const signedIn = useUserStore(selectSignedIn);
  return (
    <div className="robot-page" data-testid="robot-my-page">
      <ConversationList
        signedIn={signedIn} activeId={id} hrefOf={(c) => `/robot/my/${c}`} pageSize={50}
        onNew={() => void navigate('/robot/talk')}
        onDeleted={(deleted) => {
          // App.useApp() has no methods outside <App>; fall back to antd's static message.
          void (message.success ?? staticMessage.success)(t('deleted'));
          if (deleted === id) void navigate('/robot/my', { replace: true });
        }}
      />
      <main className="robot-main">
        <h1 className="robot-main__title">{t('myConversations')}</h1>
        <div className="robot-chat robot-chat--transcript">
          {id === null ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pick')} /> : <Transcript key={id} id={id} />}
        </div>
      </main>
    </div>
  );
}
