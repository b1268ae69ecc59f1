// MP4 muxers for one H.264 video track (ISO/IEC 14496-12 and -15): a progressive file with the
// moov box before mdat ("faststart", so a browser can start playing and seek over HTTP ranges
// at once), the init segment and media segments of fragmented MP4 for HLS, and the HLS media
// playlist that lists them. Pure: the same samples give the same bytes.

/** One access unit in AVCC form (length-prefixed NAL units, see h264.ts `toAvcc`). */
export interface Mp4Sample {
  data: Uint8Array;
  /** In track timescale units. */
  duration: number;
  /** A sync sample (IDR): playback and seeking can start here. */
  keyframe: boolean;
}

/** What the sample description needs about the track. */
export interface Mp4Track {
  width: number;
  height: number;
  /** Units per second of sample durations and decode times. */
  timescale: number;
  /** The SPS and PPS NAL units (without start codes), stored in the avcC box. */
  sps: Uint8Array;
  pps: Uint8Array;
}

/** One fMP4 media segment as the HLS playlist lists it. */
export interface HlsSegment {
  /** Relative to the playlist, e.g. "seg-0.m4s". */
  uri: string;
  seconds: number;
}

type Part = Uint8Array | number[];

function bytes(parts: readonly Part[]): Uint8Array {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((s, a) => s + a.length, 0));
  let at = 0;
  for (const a of arrays) { out.set(a, at); at += a.length; }
  return out;
}

const u16 = (v: number): number[] => [(v >>> 8) & 255, v & 255];
const u32 = (v: number): number[] => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
const u64 = (v: number): number[] => [...u32(Math.floor(v / 2 ** 32)), ...u32(v >>> 0)];
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** A box: 32-bit size, four-character type, payload. */
function box(type: string, ...payload: Part[]): Uint8Array {
  const body = bytes(payload);
  return bytes([u32(body.length + 8), ascii(type), body]);
}

/** A full box: a box whose payload starts with version (8 bits) and flags (24 bits). */
function fullBox(type: string, version: number, flags: number, ...payload: Part[]): Uint8Array {
  return box(type, [version, (flags >>> 16) & 255, (flags >>> 8) & 255, flags & 255], ...payload);
}

const MATRIX = [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].flatMap(u32);

function mvhd(timescale: number, duration: number): Uint8Array {
  return fullBox('mvhd', 0, 0, u32(0), u32(0), u32(timescale), u32(duration), u32(0x00010000), u16(0x0100),
    u16(0), u32(0), u32(0), MATRIX, new Array(24).fill(0), u32(2));
}

function trak(t: Mp4Track, duration: number, stbl: Uint8Array): Uint8Array {
  const tkhd = fullBox('tkhd', 0, 3, u32(0), u32(0), u32(1), u32(0), u32(duration), u32(0), u32(0),
    u16(0), u16(0), u16(0), u16(0), MATRIX, u32(t.width * 65536), u32(t.height * 65536));
  const mdhd = fullBox('mdhd', 0, 0, u32(0), u32(0), u32(t.timescale), u32(duration), u16(0x55c4), u16(0)); // "und"
  const hdlr = fullBox('hdlr', 0, 0, u32(0), ascii('vide'), u32(0), u32(0), u32(0), ascii('VideoHandler'), [0]);
  const vmhd = fullBox('vmhd', 0, 1, u16(0), u16(0), u16(0), u16(0));
  const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
  return box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', vmhd, dinf, stbl)));
}

function stsd(t: Mp4Track): Uint8Array {
  const avcC = box('avcC', [1, t.sps[1]!, t.sps[2]!, t.sps[3]!, 0xff, 0xe1], u16(t.sps.length), t.sps,
    [1], u16(t.pps.length), t.pps);
  const name = new Array(32).fill(0);
  const avc1 = box('avc1', new Array(6).fill(0), u16(1), u16(0), u16(0), new Array(12).fill(0),
    u16(t.width), u16(t.height), u32(0x00480000), u32(0x00480000), u32(0), u16(1), name, u16(0x18), u16(0xffff), avcC);
  return fullBox('stsd', 0, 0, u32(1), avc1);
}

/** stts entries: runs of equal sample durations. */
function timeToSample(samples: readonly Mp4Sample[]): number[][] {
  const runs: number[][] = [];
  for (const s of samples) {
    const last = runs[runs.length - 1];
    if (last && last[1] === s.duration) last[0]! += 1;
    else runs.push([1, s.duration]);
  }
  return runs;
}

/**
 * A progressive MP4 of one video track: ftyp, moov (with every sample table) and then mdat
 * holding the samples as one chunk. Its duration is the sum of the sample durations.
 */
