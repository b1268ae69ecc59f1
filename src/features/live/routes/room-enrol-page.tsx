// /chatRoom/detail/baseInfo/{id} (spec learning §2: live enrol): the room's cover, teacher, start,
// state and notice; enrol when the room needs it (a live one: enrol and enter at once), then into
// the room. A room that needs no enrolment (or one already enrolled in) offers the way in at once.
import { Button, Result, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { showMessage } from '../../../components/feedback/feedback';
import { useEnrol, useRoomDetail } from '../api/use-room';
import { positiveId, StateTag } from '../components/live-room';
import { useLiveTexts } from '../components/texts';
import '../components/live.css';

export default function RoomEnrolPage() {
  const t = useLiveTexts();
  const navigate = useNavigate();
  const { id: rawId } = useParams();
  const id = positiveId(rawId);
  const detail = useRoomDetail(id);
  const enrol = useEnrol(id ?? 0);
  const back = <Link to="/home">‹ {t('back')}</Link>;

  if (id === null || (detail.error instanceof ApiError && detail.error.code === 404)) {
    return <Result status="404" title={t('notFound')} subTitle={t('notFoundHint', { id: rawId ?? '' })} extra={back} />;
  }
  if (detail.isError) {
    return <Result status="error" title={t('loadFailed')} subTitle={detail.error.message} extra={<Button type="primary" onClick={() => void detail.refetch()}>{t('retry')}</Button>} />;
  }
  const room = detail.data;
  if (!room) return <div className="live-enrol" aria-busy="true"><Skeleton.Image active /><Skeleton active /></div>;

  const enter = () => void navigate(`/chatRoom/detail/${room.id}`);
  // A live room: enrol and go in at once (quickEnter). A later one: enrol and stay; the way in shows.
  const live = room.liveState === 'live';
  const onEnrol = () => enrol.mutate(live, {
    onSuccess: () => {
      showMessage('success', t('enrolDone'));
      if (live) enter();
    },
  });
  return (
    <article className="live-enrol" data-testid="live-enrol" data-room-id={room.id}>
      {room.cover ? <img className="live-enrol__cover" src={room.cover} alt="" /> : <div className="live-enrol__cover" />}
      <div>
        <h1 data-testid="live-enrol-title">{room.title}</h1>
        <div className="live-enrol__facts">
          <div><StateTag state={room.liveState} /> {room.needEnroll ? t('enrolNeeded') : t('enrolNotNeeded')}</div>
          <div>{t('startsAt', { time: dayjs(room.startTime).format('YYYY-MM-DD HH:mm') })}</div>
          {(room.teacher?.name ?? room.teacherName) && <div>{t('teacher')}: {room.teacher?.name ?? room.teacherName}{room.teacher?.title ? ` · ${room.teacher.title}` : ''}</div>}
          <div>{t('enrolCount', { n: room.enrolCount })}</div>
          {room.canManage && <div><Tag color="gold">{t('manageHint')}</Tag></div>}
        </div>
        {room.summary && <section className="live-room__card"><h2>{t('intro')}</h2><p style={{ margin: 0 }}>{room.summary}</p></section>}
        {room.notice && <section className="live-room__card"><h2>{t('notice')}</h2><p className="live-room__notice">{room.notice}</p></section>}
        <div className="live-enrol__buttons">
          {room.canWatch ? (
            <>
              {room.enrolled && <Tag color="green" data-testid="live-enrolled">{t('enrolled')}</Tag>}
              <Button type="primary" size="large" onClick={enter} data-testid="live-enter">{t('enterRoom')}</Button>
            </>
          ) : (
            <Button type="primary" size="large" loading={enrol.isPending} onClick={onEnrol} data-testid="live-enrol-button">{live ? t('enrolAndEnter') : t('enrol')}</Button>
          )}
        </div>
      </div>
    </article>
  );
}
