// The subject (topic) detail (spec learning §2 "Details": /subject/detail/{id}; "Sub-home, shop and
// content": /sub_cm/subject/detail?id=): the subject, the signed-in learner's progress across it
// (已学 n/m from getCourseRecord with subjectId), and its courses and contents in order with each
// content's state (issue 7 item 3). Public: a guest sees the subject and a way to sign in for the
// progress. A course opens its detail page; audio contents play in the floating player as contents
// of the subject, so their progress goes through the signed course log (issue 7 item 4); other
// contents open their detail page. The records are read again when the window regains focus and
// while the player is playing one of the subject's contents.
import { Button, Skeleton } from 'antd';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { playAudio, requestAudioSync } from '../../../lib/audio-handoff';
import { rememberGoback, useGoback } from '../../../lib/goback';
import { selectCurrentMusic, useMusicStore } from '../../../stores/music-store';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { useSubjectDetail, useSubjectItems, useSubjectRecord, type SubjectEntry } from '../api/subject-detail';
import { detailStateView } from '../components/detail-states';
import { AttachmentList } from '../components/attachment-list';
import { SocialPanel } from '../components/social-panel';
import { RelatedItems } from '../components/related-items';
import { SubjectDetailHeader, SubjectProgress, type SubjectRecordView } from '../components/subject-detail-header';
import { SubjectItemList, type ItemActions } from '../components/subject-detail-items';
import { subjectAudioQueue } from '../components/subject-detail-study';
import { useSubjectDetailTexts } from '../components/subject-detail-texts';

/** A positive integer from the address, or null. */
function positive(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** How long after the player pauses or finishes a content the records are read again: its save is on the way. */
const AFTER_SAVE_MS = 1500;

const NO_RECORDS: never[] = [];

/** What the floating player is doing with this subject: its current content (when it is one of the subject's), whether it plays, and a signature that changes on every save. */
function usePlayerOnSubject(subjectId: number | null) {
  const current = useMusicStore(selectCurrentMusic);
  const playStatus = useMusicStore((s) => s.playStatus);
  const ours = subjectId !== null && current !== null && current.subjectId === subjectId;
  return {
    contentId: ours ? current.id : null,
    playing: ours && playStatus === 'playing',
    signature: ours ? `${current.key}:${current.state}:${playStatus}` : '',
  };
}

export default function SubjectDetailPage() {
  const t = useSubjectDetailTexts();
  const { id: pathId } = useParams();
  const [search] = useSearchParams();
  const rawId = pathId ?? search.get('id');
  const id = positive(rawId);
  const signedIn = useUserStore(selectSignedIn);
  const info = useSubjectDetail(id);
  const itemsQuery = useSubjectItems(id);
  const player = usePlayerOnSubject(id);
  const record = useSubjectRecord(id, signedIn, player.playing);
  // spec shell §4 "Leaving a detail page": back to the list the subject was opened from.
  const { target: backTo } = useGoback('subject', '/subject');

  // The player saved (paused, finished, moved on): read the records once its save has landed.
  const { refetch: refetchRecord } = record;
  const lastSignature = useRef(player.signature);
  useEffect(() => {
    if (player.signature === lastSignature.current) return;
    lastSignature.current = player.signature;
    if (!signedIn) return;
    const timer = window.setTimeout(() => void refetchRecord(), AFTER_SAVE_MS);
    return () => window.clearTimeout(timer);
  }, [player.signature, refetchRecord, signedIn]);

  // Opened while the player holds one of the contents: ask it to save now (spec learning §4: progress
  // is saved on a sync request), then read the records with that save in them.
  const holdsContentAtOpen = useRef(player.contentId !== null);
  useEffect(() => {
    if (!holdsContentAtOpen.current || !signedIn) return;
    requestAudioSync();
    const timer = window.setTimeout(() => void refetchRecord(), AFTER_SAVE_MS);
    return () => window.clearTimeout(timer);
  }, [id, refetchRecord, signedIn]);

  const subject = info.data;
  const items = itemsQuery.data;
  const queue = useMemo(() => (subject && items ? subjectAudioQueue(subject, items) : null), [subject, items]);

  // A course or content opened from here goes back here (its back action reads its own slot).
  const here = pathId !== undefined ? `/subject/detail/${pathId}` : `/sub_cm/subject/detail?id=${rawId ?? ''}`;
  const leaving = useCallback((item: SubjectEntry) => rememberGoback(item.kind === 'course' ? 'course' : 'content', here), [here]);

  const play = useCallback((item: SubjectEntry) => {
    const index = queue?.indexOf.get(item.id);
    if (queue && index !== undefined) playAudio(queue.tracks, index);
  }, [queue]);

  const records = signedIn ? (record.data?.records ?? NO_RECORDS) : null;
  const actions: ItemActions = useMemo(
    () => ({ play, leaving, playingContentId: player.contentId, records }),
    [play, leaving, player.contentId, records],
  );

  const back = <Link to={backTo} data-testid="subject-detail-back">‹ {t('back')}</Link>;
  const notFound = id === null || (info.error instanceof ApiError && info.error.errorCode === 'SUBJECT_NOT_FOUND');

  let body = detailStateView({
    notFound, error: info.isError ? info.error : null, pending: info.isPending,
    retry: () => void info.refetch(), back, loadingTestId: 'subject-detail-loading',
    texts: { notFound: t('notFound'), notFoundHint: t('notFoundHint', { id: rawId ?? '' }), loadFailed: t('loadFailed'), retry: t('retry') },
  });
  if (!body && subject) {
    let view: SubjectRecordView;
    if (!signedIn) view = { state: 'guest' };
    else if (record.isSuccess) view = { state: 'ready', finishedCount: record.data.finishedCount, lessonCount: record.data.lessonCount };
    else if (record.isError) view = { state: 'error', retry: () => void record.refetch() };
    else view = { state: 'loading' };
    body = (
      <article data-testid="subject-detail" data-subject-id={subject.id}>
        <SubjectDetailHeader subject={subject}>
          <SubjectProgress record={view} />
        </SubjectDetailHeader>
        {itemsQuery.isPending && <Skeleton active title={false} paragraph={{ rows: 6 }} style={{ marginTop: 32 }} />}
        {itemsQuery.isError && (
          <p role="alert" style={{ margin: '32px 0 0' }}>
            {t('itemsFailed')} <Button size="small" onClick={() => void itemsQuery.refetch()}>{t('retry')}</Button>
          </p>
        )}
        {items && <SubjectItemList items={items} actions={actions} />}
        <AttachmentList targetType="subject" targetId={subject.id} />
        <SocialPanel targetType="subject" targetId={subject.id} />
        <RelatedItems kind="subject" id={subject.id} />
      </article>
    );
  }

  return (
    <div className="subject-detail-page" data-testid="subject-detail-page" style={{ padding: '24px 0 48px' }}>
      <nav style={{ display: 'flex', gap: 12, alignItems: 'baseline', margin: '0 0 16px' }} aria-label={t('title')}>
        {back}
        <span style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>/</span>
        <span className="subject-detail-kicker">{t('title')}</span>
      </nav>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '24px 32px' }}>{body}</div>
    </div>
  );
}