export function buildMp4(track: Mp4Track, samples: readonly Mp4Sample[]): Uint8Array {
  const duration = samples.reduce((s, x) => s + x.duration, 0);
  const ftyp = box('ftyp', ascii('isom'), u32(0x200), ascii('isomiso2avc1mp41'));
  const moovAt = (chunkOffset: number): Uint8Array => {
    const runs = timeToSample(samples);
    const syncs = samples.flatMap((s, i) => (s.keyframe ? [i + 1] : []));
    const stbl = box('stbl', stsd(track),
      fullBox('stts', 0, 0, u32(runs.length), runs.flatMap(([n, d]) => [...u32(n!), ...u32(d!)])),
      fullBox('stss', 0, 0, u32(syncs.length), syncs.flatMap(u32)),
      fullBox('stsc', 0, 0, u32(1), u32(1), u32(samples.length), u32(1)),
      fullBox('stsz', 0, 0, u32(0), u32(samples.length), samples.flatMap((s) => u32(s.data.length))),
      fullBox('stco', 0, 0, u32(1), u32(chunkOffset)));
    return box('moov', mvhd(track.timescale, duration), trak(track, duration, stbl));
  };
  // The moov size does not depend on the offset value, so measure it once and rebuild.
  const moov = moovAt(ftyp.length + moovAt(0).length + 8);
  const payload = bytes(samples.map((s) => s.data));
  return bytes([ftyp, moov, u32(payload.length + 8), ascii('mdat'), payload]);
}

/** The fMP4 init segment: ftyp and a moov with empty sample tables and mvex/trex, no samples. */
export function buildFmp4Init(track: Mp4Track): Uint8Array {
  const ftyp = box('ftyp', ascii('iso5'), u32(0x200), ascii('iso5iso6mp41avc1'));
  const empty = (type: string, extra: Part = []) => fullBox(type, 0, 0, extra, u32(0));
  const stbl = box('stbl', stsd(track), empty('stts'), empty('stsc'), empty('stsz', u32(0)), empty('stco'));
  const mvex = box('mvex', fullBox('trex', 0, 0, u32(1), u32(1), u32(0), u32(0), u32(0)));
  return bytes([ftyp, box('moov', mvhd(track.timescale, 0), trak(track, 0, stbl), mvex)]);
}

const SYNC_FLAGS = 0x02000000; // sample_depends_on = 2: depends on no other sample
const NON_SYNC_FLAGS = 0x01010000; // depends on others, sample_is_non_sync_sample

/**
 * One fMP4 media segment: styp, moof (mfhd with `sequence`, traf with tfhd, tfdt at
 * `baseDecodeTime` in track units, trun listing each sample's duration, size and flags) and mdat.
 * It should start with a keyframe so it can be played on its own.
 */
export function buildFmp4Segment(sequence: number, baseDecodeTime: number, samples: readonly Mp4Sample[]): Uint8Array {
  const styp = box('styp', ascii('msdh'), u32(0), ascii('msdhmsix'));
  const moofWith = (dataOffset: number): Uint8Array => {
    const trun = fullBox('trun', 0, 0x000701, u32(samples.length), u32(dataOffset),
      samples.flatMap((s) => [...u32(s.duration), ...u32(s.data.length), ...u32(s.keyframe ? SYNC_FLAGS : NON_SYNC_FLAGS)]));
    const tfhd = fullBox('tfhd', 0, 0x020000, u32(1)); // default-base-is-moof: offsets count from moof
    const tfdt = fullBox('tfdt', 1, 0, u64(baseDecodeTime));
    return box('moof', fullBox('mfhd', 0, 0, u32(sequence)), box('traf', tfhd, tfdt, trun));
  };
  const moof = moofWith(moofWith(0).length + 8);
  const payload = bytes(samples.map((s) => s.data));
  return bytes([styp, moof, u32(payload.length + 8), ascii('mdat'), payload]);
}

/**
 * An HLS VOD media playlist (version 7, fMP4) for segments that share the init segment
 * `initUri`; each segment starts with a keyframe.
 */
export function buildHlsPlaylist(segments: readonly HlsSegment[], initUri = 'init.mp4'): string {
  const target = Math.max(1, ...segments.map((s) => Math.ceil(s.seconds)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS', `#EXT-X-MAP:URI="${initUri}"`];
  for (const s of segments) lines.push(`#EXTINF:${s.seconds.toFixed(3)},`, s.uri);
  lines.push('#EXT-X-ENDLIST');
  return lines.join('\n') + '\n';
}
