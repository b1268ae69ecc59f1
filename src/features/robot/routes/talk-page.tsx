// /robot/talk/{id?} (spec learning §2 "AI area"; issue 21 C): the chat with the assistant. Guests may ask;
// a signed-in learner's exchanges are kept, the first answer starts a conversation whose id goes
// into the address, and the side lists the learner's conversations.
import { Alert, Button } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { loginPath } from '../../../lib/login-path';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { useConversation } from '../api/robot';
import { ChatPanel, ChatSkeleton, fromStored, type ChatMessage } from '../components/chat-panel';
import { ConversationList } from '../components/conversation-list';
import { useRobotTexts } from '../components/robot-texts';
import '../components/robot.css';

const NONE: ChatMessage[] = [];

/** The id in the address: a positive integer, or null (none, or not a number). */
export function routeId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

export default function TalkPage() {
  const t = useRobotTexts();
  const navigate = useNavigate();
  const params = useParams();
  const id = routeId(params.id);
  // issue 21 C: /robot/talk?assistant=ID starts a conversation with that assistant (a kept one keeps its own).
  const [search] = useSearchParams();
  const assistantId = routeId(search.get('assistant') ?? undefined);
  // An assistant's example question (/robot/talk?assistant=ID&q=…) waits in the input: sending it
  // costs credits, so the learner sends it (or edits it first).
  const question = (search.get('q') ?? '').slice(0, 500);
  const signedIn = useUserStore(selectSignedIn);
  // The conversation this page just started: its messages are on screen already, so it is not read back.
  const [started, setStarted] = useState<number | null>(null);
  const [session, setSession] = useState(0);
  const load = signedIn && id !== null && id !== started;
  const detail = useConversation(load ? id : null);
  const initial = useMemo(() => (load && detail.data ? detail.data.messages.map(fromStored) : NONE), [load, detail.data]);

  const startNew = () => {
    setStarted(null);
    setSession((n) => n + 1);
    void navigate('/robot/talk');
  };

  let main;
  if (id !== null && !signedIn) {
    main = (
      <div className="robot-chat robot-chat--notice">
        <Alert type="info" showIcon title={t('signInToSee')} action={<Link to={loginPath(`/robot/talk/${id}`)}><Button size="small" type="primary">{t('signIn')}</Button></Link>} />
        <Button onClick={startNew} style={{ marginTop: 16 }}>{t('startNew')}</Button>
      </div>
    );
  } else if (load && detail.isPending) {
    main = <ChatSkeleton />;
  } else if (load && detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.errorCode === 'ROBOT_CONVERSATION_NOT_FOUND';
    main = (
      <div className="robot-chat robot-chat--notice" data-testid="robot-load-error">
        <Alert
          type={missing ? 'warning' : 'error'} showIcon title={missing ? t('notFound') : t('loadFailed', { message: detail.error.message })}
          action={missing ? undefined : <Button size="small" onClick={() => void detail.refetch()}>{t('retry')}</Button>}
        />
        <Button onClick={startNew} style={{ marginTop: 16 }}>{t('startNew')}</Button>
      </div>
    );
  } else {
    main = (
      <ChatPanel
        key={load ? `c${id}` : `live${session}`}
        conversationId={load ? id : started}
        initial={initial}
        assistantId={assistantId}
        initialDraft={load ? '' : question}
        onStarted={(meta) => {
          setStarted(meta.conversationId);
          void navigate(`/robot/talk/${meta.conversationId}`, { replace: true });
        }}
      />
    );
  }

  return (
    <div className="robot-page" data-testid="robot-talk-page">
      <ConversationList
        signedIn={signedIn} activeId={id} hrefOf={(c) => `/robot/talk/${c}`} onNew={startNew}
        onOpen={() => setStarted(null)}
      />
      <main className="robot-main">
        <h1 className="robot-main__title">{t('title')}</h1>
        {main}
      </main>
    </div>
  );
}
