// The course detail (spec learning §2 "Login required": /course/detail/{id}; "Sub-home, shop and
// content": /sub_cm/course/detail?id=): the course, the learner's progress on it with "continue
// where you left off", and its chapters with each lesson's state (issue 7 item 3). Audio lessons
// play in the floating player as lessons of the course, so their progress goes through the signed
// course log (issue 7 item 4); other lessons open their content's detail page. The records are read
// again when the window regains focus and while the player is playing one of the lessons.
import { Button, Skeleton } from 'antd';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { playAudio, requestAudioSync } from '../../../lib/audio-handoff';
import { rememberGoback, useGoback } from '../../../lib/goback';
import { loginPath } from '../../../lib/login-path';
import { selectCurrentMusic, useMusicStore } from '../../../stores/music-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { useCourseDetail, useCoursePhases, useCourseRecord, type CourseLesson } from '../api/course-detail';
import { CourseAside, CourseDetailHeader, CourseIntro, CourseProgress, type RecordView } from '../components/course-detail-header';
import { CourseCatalogue, type LessonActions } from '../components/course-detail-lessons';
import { courseAudioQueue, lessonTarget, nextLesson, type NextLesson } from '../components/course-detail-study';
import { useCourseDetailTexts } from '../components/course-detail-texts';
import { detailStateView } from '../components/detail-states';
import { AttachmentList } from '../components/attachment-list';
import { SocialPanel } from '../components/social-panel';
import { RelatedItems } from '../components/related-items';

