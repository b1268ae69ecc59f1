// Study recorded from reading (issue 7 item 4: "A PDF or document viewer that records time spent.
// An article view that records reading."). A second counts while the page is visible and its
// window focused; the length is an estimated reading time (readingSeconds); progress is the counted
// seconds up to that length. The item finishes by the audio player's rule (finishRatio or the
// tenant's Study finishAudio percent, spec shell §4) and, for an article, once its end has been
// scrolled into view; finished never reverts. Progress is saved on finishing, every 30 s, on
// leaving the page and when the view goes away, through the same saver as audio and video.
import { useEffect, type RefObject } from 'react';
import { getProgress, taskLogFields, type ProgressResponse, type StudyRecord } from '../../../api/hist';
import { currentSaver } from '../../../services/audio/study-saver';
import { finishRatioOf, reachesFinish, TICK_MS } from '../../../lib/audio-rules';
import { useAppStore } from '../../../stores/app-store';

/** Saves while reading, as the video does while playing. */
export const READING_SAVE_EVERY_MS = 30_000;
/** Reading speed of the estimate, in characters a second. */
export const READ_CHARS_PER_SECOND = 8;
/** The shortest estimated article. */
export const MIN_ARTICLE_SECONDS = 30;
/** Seconds a PDF page is given, and a PDF of unknown length. */
export const PDF_PAGE_SECONDS = 60;
export const PDF_UNKNOWN_SECONDS = 120;

/** The estimated reading time: an article's characters / 8 (at least 30 s); a PDF's pages × 60 s, or 120 s. */
export function readingSeconds(doc: { kind: 'article'; text: string } | { kind: 'pdf'; pages?: number | null }): number {
  if (doc.kind === 'article') return Math.max(MIN_ARTICLE_SECONDS, Math.ceil(doc.text.replace(/\s+/g, ' ').trim().length / READ_CHARS_PER_SECOND));
  return doc.pages && doc.pages > 0 ? Math.round(doc.pages) * PDF_PAGE_SECONDS : PDF_UNKNOWN_SECONDS;
}

/** Whether the reader is there: the page visible and its window focused. */
export function readerPresent(doc: Document = document): boolean {
  return doc.visibilityState === 'visible' && (typeof doc.hasFocus !== 'function' || doc.hasFocus());
}

export interface ReadingStudyOptions {
  contentId: number;
  partId: number;
  courseId?: number | null;
  /** The learner's task the document is read in (issue 19 part A): saves carry logType task and userTaskId. */
  userTaskId?: number | null;
  /** The estimated reading time in seconds (readingSeconds). */
  duration: number;
  /** The item's share to finish (0–1, or a percent); else the tenant's finishAudio. */
  finishRatio?: number | null;
  tenantFinishAudio: number | null;
  /** An element at the end of an article: finishing needs it seen. null: nothing to scroll (a PDF). */
  endMarker: Element | null;
  /** Queue a save (the saver keeps it until acknowledged). */
  save(record: StudyRecord): void;
  /** The page is closing: send what is pending now. */
  leave(): void;
  /** The stored progress, or null for a guest. */
  fetchProgress(): Promise<ProgressResponse | null>;
  /** Whether a second counts now (default: readerPresent()). */
  present?(): boolean;
  now?(): number;
}

/** Follows the reading of one document; returns the function that stops following it (and saves). */
export function attachReadingStudy(opts: ReadingStudyOptions): () => void {
  const now = opts.now ?? (() => Date.now());
  const present = opts.present ?? (() => readerPresent());
  const ratio = finishRatioOf(opts.finishRatio, opts.tenantFinishAudio);
  const duration = Math.max(0, Math.round(opts.duration));
  let playTime = 0;
  let state: 1 | 2 = 1;
  let lastSave = now();
  let unsaved = false;
  // No IntersectionObserver (an old browser, a test DOM): the end counts as seen.
  let endSeen = opts.endMarker === null || typeof IntersectionObserver === 'undefined';

  const record = (): StudyRecord => ({
    contentId: opts.contentId, partId: opts.partId, progress: Math.min(playTime, duration), duration, playTime, state,
    savedAt: now(), courseId: opts.courseId ?? null, ...taskLogFields(opts.userTaskId),
  });
  const save = () => {
    lastSave = now();
    unsaved = false;
    opts.save(record());
  };
  /** Finishes (and saves at once) when the time and, for an article, the end are both there. */
  const checkFinish = () => {
    if (state === 2 || !endSeen || !reachesFinish(duration, playTime, ratio)) return false;
    state = 2;
    save();
    return true;
  };

  let observer: IntersectionObserver | null = null;
  if (!endSeen && opts.endMarker) {
    observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      endSeen = true;
      observer?.disconnect();
      observer = null;
      checkFinish();
    });
    observer.observe(opts.endMarker);
  }

  let stopped = false;
  void opts.fetchProgress().then((server) => {
    if (stopped || !server) return;
    playTime = Math.max(playTime, server.playTime);
    if (server.state === 2) state = 2;
  }, () => undefined);

  const ticker = setInterval(() => {
    if (!present()) return;
    playTime += 1;
    unsaved = true;
    if (checkFinish()) return;
    if (now() - lastSave >= READING_SAVE_EVERY_MS) save();
  }, TICK_MS);

  const onLeave = () => {
    if (unsaved) save();
    opts.leave();
  };
  window.addEventListener('pagehide', onLeave);

  return () => {
    stopped = true;
    clearInterval(ticker);
    observer?.disconnect();
    window.removeEventListener('pagehide', onLeave);
    if (unsaved) save();
  };
}

/**
 * Records the reading of a content (or part) while the component is mounted and `enabled` (the
 * document is shown). `endRef`: the article's end marker; omit it for a PDF.
 */
export function useReadingStudy(
  item: { contentId: number; partId: number; courseId?: number | null; userTaskId?: number | null; duration: number; enabled: boolean },
  endRef?: RefObject<Element | null>,
): void {
  const tenantFinishAudio = useAppStore((s) => s.site.finishAudio);
  const { contentId, partId, courseId, userTaskId, duration, enabled } = item;
  useEffect(() => {
    if (!enabled || !currentSaver()) return undefined;
    const endMarker = endRef ? endRef.current : null;
    if (endRef && !endMarker) return undefined;
    return attachReadingStudy({
      contentId, partId, courseId: courseId ?? null, userTaskId: userTaskId ?? null, duration, tenantFinishAudio, endMarker,
      save: (record) => void currentSaver()?.save(record),
      leave: () => currentSaver()?.leave(),
      fetchProgress: async () => (currentSaver() ? getProgress(contentId, partId) : null),
    });
  }, [endRef, contentId, partId, courseId, userTaskId, duration, enabled, tenantFinishAudio]);
}
