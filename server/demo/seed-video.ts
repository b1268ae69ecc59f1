// The demo tenants' video: a few generated lesson-slide videos (server/demo/video-frames.ts drawn,
// server/demo/h264.ts encoded) as progressive MP4 files, plus one HLS rendition in fragmented MP4,
// so video lessons play something real whose length matches their declared duration.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { H264Encoder, avcCodecString, toAvcc } from './h264';
import { mediaAddress, tenantMediaDir } from '../lib/media';
import { CONTENT_PURPOSE } from '../lib/purposes';
import { buildFmp4Init, buildFmp4Segment, buildHlsPlaylist, buildMp4, type Mp4Sample, type Mp4Track } from './mp4';
import { FRAME_HEIGHT, FRAME_WIDTH, lessonFrames } from './video-frames';
import type { CataloguePlan, PlanContent, PlanLesson } from './seed-catalogue-plan';
import { mediaPathsOf } from './seed-media';

/**
 * One demo video: its path in a tenant's media folder, length and picture seed. A path ending in
 * ".m3u8" is an HLS playlist whose folder also holds init.mp4 and seg-N.m4s; otherwise an MP4.
 */
export interface DemoVideo { path: string; seconds: number; seed: number }

/** One file of a demo video, path relative to the tenant's media folder. */
export interface DemoVideoFile { path: string; bytes: Buffer }

/** Four MP4 videos of 40 to 120 s and one 60 s HLS rendition: about 4.8 MB per tenant. */
export const DEMO_VIDEOS: readonly DemoVideo[] = [
  ...[40, 60, 90, 120].map((seconds, i) => ({ path: `video/demo-${i + 1}.mp4`, seconds, seed: i + 1 })),
  { path: 'video/hls-1/index.m3u8', seconds: 60, seed: 5 },
];

/** Sample durations count in milliseconds; the videos show one frame a second. */
const TIMESCALE = 1000;
/** An IDR frame (and, for HLS, a new segment) every this many seconds, so seeking stays cheap. */
export const KEYFRAME_SECONDS = 10;

/** The RFC 6381 codec string of every demo video (for MSE or an HLS multivariant playlist). */
export const DEMO_VIDEO_CODEC = avcCodecString(new H264Encoder(FRAME_WIDTH, FRAME_HEIGHT).sps);

/** True when a demo video is an HLS rendition rather than a single MP4. */
export function isHlsVideo(video: DemoVideo): boolean {
  return video.path.endsWith('.m3u8');
}

/** Draws and encodes a demo video: the track description and its samples, one a second. */
export function encodeDemoVideo(video: DemoVideo): { track: Mp4Track; samples: Mp4Sample[] } {
  const encoder = new H264Encoder(FRAME_WIDTH, FRAME_HEIGHT);
  const samples: Mp4Sample[] = [];
  let second = 0;
  for (const frame of lessonFrames(video.seconds, video.seed)) {
    const coded = encoder.encode(frame, second++ % KEYFRAME_SECONDS === 0);
    samples.push({ data: toAvcc(coded.nals), duration: TIMESCALE, keyframe: coded.keyframe });
  }
  const track = { width: FRAME_WIDTH, height: FRAME_HEIGHT, timescale: TIMESCALE, sps: encoder.sps, pps: encoder.pps };
  return { track, samples };
}

/**
 * Every file of a demo video: the MP4 alone, or for HLS the playlist, init.mp4 and one
 * seg-N.m4s per KEYFRAME_SECONDS (each starting at an IDR frame). Deterministic.
 */