/** A positive integer from the address, or null. */
function positive(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** How long after the player pauses or finishes a lesson the records are read again: its save is on the way. */
const AFTER_SAVE_MS = 1500;

/**
 * What the floating player is doing with this course: the content it has current (when that item is
 * a lesson of the course), whether it plays, and a signature that changes whenever the player saves
 * (pause, stop, finish, another lesson).
 */
function usePlayerOnCourse(courseId: number | null) {
  const current = useMusicStore(selectCurrentMusic);
  const playStatus = useMusicStore((s) => s.playStatus);
  const ours = courseId !== null && current !== null && current.courseId === courseId;
  return {
    contentId: ours ? current.id : null,
    playing: ours && playStatus === 'playing',
    signature: ours ? `${current.key}:${current.state}:${playStatus}` : '',
  };
}

export default function CourseDetailPage() {
  const t = useCourseDetailTexts();
  const navigate = useNavigate();
  const { id: pathId } = useParams();
  const [search] = useSearchParams();
  const rawId = pathId ?? search.get('id');
  const id = positive(rawId);
  const info = useCourseDetail(id);
  const phasesQuery = useCoursePhases(id);
  const player = usePlayerOnCourse(id);
  const signedIn = useUserStore(selectUserId) !== null;
  const location = useLocation();
  // A guest (the public /sub_cm/course/detail address) has no records to read: they are asked to sign in.
  const record = useCourseRecord(signedIn ? id : null, player.playing);
  // spec shell §4 "Leaving a detail page": back to the list the course was opened from.
  const { target: backTo } = useGoback('course', '/course');

  // The player saved (paused, finished, moved on): read the records once its save has landed.
  const { refetch: refetchRecord } = record;
  const lastSignature = useRef(player.signature);
  useEffect(() => {
    if (player.signature === lastSignature.current) return;
    lastSignature.current = player.signature;
    const timer = window.setTimeout(() => void refetchRecord(), AFTER_SAVE_MS);
    return () => window.clearTimeout(timer);
  }, [player.signature, refetchRecord]);

  // Opened while the player holds one of the lessons: ask it to save now (spec learning §4: progress
  // is saved on a sync request), then read the records with that save in them.
  const holdsLesson = player.contentId !== null;
  const holdsLessonAtOpen = useRef(holdsLesson);
  useEffect(() => {
    if (!holdsLessonAtOpen.current) return;
    requestAudioSync();
    const timer = window.setTimeout(() => void refetchRecord(), AFTER_SAVE_MS);
    return () => window.clearTimeout(timer);
  }, [id, refetchRecord]);

  const course = info.data;
  const phases = phasesQuery.data;
  const records = record.data?.records;
  const queue = useMemo(() => (course && phases ? courseAudioQueue(course, phases) : null), [course, phases]);
  const next = useMemo(() => (phases ? nextLesson(phases, records ?? []) : null), [phases, records]);

  // A content opened from here goes back here (its back action reads the content slot).
  const here = pathId !== undefined ? `/course/detail/${pathId}` : `/sub_cm/course/detail?id=${rawId ?? ''}`;
  const leaving = useCallback(() => rememberGoback('content', here), [here]);

  const play = useCallback((lesson: CourseLesson) => {
    const index = queue?.indexOf.get(lesson.id);
    if (queue && index !== undefined) playAudio(queue.tracks, index);
  }, [queue]);

  const open = useCallback((chosen: NextLesson) => {
    const { lesson } = chosen;
    if (lesson.kind === 'audio') {
      play(lesson);
      return;
    }
    const to = id === null ? null : lessonTarget(lesson, id);
    if (to) {
      leaving();
      void navigate(to);
    }
  }, [play, leaving, navigate, id]);

  const actions: LessonActions = useMemo(() => ({ play, leaving, playingContentId: player.contentId, courseId: id ?? 0 }), [play, leaving, player.contentId, id]);

  const back = <Link to={backTo} data-testid="course-detail-back">‹ {t('back')}</Link>;
  const notFound = id === null || (info.error instanceof ApiError && info.error.errorCode === 'COURSE_NOT_FOUND');

  let body = detailStateView({
    notFound, error: info.isError ? info.error : null, pending: info.isPending,
    retry: () => void info.refetch(), back, loadingTestId: 'course-detail-loading',
    texts: { notFound: t('notFound'), notFoundHint: t('notFoundHint', { id: rawId ?? '' }), loadFailed: t('loadFailed'), retry: t('retry') },
  });
  if (!body && info.data) {
    const view: RecordView = !signedIn
      ? { state: 'guest', loginTo: loginPath(`${location.pathname}${location.search}`) }
      : record.isSuccess
        ? { state: 'ready', finishedCount: record.data.finishedCount, lessonCount: record.data.lessonCount, percentage: record.data.percentage }
        : record.isError ? { state: 'error', retry: () => void record.refetch() } : { state: 'loading' };
    body = (
      <article data-testid="course-detail" data-course-id={info.data.id}>
        <CourseDetailHeader course={info.data}>
          <CourseProgress record={view} next={next} onOpen={open} />
        </CourseDetailHeader>
        <div className="course-detail__body">
          <div className="course-detail__main">
            <section className="course-detail__card">
              {phasesQuery.isPending && <Skeleton active title={false} paragraph={{ rows: 6 }} />}
              {phasesQuery.isError && (
                <p role="alert" style={{ margin: 0 }}>
                  {t('phasesFailed')} <Button size="small" onClick={() => void phasesQuery.refetch()}>{t('retry')}</Button>
                </p>
              )}
              {phases && <CourseCatalogue phases={phases} records={records ?? []} actions={actions} />}
            </section>
            <CourseIntro course={info.data} />
            <AttachmentList targetType="course" targetId={info.data.id} />
            <section className="course-detail__card"><SocialPanel targetType="course" targetId={info.data.id} /></section>
          </div>
          <CourseAside course={info.data} />
        </div>
        <RelatedItems kind="course" id={info.data.id} />
      </article>
    );
  }

  return (
    <div className="course-detail-page" data-testid="course-detail-page">
      <nav className="course-detail-page__crumbs" aria-label={t('title')}>
        {back}
        <span aria-hidden="true">/</span>
        <span className="course-detail-kicker">{t('title')}</span>
      </nav>
      {info.data ? body : <div className="course-detail__card">{body}</div>}
    </div>
  );
}
