// The generated demo video: the H.264 encoder's bit-level pieces, a round trip through a small
// decoder of the subset it writes (I_PCM and skipped macroblocks), the MP4 and fMP4 box trees,
// the HLS playlist and the seed writer's idempotence. Chromium playback was checked by hand.
import { mkdtemp, readFile, readdir, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_VIDEOS, DEMO_VIDEO_CODEC, buildDemoVideo, demoVideoFiles, writeDemoVideos, type DemoVideo } from '../../server/demo/seed-video';
import { BitWriter, H264Encoder, addEmulationPrevention, avcCodecString, toAnnexB, toAvcc, type YuvFrame } from '../../server/demo/h264';
import { buildFmp4Init, buildFmp4Segment, buildHlsPlaylist, buildMp4, type Mp4Sample } from '../../server/demo/mp4';
import { drawLessonFrame, FRAME_HEIGHT, FRAME_WIDTH } from '../../server/demo/video-frames';

/** MSB-first reader with exp-Golomb decoding, over an RBSP (emulation prevention removed). */
class BitReader {
  pos = 0;
  constructor(private readonly data: Uint8Array) {}
  bit(): number { const b = (this.data[this.pos >> 3]! >> (7 - (this.pos & 7))) & 1; this.pos++; return b; }
  u(n: number): number { let v = 0; for (let i = 0; i < n; i++) v = v * 2 + this.bit(); return v; }
  ue(): number { let zeros = 0; while (this.bit() === 0) zeros++; return 2 ** zeros - 1 + this.u(zeros); }
  se(): number { const k = this.ue(); return k % 2 ? (k + 1) / 2 : 0 - k / 2; }
  align(): void { this.pos = Math.ceil(this.pos / 8) * 8; }
  byte(): number { const b = this.data[this.pos >> 3]!; this.pos += 8; return b; }
  /** more_rbsp_data(): anything before the stop bit. */
  more(): boolean {
    let last = this.data.length - 1;
    while (this.data[last] === 0) last--;
    const stop = last * 8 + 7 - Math.log2(this.data[last]! & -this.data[last]!);
    return this.pos < stop;
  }
}

function unescape(nal: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < nal.length; i++) {
    if (i >= 2 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0 && out[out.length - 1] === 0 && out[out.length - 2] === 0) continue;
    out.push(nal[i]!);
  }
  return Uint8Array.from(out);
}

function bitsOf(write: (w: BitWriter) => void): string {
  const w = new BitWriter();
  write(w);
  w.alignZero();
  return [...w.toBytes()].map((b) => b.toString(2).padStart(8, '0')).join('');
}

/** Decodes the SPS fields the encoder sets; returns the cropped picture size. */
function parseSps(sps: Uint8Array) {
  const r = new BitReader(unescape(sps.subarray(1)));
  const profile = r.u(8), constraints = r.u(8), level = r.u(8);
  r.ue(); // sps id
  const log2MaxFrameNum = r.ue() + 4, pocType = r.ue(), refFrames = r.ue();
  r.bit();
  const mbW = r.ue() + 1, mbH = r.ue() + 1;
  expect(r.bit()).toBe(1); // frame_mbs_only
  r.bit();
  let [left, right, top, bottom] = [0, 0, 0, 0];
  if (r.bit()) [left, right, top, bottom] = [r.ue(), r.ue(), r.ue(), r.ue()];
  return { profile, constraints, level, log2MaxFrameNum, pocType, refFrames, width: mbW * 16 - 2 * (left + right), height: mbH * 16 - 2 * (top + bottom), mbW, mbH };
}

