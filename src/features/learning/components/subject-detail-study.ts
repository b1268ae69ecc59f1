// How the subject page opens its items: a course opens its detail page; an audio content plays in
// the floating player as a content of the subject (subjectId set, so its progress goes through the
// signed course log with the subject's logKey); another content opens its detail page. Pure, so the
// rules are tested on their own. Each content's state comes from course-detail-study's studyOf.
import { contentPage, type AudioTrack } from '../../../lib/audio-handoff';
import type { SubjectDetail, SubjectEntry } from '../api/subject-detail';

/** The subject page's own address, where the player's title leads back to. */
export function subjectPage(subjectId: number): { pageUrl: string; pageQuery: Record<string, string> | null } {
  return { pageUrl: `/subject/detail/${subjectId}`, pageQuery: null };
}

/** True for a content of kind audio (it plays in the floating player, not on a page). */
const isAudio = (item: SubjectEntry) => item.kind === 'content' && item.contentKind === 'audio';

/**
 * True when an item can be opened: a course always (the server lists only published ones); a
 * content with its purpose (sent only when published), and an audio content with its recording.
 */
export function isItemOpenable(item: SubjectEntry): boolean {
  if (item.kind === 'course') return item.courseId !== null;
  if (item.contentId === null || item.purpose === null) return false;
  return !isAudio(item) || Boolean(item.mediaUrl?.trim());
}

/** Where a course or non-audio content opens (spec learning §2 "Details"); null for audio and for what cannot open. */
export function itemTarget(item: SubjectEntry): { pathname: string; search: string } | null {
  if (!isItemOpenable(item) || isAudio(item)) return null;
  if (item.kind === 'course') return { pathname: `/course/detail/${item.courseId}`, search: '' };
  const { pageUrl, pageQuery } = contentPage(item.contentId!, item.purpose ?? undefined);
  return { pathname: pageUrl, search: pageQuery ? `?${new URLSearchParams(pageQuery).toString()}` : '' };
}

/** The floating player's queue: every playable audio content of the subject, in order, and each item's index in it. */
export interface SubjectAudioQueue {
  tracks: AudioTrack[];
  /** Subject item id → index into tracks. */
  indexOf: Map<number, number>;
}

/** The audio contents as player tracks, each the whole content (part 0) of this subject. */
export function subjectAudioQueue(subject: SubjectDetail, items: readonly SubjectEntry[]): SubjectAudioQueue {
  const tracks: AudioTrack[] = [];
  const indexOf = new Map<number, number>();
  const { pageUrl, pageQuery } = subjectPage(subject.id);
  for (const item of items) {
    if (!isAudio(item) || !isItemOpenable(item)) continue;
    indexOf.set(item.id, tracks.length);
    tracks.push({
      id: item.contentId!, partId: 0, title: item.title, mediaUrl: item.mediaUrl, cover: item.cover ?? subject.cover,
      author: null, duration: item.duration, ...(item.purpose === null ? {} : { purpose: item.purpose }),
      subjectId: subject.id, pageUrl, pageQuery, permissionFlag: 1,
    });
  }
  return { tracks, indexOf };
}
