// The room's chat panel (spec learning §3 stateType in/out, §4 connection states and the 50/20
// trim, §5 text filter, §8 forced offline; shell §7 "Live chat"). The input works only while the
// connection is ready; a dropped connection reconnects with backoff; an aborted one shows
// 通讯账号被强制下线 and signs the learner out. The room's teacher can mute, remove and delete.
import { Alert, Button, Input, Popconfirm, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AbortReason } from '../../../../schemas/api/train-chat';
import { CHAT_CONTENT_MAX } from '../../../../schemas/api/train-chat';
import { showAlert, showMessage } from '../../../components/feedback/feedback';
import { loginPath } from '../../../lib/login-path';
import { useFilteredInput } from '../../../lib/text-filter';
import { useUserStore } from '../../../stores/user-store';
import type { ChatEntry } from '../chat/live-chat';
import { useLiveChat, type SocketFactory } from '../chat/use-live-chat';
import { useLiveTexts } from './texts';

export interface ChatPanelProps {
  chatPath: string | null;
  uid: number | null;
  /** The viewer teaches the room: mute, remove and delete show on others' messages. */
  canManage: boolean;
  socketFactory?: SocketFactory | undefined;
  className?: string | undefined;
}

/** How long the teacher's mute button mutes. */
const MUTE_MINUTES = 10;

export function ChatPanel({ chatPath, uid, canManage, socketFactory, className }: ChatPanelProps) {
  const t = useLiveTexts();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const onAborted = (reason: AbortReason) => {
    // spec learning §8 / §4: 'communication account forced offline' shows and the user is logged out.
    console.warn(`The live chat was aborted by the server (${reason}); signing out.`);
    useUserStore.getState().signOut(false);
    showAlert('warning', {
      title: t('forcedOffline'),
      content: reason === 'removed' ? t('forcedOfflineRemoved') : t('forcedOfflineHint'),
      okText: t('confirm'),
      onOk: () => void navigate(loginPath(here)),
    });
  };
  const { chat, state } = useLiveChat({ chatPath, uid, onAborted, socketFactory });
  const { value, setValue, inputProps } = useFilteredInput('');
  const listRef = useRef<HTMLDivElement | null>(null);
  const pinned = useRef(true);

  // A refusal from the server (rate limit, filtered text, muted) shows as a short warning.
  const notice = state.notice;
  useEffect(() => {
    if (notice) showMessage('warning', notice.message, 3);
  }, [notice]);

  // Stay at the newest message unless the viewer scrolled up to read.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && pinned.current) list.scrollTop = list.scrollHeight;
  }, [state.messages]);

  // A mute ends by itself: render again when it runs out.
  const [, setTick] = useState(0);
  const mutedUntil = state.mutedUntil;
  useEffect(() => {
    const ms = mutedUntil === null ? 0 : dayjs(mutedUntil).diff(dayjs());
    if (ms <= 0) return undefined;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.min(ms + 50, 2_147_483_647));
    return () => clearTimeout(timer);
  }, [mutedUntil]);
  const mutedMs = mutedUntil === null ? 0 : dayjs(mutedUntil).diff(dayjs());
  const muted = mutedMs > 0;
  // spec shell §7: ready only when connected; the input is usable only then.
  const canSend = state.ready && !muted;
  const send = () => {
    if (!chat || !canSend) return;
    const text = value.trim();
    if (!text) return;
    if (chat.send(text)) setValue('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const status = state.status;
  const banner = status === 'aborted'
    ? <Alert type="error" showIcon title={t('forcedOffline')} description={state.abortReason === 'removed' ? t('forcedOfflineRemoved') : t('forcedOfflineHint')} data-testid="live-chat-aborted" />
    : status === 'refused'
      ? <Alert type="error" showIcon title={t('refused')} data-testid="live-chat-refused" />
      : status === 'reconnecting'
        ? <Alert type="warning" showIcon title={t('reconnecting', { n: state.attempt })} data-testid="live-chat-reconnecting" />
        : status === 'connecting'
          ? <Alert type="info" title={t('connecting')} data-testid="live-chat-connecting" />
          : status === 'closed'
            ? <Alert type="info" title={t('chatClosed')} />
            : null;

  return (
    <section className={`live-chat ${className ?? ''}`} aria-label={t('chat')} data-testid="live-chat" data-status={status} data-ready={state.ready ? 'true' : 'false'}>
      <header className="live-chat__head">
        <h2>{t('chat')}</h2>
        {state.ready && <Tag color="green" data-testid="live-chat-ready">{t('chatReady')}</Tag>}
      </header>
      {banner}
      <div
        className="live-chat__list" ref={listRef} role="log" aria-live="polite" data-testid="live-chat-list"
        onScroll={(e) => { const el = e.currentTarget; pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40; }}
      >
        {state.messages.length === 0 && state.ready && <p className="live-chat__empty">{t('noMessages')}</p>}
        {state.messages.map((m) => (
          <ChatLine key={m.id} message={m} canManage={canManage && state.you?.role === 'teacher' && state.ready} onMute={(uidToMute) => chat?.mute(uidToMute, MUTE_MINUTES)} onRemove={(u) => chat?.remove(u)} onDelete={(id) => chat?.deleteMessage(id)} />
        ))}
      </div>
      {muted && <p className="live-chat__muted" data-testid="live-chat-muted">{t('muted', { time: dayjs(state.mutedUntil).format('HH:mm') })}</p>}
      <div className="live-chat__input">
        <Input
          {...inputProps} onKeyDown={onKeyDown} disabled={!canSend} maxLength={CHAT_CONTENT_MAX}
          placeholder={t('chatPlaceholder')} aria-label={t('chatPlaceholder')} data-testid="live-chat-input"
        />
        <Button type="primary" onClick={send} disabled={!canSend || !value.trim()} data-testid="live-chat-send">{t('send')}</Button>
      </div>
    </section>
  );
}

function ChatLine({ message, canManage, onMute, onRemove, onDelete }: {
  message: ChatEntry;
  canManage: boolean;
  onMute(uid: number): void;
  onRemove(uid: number): void;
  onDelete(id: number): void;
}) {
  const t = useLiveTexts();
  if (message.messageType === 'system') {
    return <div className="live-chat__system" data-testid="live-chat-message" data-state-type="in" data-message-type="system">{message.content}</div>;
  }
  const mine = message.stateType === 'out';
  return (
    <div className={`live-chat__msg live-chat__msg--${message.stateType}`} data-testid="live-chat-message" data-state-type={message.stateType} data-id={message.id}>
      <div className="live-chat__meta">
        <span className="live-chat__name">{mine ? t('me') : message.nickName}</span>
        <time dateTime={message.at}>{dayjs(message.at).format('HH:mm')}</time>
      </div>
      <div className="live-chat__bubble">{message.content}</div>
      {canManage && !mine && (
        <div className="live-chat__tools">
          <Button size="small" type="link" onClick={() => onMute(message.uid)} data-testid="live-chat-mute">{t('mute')}</Button>
          <Popconfirm title={t('removeConfirm', { name: message.nickName })} okText={t('confirm')} cancelText={t('cancel')} onConfirm={() => onRemove(message.uid)}>
            <Button size="small" type="link" danger data-testid="live-chat-remove">{t('removeUser')}</Button>
          </Popconfirm>
          <Button size="small" type="link" onClick={() => onDelete(message.id)} data-testid="live-chat-delete">{t('deleteMessage')}</Button>
        </div>
      )}
    </div>
  );
}
