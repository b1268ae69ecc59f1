// /robot/my/{id?} (spec learning §2 "AI area", login required; issue 21 C): my conversations with
// the assistant: the list (newest first, searched by title) with delete on the side, the chosen
// conversation's messages with their links, versions, stopped marks and 👍/👎, renamed in place,
// and a way to continue it in the chat.
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Input, Skeleton, message as staticMessage } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { rateAnswer, useConversation, useRenameConversation } from '../api/robot';
import { Bubble, fromStored } from '../components/chat-message';
import { ConversationList } from '../components/conversation-list';
import { useRobotTexts } from '../components/robot-texts';
import { routeId } from './talk-page';
import '../components/robot.css';

/** The title with a rename form (1–100 characters, checked before sending). */
function TitleEditor({ id, title }: { id: number; title: string }) {
  const t = useRobotTexts();
  const { message } = App.useApp();
  const rename = useRenameConversation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(title);
  const length = [...value.trim()].length;
  const invalid = length < 1 || length > 100;
  if (!editing) {
    return (
      <div className="robot-transcript__rename">
        <h2>{title}</h2>
        <Button size="small" onClick={() => { setValue(title); setEditing(true); }} data-testid="robot-rename">{t('rename')}</Button>
      </div>
    );
  }
  return (
    <form
      className="robot-transcript__rename"
      onSubmit={(e) => {
        e.preventDefault();
        if (invalid) return;
        rename.mutate({ id, title: value.trim() }, {
          onSuccess: () => {
            setEditing(false);
            void (message.success ?? staticMessage.success)(t('renamed'));
          },
        });
      }}
    >
      <Input
        aria-label={t('renameLabel')} value={value} onChange={(e) => setValue(e.target.value)} status={invalid ? 'error' : ''} autoFocus
        onKeyDown={(e) => { if (e.key === 'Escape') setEditing(false); }} data-testid="robot-rename-input"
      />
      <Button htmlType="submit" type="primary" loading={rename.isPending} disabled={invalid}>{t('renameSave')}</Button>
      <Button onClick={() => setEditing(false)}>{t('cancel')}</Button>
      {invalid && <span className="robot-chat__count--over" role="alert">{t('titleRule')}</span>}
    </form>
  );
}

function Transcript({ id }: { id: number }) {
  const t = useRobotTexts();
  const detail = useConversation(id);
  const client = useQueryClient();
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
        <TitleEditor key={c.title} id={c.id} title={c.title} />
        <Link to={`/robot/talk/${c.id}`}><Button type="primary">{t('continueChat')}</Button></Link>
      </header>
      <ol className="robot-chat__list">
        {c.messages.map((m) => (
          <Bubble
            key={m.id} message={fromStored(m)}
            onRate={m.role === 'assistant' ? async (value, reason) => {
              await rateAnswer({ messageId: m.id, value, reason: reason ?? null });
              await client.invalidateQueries({ queryKey: ['robot', 'conversation'] });
            } : undefined}
          />
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
        signedIn={signedIn} activeId={id} hrefOf={(c) => `/robot/my/${c}`} pageSize={50} searchable
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
