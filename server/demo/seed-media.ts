// The demo tenants' audio: a few generated WAV melodies (server/demo/wav.ts) that every audio
// content, audiobook episode and audio lesson of a plan refers to, so the floating player plays
// something real and its finish rule (spec shell §4) meets the file's true length.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { mediaAddress, parseMediaAddress, tenantMediaDir } from '../lib/media';
import { buildMelodyWav, wavByteLength } from './wav';
import type { CataloguePlan, PlanContent, PlanLesson } from './seed-catalogue-plan';

/** One demo track: its path in a tenant's media folder, length and melody seed. */
export interface DemoTrack { path: string; seconds: number; seed: number }

/** Six tracks of 45 to 120 s, each in its own key and tempo: about 7 MB per tenant at 8 kHz 16-bit. */
export const DEMO_TRACKS: readonly DemoTrack[] = [45, 60, 75, 90, 105, 120].map((seconds, i) => ({
  path: `audio/demo-${i + 1}.wav`, seconds, seed: i + 1,
}));

/** Audio lessons added to the first course, so course study logs have audio to record. */
const AUDIO_LESSONS = 3;

/**
 * Gives every audio content and audio part of a plan a demo track, round-robin, with the track's
 * real length as its duration (a content with parts plays its first part), and appends a
 * chapter of audio lessons (the plan's audio contents without parts that `belongs` accepts: those on
 * the course's topic, so its lessons stay on its subject) to the first course. Uses no random
 * numbers, so the rest of the plan stays as the seeded generator made it.
 */
export function attachDemoAudio(plan: CataloguePlan, chapterTitle: (index: number) => string, belongs: (c: PlanContent) => boolean = () => true): void {
  let next = 0;
  const track = () => DEMO_TRACKS[next++ % DEMO_TRACKS.length]!;
  for (const content of plan.contents) {
    if (content.kind !== 'audio') continue;
    if (content.parts.length) {
      for (const part of content.parts) {
        if (part.kind !== 'audio') continue;
        const t = track();
        part.mediaUrl = mediaAddress(t.path);
        part.duration = t.seconds;
      }
      // The content itself plays its first episode (what the audio playlist starts when the whole
      // book is chosen), so its duration is that file's length, as the finish rule needs.
      const first = content.parts.find((p) => p.mediaUrl);
      content.mediaUrl = first?.mediaUrl ?? null;
      content.duration = first?.duration ?? 0;
    } else {
      const t = track();
      content.mediaUrl = mediaAddress(t.path);
      content.duration = t.seconds;
    }
  }
  const course = plan.courses[0];
  const singles = plan.contents.filter((c) => c.kind === 'audio' && c.parts.length === 0 && belongs(c)).slice(0, AUDIO_LESSONS);
  if (!course || !singles.length) return;
  const chapter = course.phases.length + 1;
  const lessons: PlanLesson[] = singles.map((c, l) => ({ title: `${chapter}.${l + 1} ${c.title}`, kind: 'audio', duration: c.duration, contentKey: c.key }));
  course.phases.push({ title: chapterTitle(chapter), lessons });
}

/** The media paths (`audio/demo-1.wav`) a plan's contents and parts refer to by `media:` address. */
export function mediaPathsOf(plan: CataloguePlan): Set<string> {
  const used = new Set<string>();
  for (const c of plan.contents) {
    for (const url of [c.mediaUrl, ...c.parts.map((p) => p.mediaUrl)]) {
      const media = url ? parseMediaAddress(url) : undefined;
      if (media) used.add(media.path);
    }
  }
  return used;
}

/** The demo tracks a plan's rows refer to. */
export function demoTracksOf(plan: CataloguePlan): DemoTrack[] {
  const used = mediaPathsOf(plan);
  return DEMO_TRACKS.filter((t) => used.has(t.path));
}

/**
 * Writes demo tracks into tenants' media folders (each tenant's own list). A file already there
 * with the right size is left alone, so a restart writes nothing. Returns the files written.
 */
export async function writeDemoTracks(mediaDir: string, wanted: ReadonlyMap<number, readonly DemoTrack[]>): Promise<number> {
  const drawn = new Map<string, Buffer>(); // each track is drawn once, whichever tenants need it
  let written = 0;
  for (const [tenantId, tracks] of wanted) {
    for (const t of tracks) {
      const file = join(tenantMediaDir(mediaDir, tenantId), ...t.path.split('/'));
      const size = await stat(file).then((s) => s.size, () => -1);
      if (size === wavByteLength(t.seconds)) continue;
      let bytes = drawn.get(t.path);
      if (!bytes) drawn.set(t.path, bytes = buildMelodyWav({ seconds: t.seconds, seed: t.seed }));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
      written += 1;
    }
  }
  return written;
}