/** Decodes a slice of the encoder's subset onto `picture` (macroblocks of 384 bytes). */
function decodeSlice(nal: Uint8Array, sps: ReturnType<typeof parseSps>, picture: Uint8Array[]) {
  const type = nal[0]! & 31;
  const r = new BitReader(unescape(nal.subarray(1)));
  expect(r.ue()).toBe(0);
  const sliceType = r.ue() % 5;
  r.ue();
  const frameNum = r.u(sps.log2MaxFrameNum);
  if (type === 5) r.ue();
  if (sliceType === 0) { expect(r.bit()).toBe(0); expect(r.bit()).toBe(0); }
  if (type === 5) { r.bit(); r.bit(); } else r.bit();
  expect(r.se()).toBe(0);
  expect(r.ue()).toBe(1);
  let mb = 0;
  const coded: number[] = [];
  while (mb < sps.mbW * sps.mbH) {
    if (sliceType === 0) { mb += r.ue(); if (!r.more()) break; }
    expect(r.ue()).toBe(sliceType === 0 ? 30 : 25);
    r.align();
    picture[mb] = Uint8Array.from({ length: 384 }, () => r.byte());
    coded.push(mb++);
    if (!r.more()) break;
  }
  expect(mb).toBe(sps.mbW * sps.mbH);
  return { type, sliceType, frameNum, coded };
}

function flatFrame(width: number, height: number, luma: number): YuvFrame {
  return { width, height, y: new Uint8Array(width * height).fill(luma), u: new Uint8Array(width * height / 4).fill(128), v: new Uint8Array(width * height / 4).fill(128) };
}

describe('h264 bit writing', () => {
  it('writes exp-Golomb codes as the spec table gives them', () => {
    expect(bitsOf((w) => [0, 1, 2, 3, 7].forEach((v) => w.ue(v)))).toMatch(/^1010011001000001000/);
    expect(bitsOf((w) => [1, -1, 2, -2, 0].forEach((v) => w.se(v)))).toBe('010011001000010110000000');
    expect(bitsOf((w) => { w.u(8, 0xab); w.u(3, 5); w.trailing(); })).toBe('1010101110110000');
    expect(bitsOf((w) => w.ue(254))).toBe('0000000111111110');
  });

  it('inserts emulation prevention bytes after two zeros before a byte of 3 or less', () => {
    expect([...addEmulationPrevention(Uint8Array.of(0, 0, 0))]).toEqual([0, 0, 3, 0]);
    expect([...addEmulationPrevention(Uint8Array.of(0, 0, 1, 0, 0, 2, 0, 0, 4))]).toEqual([0, 0, 3, 1, 0, 0, 3, 2, 0, 0, 4]);
    expect([...addEmulationPrevention(Uint8Array.of(0, 0, 0, 0))]).toEqual([0, 0, 3, 0, 0]);
    expect([...addEmulationPrevention(Uint8Array.of(0, 0, 3))]).toEqual([0, 0, 3, 3]);
  });

  it('frames NAL units as Annex-B and as AVCC', () => {
    const nals = [Uint8Array.of(0x67, 1), Uint8Array.of(0x68, 2, 3)];
    expect([...toAnnexB(nals)]).toEqual([0, 0, 0, 1, 0x67, 1, 0, 0, 0, 1, 0x68, 2, 3]);
    expect([...toAvcc(nals)]).toEqual([0, 0, 0, 2, 0x67, 1, 0, 0, 0, 3, 0x68, 2, 3]);
  });
});