export function demoVideoFiles(video: DemoVideo): DemoVideoFile[] {
  const { track, samples } = encodeDemoVideo(video);
  if (!isHlsVideo(video)) return [{ path: video.path, bytes: Buffer.from(buildMp4(track, samples)) }];
  const folder = video.path.slice(0, video.path.lastIndexOf('/') + 1);
  const files: DemoVideoFile[] = [{ path: `${folder}init.mp4`, bytes: Buffer.from(buildFmp4Init(track)) }];
  const segments = [];
  let decodeTime = 0;
  for (let start = 0, n = 0; start < samples.length; start += KEYFRAME_SECONDS, n++) {
    const part = samples.slice(start, start + KEYFRAME_SECONDS);
    const uri = `seg-${n}.m4s`;
    files.push({ path: folder + uri, bytes: Buffer.from(buildFmp4Segment(n + 1, decodeTime, part)) });
    const units = part.reduce((s, x) => s + x.duration, 0);
    segments.push({ uri, seconds: units / TIMESCALE });
    decodeTime += units;
  }
  files.unshift({ path: video.path, bytes: Buffer.from(buildHlsPlaylist(segments), 'utf8') });
  return files;
}

/** The file a demo video's path names: the MP4, or for HLS the playlist text. Deterministic. */
export function buildDemoVideo(video: DemoVideo): Buffer {
  return demoVideoFiles(video).find((f) => f.path === video.path)!.bytes;
}

/**
 * Bump when the encoder, the frames or the muxer change what they write: a folder written by an
 * older version is then written again.
 */
export const DEMO_VIDEO_VERSION = 1;

/** The file a tenant's video folder keeps of the demo videos written into it (hidden: never served). */
const MANIFEST = ['video', '.demo-videos.json'] as const;

/** What the manifest records of one video: how it was made and the size of each of its files. */
interface ManifestEntry { version: number; seconds: number; seed: number; files: Record<string, number> }

async function readManifest(root: string): Promise<Record<string, ManifestEntry>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(root, ...MANIFEST), 'utf8'));
    return parsed && typeof parsed === 'object' ? parsed as Record<string, ManifestEntry> : {};
  } catch {
    return {};
  }
}

/** True when the manifest says this video was written as it is made now, and every file is there at its size. */
async function upToDate(root: string, video: DemoVideo, entry: ManifestEntry | undefined): Promise<boolean> {
  if (!entry || entry.version !== DEMO_VIDEO_VERSION || entry.seconds !== video.seconds || entry.seed !== video.seed) return false;
  const files = Object.entries(entry.files ?? {});
  if (files.length === 0) return false;
  for (const [path, size] of files) {
    if (await stat(join(root, ...path.split('/'))).then((s) => s.size, () => -1) !== size) return false;
  }
  return true;
}

/**
 * Writes demo videos into tenants' media folders (each tenant's own list). A video the folder's
 * manifest lists as written by this version, with every file at its size, is left alone without
 * encoding it, so a restart neither writes nor encodes; otherwise the video is encoded (once,
 * whichever tenants need it) and its missing or wrong files are written. Returns the files written.
 */
