// One live room (spec learning §2: /chatRoom/detail/{id}, /chatRoom/txTest/{id},
// /chatRoom/vhallLive/{id}): the player by state, the chat, the audience count and the room's
// notice, in one of three layouts of the same room: 'side' (chat beside the player), 'below' (chat
// under the player) and 'compact' (one narrow column with chat / notice tabs, like a phone).
// A viewer who may not watch yet (the room needs enrolment) is sent to the enrol page. While the
// page is open the viewer is present (enter every 30 s, leave on the way out). The teacher of the
// room starts and stops the live, edits the notice, and mutes / removes in the chat.
import { Alert, Button, Input, Modal, Popconfirm, Result, Skeleton, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import type { RoomDetail } from '../../../api/train-rooms';
import { showMessage } from '../../../components/feedback/feedback';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { useAudience, usePresence, useRoomDetail, useTeacherActions } from '../api/use-room';
import type { SocketFactory } from '../chat/use-live-chat';
import { ChatPanel } from './chat-panel';
import { RoomStage } from './room-stage';
import { useLiveTexts } from './texts';
import './live.css';

/** The three layouts of a room. */
export type RoomLayout = 'side' | 'below' | 'compact';

const LAYOUT_PATHS: Record<RoomLayout, string> = { side: '/chatRoom/detail', below: '/chatRoom/txTest', compact: '/chatRoom/vhallLive' };

/** A positive integer id from the path, else null. */
export const positiveId = (raw: string | undefined) => (raw !== undefined && /^\d+$/.test(raw) && Number(raw) > 0 && Number.isSafeInteger(Number(raw)) ? Number(raw) : null);

/** The state tag of a room. */
export function StateTag({ state }: { state: RoomDetail['liveState'] }) {
  const t = useLiveTexts();
  const colour = state === 'live' ? 'red' : state === 'upcoming' ? 'blue' : 'default';
  return <Tag color={colour} data-testid="live-state" data-state={state}>{t(state)}</Tag>;
}

function TeacherControls({ room }: { room: RoomDetail }) {
  const t = useLiveTexts();
  const { start, stop, update } = useTeacherActions(room.id);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState(room.notice ?? '');
  return (
    <div className="live-room__teacher" data-testid="live-teacher-controls">
      {room.liveState === 'upcoming' && (
        <Popconfirm title={t('startConfirm')} okText={t('confirm')} cancelText={t('cancel')} onConfirm={() => start.mutate(undefined, { onSuccess: () => showMessage('success', t('started')) })}>
          <Button type="primary" danger loading={start.isPending} data-testid="live-start">{t('startLive')}</Button>
        </Popconfirm>
      )}
      {room.liveState === 'live' && (
        <Popconfirm title={t('stopConfirm')} okText={t('confirm')} cancelText={t('cancel')} onConfirm={() => stop.mutate(undefined, { onSuccess: () => showMessage('success', t('stopped')) })}>
          <Button danger loading={stop.isPending} data-testid="live-stop">{t('stopLive')}</Button>
        </Popconfirm>
      )}
      <Button onClick={() => { setNotice(room.notice ?? ''); setEditing(true); }} data-testid="live-edit">{t('editRoom')}</Button>
      <Modal
        open={editing} title={t('editRoom')} okText={t('save')} cancelText={t('cancel')} confirmLoading={update.isPending}
        onCancel={() => setEditing(false)}
        onOk={() => update.mutate({ notice: notice.trim() ? notice.trim() : null }, { onSuccess: () => { setEditing(false); showMessage('success', t('saved')); } })}
      >
        <Input.TextArea value={notice} onChange={(e) => setNotice(e.target.value)} maxLength={2000} rows={5} aria-label={t('notice')} data-testid="live-notice-input" />
      </Modal>
    </div>
  );
}

function NoticeCard({ room }: { room: RoomDetail }) {
  const t = useLiveTexts();
  return (
    <section className="live-room__card" data-testid="live-notice">
      <h2>{t('notice')}</h2>
      <p className="live-room__notice">{room.notice?.trim() ? room.notice : t('noNotice')}</p>
    </section>
  );
}

function IntroCard({ room }: { room: RoomDetail }) {
  const t = useLiveTexts();
  const teacher = room.teacher ?? (room.teacherName ? { name: room.teacherName, title: null, avatar: room.teacherAvatar, id: room.teacherId ?? 0 } : null);
  return (
    <section className="live-room__card">
      <h2>{t('intro')}</h2>
      {teacher && (
        <div className="live-room__teacher-card">
          {teacher.avatar && <img src={teacher.avatar} alt="" width={40} height={40} />}
          <div><strong>{teacher.name}</strong>{teacher.title && <div className="live-room__muted">{teacher.title}</div>}</div>
        </div>
      )}
      <p className="live-room__muted">{t('startsAt', { time: dayjs(room.startTime).format('YYYY-MM-DD HH:mm') })}</p>
      {room.summary && <p>{room.summary}</p>}
    </section>
  );
}

/** The room page body for a layout. */
export function LiveRoom({ layout, socketFactory }: { layout: RoomLayout; socketFactory?: SocketFactory }) {
  const t = useLiveTexts();
  const { id: rawId } = useParams();
  const id = positiveId(rawId);
  const uid = useUserStore(selectUserId);
  const detail = useRoomDetail(id);
  const room = detail.data;
  const watching = Boolean(room?.canWatch);
  const presence = usePresence(id ?? 0, id !== null && watching);
  const audience = useAudience(id ?? 0, id !== null && watching && presence.isSuccess);
  const back = <Link to="/home">‹ {t('back')}</Link>;

  if (id === null || (detail.error instanceof ApiError && (detail.error.code === 404 || /ROOM_NOT_FOUND|NOT_FOUND/.test(detail.error.errorCode ?? '')))) {
    return <Result status="404" title={t('notFound')} subTitle={t('notFoundHint', { id: rawId ?? '' })} extra={back} />;
  }
  if (detail.isError) {
    return <Result status="error" title={t('loadFailed')} subTitle={detail.error.message} extra={<Button type="primary" onClick={() => void detail.refetch()}>{t('retry')}</Button>} />;
  }
  if (!room) {
    return <div className="live-room" aria-busy="true" data-testid="live-room-loading"><Skeleton.Node active style={{ width: 800, height: 450 }} /><Skeleton active /></div>;
  }
  // Not enrolled in a room that needs it: the enrol page first.
  if (!room.canWatch) return <Navigate to={`/chatRoom/detail/baseInfo/${room.id}`} replace />;

  const count = audience.data?.audience ?? room.audience;
  const head = (
    <header className="live-room__head">
      <div>
        <h1 data-testid="live-title">{room.title}</h1>
        <div className="live-room__facts">
          <StateTag state={room.liveState} />
          <span data-testid="live-audience" data-count={count}>{t('audience', { n: count })}</span>
          {room.teacherName && <span>{t('teacher')}: {room.teacherName}</span>}
        </div>
      </div>
      <div className="live-room__actions">
        {room.canManage && <TeacherControls room={room} />}
        <nav className="live-room__layouts" aria-label={t('layouts')}>
          {(['side', 'below', 'compact'] as const).map((l) => (
            <Link key={l} to={`${LAYOUT_PATHS[l]}/${room.id}`} aria-current={l === layout ? 'page' : undefined} className={l === layout ? 'live-room__layout live-room__layout--on' : 'live-room__layout'}>
              {t(l === 'side' ? 'layoutStandard' : l === 'below' ? 'layoutBelow' : 'layoutCompact')}
            </Link>
          ))}
        </nav>
      </div>
    </header>
  );
  const stage = <RoomStage room={room} uid={uid} onStreamGone={() => void detail.refetch()} />;
  const chat = <ChatPanel chatPath={presence.data?.chatPath ?? null} uid={uid} canManage={room.canManage} socketFactory={socketFactory} />;

  let body: ReactNode;
  if (layout === 'compact') {
    body = (
      <div className="live-room__compact">
        {stage}
        <Tabs
          className="live-room__tabs"
          items={[
            { key: 'chat', label: t('chat'), children: chat, forceRender: true },
            { key: 'notice', label: t('notice'), children: <><NoticeCard room={room} /><IntroCard room={room} /></> },
          ]}
        />
      </div>
    );
  } else if (layout === 'below') {
    body = (
      <div className="live-room__below">
        {stage}
        <div className="live-room__below-row">
          {chat}
          <aside><NoticeCard room={room} /><IntroCard room={room} /></aside>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="live-room__side">
        <div className="live-room__main">{stage}<IntroCard room={room} /></div>
        <aside className="live-room__aside"><NoticeCard room={room} />{chat}</aside>
      </div>
    );
  }
  return (
    <article className={`live-room live-room--${layout}`} data-testid="live-room" data-room-id={room.id} data-layout={layout}>
      {head}
      {/* Entering failed (the heartbeat keeps trying): say why, the chat waits for it. */}
      {presence.isError && !presence.data && (
        <Alert
          type="error" showIcon style={{ marginBottom: 16 }} title={t('enterFailed')} description={presence.error.message} data-testid="live-enter-error"
          action={<Button size="small" onClick={() => void presence.refetch()}>{t('retry')}</Button>}
        />
      )}
      {body}
    </article>
  );
}
