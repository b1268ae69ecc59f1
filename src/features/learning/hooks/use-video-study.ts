// Study recorded from a video (issue 7 item 4): watched seconds are counted each second the video
// really plays, the item finishes by the audio player's rule (finishRatio or the tenant's Study
// finishAudio percent of the duration, minus watched seconds, ≤ 2 s; never reverts), and progress is
// saved on pause, at the end, every 30 s while playing, on leaving the page and when the video goes
// away. A video opened again resumes where the learner stopped. Saves go through the same
// never-lost saver as the audio player (src/services/audio/progress-saver.ts).
import { useEffect } from 'react';
import { getProgress, taskLogFields, type ProgressResponse, type StudyRecord } from '../../../api/hist';
import { currentSaver } from '../../../services/audio/study-saver';
import { finishRatioOf, reachesFinish, TICK_MS } from '../../../lib/audio-rules';
import { useAppStore } from '../../../stores/app-store';

/** issue 7: "saves progress on pause, on leave and every 30 s while playing". */
export const VIDEO_SAVE_EVERY_MS = 30_000;

/** A position this close to the end is not resumed (the learner would see only the last frame). */
const RESUME_END_MARGIN_S = 3;

export interface VideoStudyOptions {
  contentId: number;
  partId: number;
  courseId?: number | null;
  /** The learner's task the video is watched in (issue 19 part A): saves carry logType task and userTaskId. */
  userTaskId?: number | null;
  /** The item's share to finish (0–1, or a percent); else the tenant's finishAudio. */
  finishRatio?: number | null;
  tenantFinishAudio: number | null;
  /** Queue a save (the saver keeps it until acknowledged). */
  save(record: StudyRecord): void;
  /** The page is closing: send what is pending now. */
  leave(): void;
  /** The stored progress, or null for a guest. */
  fetchProgress(): Promise<ProgressResponse | null>;
  now?(): number;
}

/** Follows one video element; returns the function that stops following it (and saves). */
export function attachVideoStudy(video: HTMLVideoElement, opts: VideoStudyOptions): () => void {
  const now = opts.now ?? (() => Date.now());
  const ratio = finishRatioOf(opts.finishRatio, opts.tenantFinishAudio);
  let playTime = 0;
  let state: 1 | 2 = 1;
  let lastSave = now();
  let resumeAt: number | null = null;
  let touched = false;

  const duration = () => (Number.isFinite(video.duration) && video.duration > 0 ? video.duration : 0);
  const record = (): StudyRecord => {
    const length = Math.floor(duration());
    const position = Math.floor(video.currentTime || 0);
    return {
      contentId: opts.contentId, partId: opts.partId, progress: length > 0 ? Math.min(position, length) : position,
      duration: length, playTime, state, savedAt: now(), courseId: opts.courseId ?? null, ...taskLogFields(opts.userTaskId),
    };
  };
  const save = () => {
    lastSave = now();
    opts.save(record());
  };

  const resume = () => {
    if (resumeAt === null || duration() === 0) return;
    if (resumeAt > 0 && resumeAt < duration() - RESUME_END_MARGIN_S && video.currentTime < 1) video.currentTime = resumeAt;
    resumeAt = null;
  };

  let stopped = false;
  void opts.fetchProgress().then((server) => {
    if (stopped || !server) return;
    playTime = Math.max(playTime, server.playTime);
    if (server.state === 2) state = 2;
    resumeAt = server.progress;
    resume();
  }, () => undefined);

  const ticker = setInterval(() => {
    if (video.paused || video.ended || video.readyState < 3) return;
    touched = true;
    playTime += 1;
    if (state !== 2 && reachesFinish(duration(), playTime, ratio)) {
      state = 2;
      save();
      return;
    }
    if (now() - lastSave >= VIDEO_SAVE_EVERY_MS) save();
  }, TICK_MS);

  const onPause = () => {
    if (touched && !video.ended) save();
  };
  const onEnded = () => save();
  const onLeave = () => {
    if (touched) save();
    opts.leave();
  };
  video.addEventListener('loadedmetadata', resume);
  video.addEventListener('pause', onPause);
  video.addEventListener('ended', onEnded);
  window.addEventListener('pagehide', onLeave);

  return () => {
    stopped = true;
    clearInterval(ticker);
    video.removeEventListener('loadedmetadata', resume);
    video.removeEventListener('pause', onPause);
    video.removeEventListener('ended', onEnded);
    window.removeEventListener('pagehide', onLeave);
    if (touched) save();
  };
}

/**
 * Records the study of `video` for a content part while it is mounted. Keyed by the element, so a
 * player that replaces its element (a retry, another part) is followed on the new one.
 */
export function useVideoStudy(video: HTMLVideoElement | null, item: { contentId: number; partId: number; courseId?: number | null; userTaskId?: number | null }): void {
  const tenantFinishAudio = useAppStore((s) => s.site.finishAudio);
  const { contentId, partId, courseId, userTaskId } = item;
  useEffect(() => {
    if (!video) return undefined;
    return attachVideoStudy(video, {
      contentId, partId, courseId: courseId ?? null, userTaskId: userTaskId ?? null, tenantFinishAudio,
      save: (record) => void currentSaver()?.save(record),
      leave: () => currentSaver()?.leave(),
      fetchProgress: async () => (currentSaver() ? getProgress(contentId, partId) : null),
    });
  }, [video, contentId, partId, courseId, userTaskId, tenantFinishAudio]);
}