export async function writeDemoVideos(
  mediaDir: string, wanted: ReadonlyMap<number, readonly DemoVideo[]>, encode: (video: DemoVideo) => DemoVideoFile[] = demoVideoFiles,
): Promise<number> {
  const built = new Map<string, DemoVideoFile[]>();
  let written = 0;
  for (const [tenantId, videos] of wanted) {
    const root = tenantMediaDir(mediaDir, tenantId);
    const manifest = await readManifest(root);
    let changed = false;
    for (const video of videos) {
      if (await upToDate(root, video, manifest[video.path])) continue;
      let files = built.get(video.path);
      if (!files) built.set(video.path, files = encode(video));
      for (const f of files) {
        const file = join(root, ...f.path.split('/'));
        const size = await stat(file).then((st) => st.size, () => -1);
        if (size === f.bytes.length) continue;
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, f.bytes);
        written += 1;
      }
      manifest[video.path] = { version: DEMO_VIDEO_VERSION, seconds: video.seconds, seed: video.seed, files: Object.fromEntries(files.map((f) => [f.path, f.bytes.length])) };
      changed = true;
    }
    if (changed) {
      await mkdir(join(root, MANIFEST[0]), { recursive: true });
      await writeFile(join(root, ...MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    }
  }
  return written;
}

/** Video lessons added to the first course, so a course has short videos to study end to end. */
const VIDEO_LESSONS = 2;

/**
 * Gives every video content and video part of a plan a demo video with its real length: parts get
 * the MP4s round-robin, a content in one piece any demo video (the HLS rendition included); a
 * content in parts starts with its first part and lasts as long as its parts together. Lessons
 * that are such a content take its length. Then appends a chapter of video lessons to the first
 * course: single-piece library videos that `belongs` accepts (those on the course's topic, so its
 * lessons stay on its subject), playing the shortest MP4 and the HLS rendition. Uses no random
 * numbers, so the rest of the plan stays as the seeded generator made it.
 */
export function attachDemoVideo(plan: CataloguePlan, chapterTitle: (index: number) => string, belongs: (c: PlanContent) => boolean = () => true): void {
  const mp4s = DEMO_VIDEOS.filter((v) => !isHlsVideo(v));
  let nextPart = 0;
  let nextSingle = 0;
  for (const content of plan.contents) {
    if (content.kind !== 'video') continue;
    const videoParts = content.parts.filter((p) => p.kind === 'video');
    if (videoParts.length) {
      for (const part of videoParts) {
        const v = mp4s[nextPart++ % mp4s.length]!;
        part.mediaUrl = mediaAddress(v.path);
        part.duration = v.seconds;
      }
      content.mediaUrl = videoParts[0]!.mediaUrl ?? null;
      content.duration = videoParts.reduce((sum, p) => sum + p.duration, 0);
    } else {
      const v = DEMO_VIDEOS[nextSingle++ % DEMO_VIDEOS.length]!;
      content.mediaUrl = mediaAddress(v.path);
      content.duration = v.seconds;
    }
  }
  const byKey = new Map(plan.contents.map((c) => [c.key, c]));
  for (const course of plan.courses) {
    for (const phase of course.phases) {
      for (const lesson of phase.lessons) {
        const content = lesson.contentKey ? byKey.get(lesson.contentKey) : undefined;
        if (content?.kind === 'video' && lesson.kind === 'video') lesson.duration = content.duration;
      }
    }
  }
  const course = plan.courses[0];
  // Library videos (not another course's own lessons, purpose 8), so each stays in one course.
  // Not one the course already has, so each lesson of the course is a content of its own.
  const inCourse = new Set(course?.phases.flatMap((p) => p.lessons.map((l) => l.contentKey)) ?? []);
  const singles = plan.contents.filter((c) => c.kind === 'video' && c.parts.length === 0 && c.mediaUrl && c.purpose !== CONTENT_PURPOSE.lesson
    && !inCourse.has(c.key) && belongs(c));
  const shortest = DEMO_VIDEOS.find((v) => !isHlsVideo(v))!;
  const hls = DEMO_VIDEOS.find(isHlsVideo);
  // The chosen contents play the shortest MP4 and the HLS rendition, whichever they were given above.
  const videos = [shortest, ...(hls ? [hls] : [])].slice(0, VIDEO_LESSONS);
  const picks = singles.slice(0, videos.length).map((c, i) => {
    c.mediaUrl = mediaAddress(videos[i]!.path);
    c.duration = videos[i]!.seconds;
    return c;
  });
  if (!course || !picks.length) return;
  const chapter = course.phases.length + 1;
  const lessons: PlanLesson[] = picks.map((c, l) => ({ title: `${chapter}.${l + 1} ${c.title}`, kind: 'video', duration: c.duration, contentKey: c.key }));
  course.phases.push({ title: chapterTitle(chapter), lessons });
}

/** The demo videos a plan's rows refer to. */
export function demoVideosOf(plan: CataloguePlan): DemoVideo[] {
  const used = mediaPathsOf(plan);
  return DEMO_VIDEOS.filter((v) => used.has(v.path));
}