describe('h264 encoder', () => {
  it.each([[320, 180], [100, 50], [16, 16], [2, 34]])('declares a %ix%i picture in its SPS, Constrained Baseline', (width, height) => {
    const e = new H264Encoder(width, height);
    const sps = parseSps(e.sps);
    expect(sps).toMatchObject({ width, height, profile: 66, constraints: 0xc0, pocType: 2, refFrames: 1 });
    expect(e.sps[0]! & 31).toBe(7);
    expect(e.pps[0]! & 31).toBe(8);
    expect(avcCodecString(e.sps)).toBe('avc1.42C01E');
  });

  it('rejects odd sizes with a message that names them', () => {
    expect(() => new H264Encoder(321, 180)).toThrow(/even width and height.*321x180/);
  });

  it('round-trips frames: IDR all I_PCM, P frames code only the changed macroblocks', () => {
    const e = new H264Encoder(40, 20); // 3 × 2 macroblocks, cropped
    const sps = parseSps(e.sps);
    const a = flatFrame(40, 20, 0); // clamps to 1
    const b = flatFrame(40, 20, 0);
    b.y[19 * 40 + 39] = 200; // bottom-right pixel: the last macroblock
    const c = flatFrame(40, 20, 0);
    c.y[0] = 255; c.u[0] = 90; c.y[19 * 40 + 39] = 200;
    const picture: Uint8Array[] = [];
    const frames = [e.encode(a), e.encode(b), e.encode(b), e.encode(c), e.encode(c, true)];
    const decoded = frames.map((f) => decodeSlice(f.nals[0]!, sps, picture));
    expect(frames.map((f) => f.keyframe)).toEqual([true, false, false, false, true]);
    expect(decoded.map((d) => d.type)).toEqual([5, 1, 1, 1, 5]);
    expect(decoded.map((d) => d.frameNum)).toEqual([0, 1, 2, 3, 0]);
    expect(decoded.map((d) => d.coded)).toEqual([[0, 1, 2, 3, 4, 5], [5], [], [0], [0, 1, 2, 3, 4, 5]]);
    expect(frames[2]!.nals[0]!.length).toBeLessThan(8);
    expect(picture[0]![0]).toBe(254); // 255 clamped
    expect(picture[0]![256]).toBe(90);
    expect(picture[1]![0]).toBe(1); // 0 clamped
    // the last macroblock repeats the picture's edge into the padding: row 19, column 39 → (3, 7) and beyond
    expect(picture[5]![3 * 16 + 7]).toBe(200);
    expect(picture[5]![15 * 16 + 15]).toBe(200);
    expect(picture[5]![3 * 16 + 6]).toBe(1);
  });

  it('wraps frame_num at 16 without an IDR', () => {
    const e = new H264Encoder(16, 16);
    const sps = parseSps(e.sps);
    const picture: Uint8Array[] = [];
    const nums = Array.from({ length: 18 }, (_, i) => decodeSlice(e.encode(flatFrame(16, 16, i + 10)).nals[0]!, sps, picture).frameNum);
    expect(nums).toEqual([...Array(16).keys(), 0, 1]);
  });
});

/** Top-level boxes of `data` from `start` to `end`, checking that sizes tile it exactly. */
function boxes(data: Uint8Array, start = 0, end = data.length): { type: string; start: number; end: number }[] {
  const out = [];
  const view = new DataView(data.buffer, data.byteOffset);
  for (let at = start; at < end;) {
    const size = view.getUint32(at);
    expect(size).toBeGreaterThanOrEqual(8);
    out.push({ type: String.fromCharCode(...data.subarray(at + 4, at + 8)), start: at, end: at + size });
    at += size;
    expect(at).toBeLessThanOrEqual(end);
  }
  return out;
}

const CONTAINERS: Record<string, number> = { moov: 8, trak: 8, mdia: 8, minf: 8, dinf: 8, stbl: 8, mvex: 8, moof: 8, traf: 8, stsd: 16, avc1: 86, dref: 16 };

/** Every box by path ("moov/trak/mdia/mdhd"), walking the containers. */
function boxTree(data: Uint8Array, start = 0, end = data.length, prefix = ''): Map<string, { start: number; end: number }> {
  const map = new Map<string, { start: number; end: number }>();
  for (const b of boxes(data, start, end)) {
    const path = prefix + b.type;
    map.set(path, b);
    const skip = CONTAINERS[b.type];
    if (skip) for (const [k, v] of boxTree(data, b.start + skip, b.end, path + '/')) map.set(k, v);
  }
  return map;
}

const u32At = (data: Uint8Array, at: number) => new DataView(data.buffer, data.byteOffset).getUint32(at);

