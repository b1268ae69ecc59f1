// How the course page reads study records (spec learning §3 "Progress response", §4 "Study state
// per content"): each lesson's state from its content's records, the lesson to continue with, and
// the queue of audio lessons the floating player gets. Pure, so the rules are tested on their own.
import type { ProgressResponse } from '../../../api/hist';
import { contentPage, type AudioTrack } from '../../../lib/audio-handoff';
import type { CourseDetail, CourseLesson, CoursePhase } from '../api/course-detail';

/** A lesson's study state: not started, studying (with the share reached) or finished. */
export interface LessonStudy {
  status: 'new' | 'studying' | 'finished';
  /** 0–100. */
  percentage: number;
  /** Client epoch ms of the latest save; 0 without a record. */
  savedAt: number;
}

const NOT_STARTED: LessonStudy = { status: 'new', percentage: 0, savedAt: 0 };

/**
 * The state of a content from its records. The whole-content record (part 0) decides when there is
 * one, as the server's finishedCount does; a content studied only by parts shows as studying with
 * its furthest part's share (finishing every part is counted by the server, which knows the parts).
 */
export function studyOf(records: readonly ProgressResponse[], contentId: number | null): LessonStudy {
  if (contentId === null) return NOT_STARTED;
  const own = records.filter((r) => r.contentId === contentId);
  if (own.length === 0) return NOT_STARTED;
  const savedAt = Math.max(...own.map((r) => r.savedAt));
  const whole = own.find((r) => r.partId === 0);
  // spec learning §4: finished never reverts, so maxState (not the latest state) decides.
  if (whole && Math.max(whole.maxState, whole.state) >= 2) return { status: 'finished', percentage: 100, savedAt };
  const percentage = whole ? whole.percentage : Math.max(...own.map((r) => r.percentage));
  return { status: 'studying', percentage: Math.min(100, Math.max(0, percentage)), savedAt };
}

/** Every lesson in course order with its chapter. */
export function lessonsOf(phases: readonly CoursePhase[]): CourseLesson[] {
  return phases.flatMap((phase) => phase.contents);
}

/**
 * True when a lesson can be opened: it has a published content (the server sends its purpose only
 * then), and an audio lesson has its recording.
 */
export function isOpenable(lesson: CourseLesson): boolean {
  if (lesson.contentId === null || lesson.purpose === null) return false;
  return lesson.kind !== 'audio' || Boolean(lesson.mediaUrl?.trim());
}

/** Whether the learner starts, continues or reviews the course, and the lesson the button opens. */
export interface NextLesson {
  mode: 'start' | 'continue' | 'review';
  lesson: CourseLesson;
}

/**
 * Continue where you left off (issue 7): the unfinished lesson saved most recently; without one,
 * the first unfinished lesson in order; when all are finished, the first lesson again. Only lessons
 * that can be opened count. null when none can.
 */
export function nextLesson(phases: readonly CoursePhase[], records: readonly ProgressResponse[]): NextLesson | null {
  const openable = lessonsOf(phases).filter(isOpenable);
  if (openable.length === 0) return null;
  const studied = openable.map((lesson) => ({ lesson, study: studyOf(records, lesson.contentId) }));
  const started = studied.some((s) => s.study.status !== 'new');
  const unfinished = studied.filter((s) => s.study.status !== 'finished');
  if (unfinished.length === 0) return { mode: 'review', lesson: openable[0]! };
  const latest = unfinished.reduce<(typeof unfinished)[number] | null>(
    (best, s) => (s.study.savedAt > 0 && (best === null || s.study.savedAt > best.study.savedAt) ? s : best), null);
  return { mode: started ? 'continue' : 'start', lesson: (latest ?? unfinished[0]!).lesson };
}

/** The course page's own address, where the player's title leads back to. */
export function coursePage(courseId: number): { pageUrl: string; pageQuery: Record<string, string> | null } {
  return { pageUrl: `/course/detail/${courseId}`, pageQuery: null };
}

/** The floating player's queue: every playable audio lesson of the course, in order, and each lesson's index in it. */
export interface CourseAudioQueue {
  tracks: AudioTrack[];
  /** Lesson id → index into tracks. */
  indexOf: Map<number, number>;
}

/**
 * The audio lessons as player tracks. courseId is set, so the player saves them through the
 * signed course log (courseLog with the course's logKey); each is the whole content (part 0).
 */
export function courseAudioQueue(course: CourseDetail, phases: readonly CoursePhase[]): CourseAudioQueue {
  const tracks: AudioTrack[] = [];
  const indexOf = new Map<number, number>();
  const { pageUrl, pageQuery } = coursePage(course.id);
  for (const lesson of lessonsOf(phases)) {
    if (lesson.kind !== 'audio' || !isOpenable(lesson)) continue;
    indexOf.set(lesson.id, tracks.length);
    tracks.push({
      id: lesson.contentId!, partId: 0, title: lesson.title, mediaUrl: lesson.mediaUrl, cover: course.cover,
      author: course.teacher?.name ?? null, duration: lesson.duration, ...(lesson.purpose === null ? {} : { purpose: lesson.purpose }),
      courseId: course.id, pageUrl, pageQuery, permissionFlag: 1,
    });
  }
  return { tracks, indexOf };
}

/**
 * Where a non-audio lesson opens: its content's detail page (spec learning §2 "Details"), with the
 * course in the query (courseId), so the page logs the study as this course's (courseLog).
 */
export function lessonTarget(lesson: CourseLesson, courseId: number): { pathname: string; search: string } | null {
  if (lesson.contentId === null) return null;
  const { pageUrl, pageQuery } = contentPage(lesson.contentId, lesson.purpose ?? undefined);
  return { pathname: pageUrl, search: `?${new URLSearchParams({ ...pageQuery, courseId: String(courseId) }).toString()}` };
}