describe('mp4 muxing', () => {
  const encoded = (seconds: number) => {
    const e = new H264Encoder(FRAME_WIDTH, FRAME_HEIGHT);
    const samples: Mp4Sample[] = [];
    for (let s = 0; s < seconds; s++) {
      const f = e.encode(drawLessonFrame(s, seconds, 3).toYuv(), s % 10 === 0);
      samples.push({ data: toAvcc(f.nals), duration: 1000, keyframe: f.keyframe });
    }
    return { track: { width: FRAME_WIDTH, height: FRAME_HEIGHT, timescale: 1000, sps: e.sps, pps: e.pps }, samples };
  };

  it('writes ftyp, moov then mdat, with durations, sync samples and offsets that match the samples', () => {
    const { track, samples } = encoded(40);
    const mp4 = buildMp4(track, samples);
    expect(boxes(mp4).map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat']);
    const tree = boxTree(mp4);
    const at = (path: string) => tree.get(path)!.start;
    const mvhd = at('moov/mvhd');
    expect(u32At(mp4, mvhd + 24) / u32At(mp4, mvhd + 20)).toBe(40);
    const mdhd = at('moov/trak/mdia/mdhd');
    expect(u32At(mp4, mdhd + 24) / u32At(mp4, mdhd + 20)).toBe(40);
    const tkhd = at('moov/trak/tkhd');
    expect([u32At(mp4, tkhd + 84) / 65536, u32At(mp4, tkhd + 88) / 65536]).toEqual([320, 180]);
    const stbl = 'moov/trak/mdia/minf/stbl/';
    const stss = at(stbl + 'stss');
    expect(Array.from({ length: u32At(mp4, stss + 12) }, (_, i) => u32At(mp4, stss + 16 + 4 * i))).toEqual([1, 11, 21, 31]);
    const stts = at(stbl + 'stts');
    expect([u32At(mp4, stts + 12), u32At(mp4, stts + 16), u32At(mp4, stts + 20)]).toEqual([1, 40, 1000]);
    const stsz = at(stbl + 'stsz');
    const sizes = Array.from({ length: 40 }, (_, i) => u32At(mp4, stsz + 20 + 4 * i));
    const mdat = tree.get('mdat')!;
    expect(sizes.reduce((s, x) => s + x, 0)).toBe(mdat.end - mdat.start - 8);
    expect(u32At(mp4, at(stbl + 'stco') + 16)).toBe(mdat.start + 8);
    // the avcC record carries the encoder's own SPS
    const avcC = at(stbl + 'stsd/avc1/avcC');
    expect(mp4.subarray(avcC + 9, avcC + 12)).toEqual(track.sps.subarray(1, 4));
    // the first sample in mdat is the IDR slice, length-prefixed
    expect(mp4[mdat.start + 12]! & 31).toBe(5);
  });

  it('writes fMP4 segments whose tfdt is the sum of the durations before them', () => {
    const { track, samples } = encoded(25);
    const init = buildFmp4Init(track);
    expect(boxes(init).map((b) => b.type)).toEqual(['ftyp', 'moov']);
    expect(boxTree(init).has('moov/mvex/trex')).toBe(true);
    let decodeTime = 0;
    for (let n = 0; n * 10 < 25; n++) {
      const part = samples.slice(n * 10, n * 10 + 10);
      const seg = buildFmp4Segment(n + 1, decodeTime, part);
      const tree = boxTree(seg);
      expect(boxes(seg).map((b) => b.type)).toEqual(['styp', 'moof', 'mdat']);
      expect(u32At(seg, tree.get('moof/mfhd')!.start + 12)).toBe(n + 1);
      const tfdt = tree.get('moof/traf/tfdt')!.start;
      expect(u32At(seg, tfdt + 12) * 2 ** 32 + u32At(seg, tfdt + 16)).toBe(n * 10_000);
      const trun = tree.get('moof/traf/trun')!.start;
      expect(u32At(seg, trun + 12)).toBe(part.length);
      expect(tree.get('moof')!.start + u32At(seg, trun + 16)).toBe(tree.get('mdat')!.start + 8);
      expect(u32At(seg, trun + 28)).toBe(0x02000000); // first sample: sync
      decodeTime += part.reduce((s, x) => s + x.duration, 0);
    }
  });

  it('writes an HLS VOD playlist with the init map and relative segment URIs', () => {
    expect(buildHlsPlaylist([{ uri: 'seg-0.m4s', seconds: 10 }, { uri: 'seg-1.m4s', seconds: 4.5 }])).toBe([
      '#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-TARGETDURATION:10', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-INDEPENDENT-SEGMENTS', '#EXT-X-MAP:URI="init.mp4"', '#EXTINF:10.000,', 'seg-0.m4s', '#EXTINF:4.500,', 'seg-1.m4s',
      '#EXT-X-ENDLIST', ''].join('\n'));
  });
});

describe('demo videos', () => {
  it('draws the clock and a progress bar that fills with time', () => {
    const early = drawLessonFrame(0, 40, 1), late = drawLessonFrame(39, 40, 1);
    expect(early.pixel(300, 166)).not.toEqual(late.pixel(300, 166)); // bar tip: empty, then filled
    expect(early.pixel(20, 166)).toEqual(late.pixel(20, 166));
    expect(drawLessonFrame(0, 40, 2).pixel(4, 4)).not.toEqual(early.pixel(4, 4)); // seeds pick colours
  });

  it('builds each demo video deterministically, as long as it says', () => {
    for (const video of DEMO_VIDEOS) {
      const files = demoVideoFiles(video);
      const again = demoVideoFiles(video);
      // Buffer.equals: deep equality over megabytes is slow
      expect(files.every((f, i) => f.path === again[i]!.path && f.bytes.equals(again[i]!.bytes))).toBe(true);
      if (video.path.endsWith('.mp4')) {
        const mp4 = files[0]!.bytes;
        const mvhd = boxTree(mp4).get('moov/mvhd')!.start;
        expect(u32At(mp4, mvhd + 24) / u32At(mp4, mvhd + 20)).toBe(video.seconds);
      } else {
        const text = buildDemoVideo(video).toString();
        const total = [...text.matchAll(/#EXTINF:([\d.]+),/g)].reduce((s, m) => s + Number(m[1]), 0);
        expect(total).toBe(video.seconds);
        expect(files.map((f) => f.path.split('/').pop())).toEqual(['index.m3u8', 'init.mp4', ...Array.from({ length: video.seconds / 10 }, (_, i) => `seg-${i}.m4s`)]);
      }
    }
    expect(DEMO_VIDEO_CODEC).toBe('avc1.42C01E');
  });

  it('writes demo videos once: a restart writes nothing, a damaged file is written again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seed-video-'));
    try {
      const videos = [{ path: 'video/short.mp4', seconds: 12, seed: 7 }, { path: 'video/h/index.m3u8', seconds: 25, seed: 8 }];
      const wanted = new Map([[1, videos], [2, videos.slice(0, 1)]]);
      expect(await writeDemoVideos(dir, wanted)).toBe(6 + 1);
      expect((await readdir(join(dir, '1', 'video', 'h'))).sort()).toEqual(['index.m3u8', 'init.mp4', 'seg-0.m4s', 'seg-1.m4s', 'seg-2.m4s']);
      expect((await readFile(join(dir, '2', 'video', 'short.mp4'))).equals(buildDemoVideo(videos[0]!))).toBe(true);
      // A restart finds the manifest and every file at its size: nothing is encoded or written.
      const encoded: string[] = [];
      const counting = (video: DemoVideo) => { encoded.push(video.path); return demoVideoFiles(video); };
      expect(await writeDemoVideos(dir, wanted, counting)).toBe(0);
      expect(encoded).toEqual([]);
      await truncate(join(dir, '1', 'video', 'h', 'seg-1.m4s'), 10);
      expect(await writeDemoVideos(dir, wanted, counting)).toBe(1);
      expect(encoded).toEqual(['video/h/index.m3u8']);
      // A video made differently now (another length) is encoded and written again.
      const longer = [{ ...videos[0]!, seconds: 13 }];
      expect(await writeDemoVideos(dir, new Map([[2, longer]]), counting)).toBe(1);
      expect(encoded).toEqual(['video/h/index.m3u8', 'video/short.mp4']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
