// PCM WAV files drawn in code: the demo tenants' audio (lessons, audiobook episodes) is a short
// melody per track, so the floating player has something real and pleasant to play and seek in
// without shipping binary assets. Pure: the same options give the same bytes.

/** The canonical RIFF/WAVE header with one fmt chunk and one data chunk. */
export const WAV_HEADER_BYTES = 44;

/** Mono PCM only; 8-bit samples are unsigned, 16-bit signed little-endian (the WAVE rules). */
export interface WavFormat {
  sampleRate: number;
  bitsPerSample: 8 | 16;
}

/** What a melody file is made of. */
export interface MelodyOptions extends Partial<WavFormat> {
  /** Length; the file holds round(seconds × sampleRate) samples. */
  seconds: number;
  /** Picks the key, tempo and tune: different seeds sound different, the same seed the same. */
  seed: number;
}

/** The header fields a WAV file declares. */
export interface WavInfo extends WavFormat {
  channels: number;
  /** Bytes of sample data. */
  dataBytes: number;
  /** Samples per channel. */
  samples: number;
  /** samples / sampleRate. */
  seconds: number;
}

const DEFAULT_FORMAT: WavFormat = { sampleRate: 8000, bitsPerSample: 16 };

/** Total file size of a mono WAV of that length and format. */
export function wavByteLength(seconds: number, format: Partial<WavFormat> = {}): number {
  const { sampleRate, bitsPerSample } = { ...DEFAULT_FORMAT, ...format };
  return WAV_HEADER_BYTES + Math.round(seconds * sampleRate) * (bitsPerSample / 8);
}

/** The 44-byte header of a mono PCM WAV holding `dataBytes` of samples. */
export function wavHeader(dataBytes: number, format: WavFormat): Buffer {
  const { sampleRate, bitsPerSample } = format;
  const blockAlign = bitsPerSample / 8;
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4); // everything after this field
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size for PCM
  header.writeUInt16LE(1, 20); // format 1: integer PCM
  header.writeUInt16LE(1, 22); // channels
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28); // byte rate
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** The header fields of a canonical 44-byte-header PCM WAV, or undefined for anything else. */
export function readWavInfo(bytes: Buffer): WavInfo | undefined {
  if (bytes.length < WAV_HEADER_BYTES) return undefined;
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') return undefined;
  if (bytes.toString('ascii', 12, 16) !== 'fmt ' || bytes.toString('ascii', 36, 40) !== 'data') return undefined;
  if (bytes.readUInt16LE(20) !== 1) return undefined;
  const bitsPerSample = bytes.readUInt16LE(34);
  if (bitsPerSample !== 8 && bitsPerSample !== 16) return undefined;
  const channels = bytes.readUInt16LE(22);
  const sampleRate = bytes.readUInt32LE(24);
  const dataBytes = bytes.readUInt32LE(40);
  const samples = dataBytes / (channels * (bitsPerSample / 8));
  return { sampleRate, bitsPerSample, channels, dataBytes, samples, seconds: samples / sampleRate };
}

/** mulberry32, as the seed's PRNG: a few bytes of state, the same sequence everywhere. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A major pentatonic scale has no dissonant steps, so any walk over it sounds like a tune.
const PENTATONIC = [0, 2, 4, 7, 9];
// Keys from G3 to D4 (Hz): low enough that the second harmonic stays under 8 kHz's 4 kHz limit.
const ROOTS = [196.0, 220.0, 261.63, 293.66, 246.94, 174.61, 233.08, 207.65];

interface Note { start: number; length: number; frequency: number }

/** A tune of `seconds`: phrases of 8 notes walking a pentatonic scale, the first phrase returning. */
function compose(seconds: number, seed: number): { notes: Note[]; root: number } {
  const random = prng(seed * 2654435761);
  const root = ROOTS[seed % ROOTS.length]!;
  const beat = 0.28 + 0.04 * (seed % 5) + random() * 0.04;
  const degreeHz = (degree: number) => root * 2 ** (Math.floor(degree / 5) + PENTATONIC[((degree % 5) + 5) % 5]! / 12);
  const phrase = () => {
    let degree = 2 + Math.floor(random() * 4);
    return Array.from({ length: 8 }, (_, i) => {
      degree = Math.min(9, Math.max(0, degree + Math.floor(random() * 5) - 2));
      // The last note of a phrase lands on the tonic and rings twice as long.
      return i === 7 ? { degree: 5, beats: 2 } : { degree, beats: random() < 0.25 ? 2 : 1 };
    });
  };
  const a = phrase();
  const b = phrase();
  const c = phrase();
  const form = [a, b, a, c];
  const notes: Note[] = [];
  let time = 0.4;
  for (let p = 0; time < seconds - 0.5; p += 1) {
    for (const { degree, beats } of form[p % form.length]!) {
      if (time >= seconds - 0.5) break;
      const length = Math.min(beats * beat, seconds - 0.3 - time);
      notes.push({ start: time, length, frequency: degreeHz(degree) });
      time += beats * beat;
    }
    time += beat; // a breath between phrases
  }
  return { notes, root };
}

/**
 * A mono PCM WAV of `seconds`: a soft bell-like melody (each note with a 15 ms attack and an
 * exponential decay) over a quiet drone an octave below the key, faded in and out.
 */
export function buildMelodyWav(opts: MelodyOptions): Buffer {
  const format: WavFormat = { sampleRate: opts.sampleRate ?? DEFAULT_FORMAT.sampleRate, bitsPerSample: opts.bitsPerSample ?? DEFAULT_FORMAT.bitsPerSample };
  if (!(opts.seconds > 0) || !Number.isFinite(opts.seconds)) throw new Error(`A WAV needs a positive length in seconds, not ${opts.seconds}.`);
  const { sampleRate, bitsPerSample } = format;
  const samples = Math.round(opts.seconds * sampleRate);
  const bytesPerSample = bitsPerSample / 8;
  const out = Buffer.alloc(WAV_HEADER_BYTES + samples * bytesPerSample);
  wavHeader(samples * bytesPerSample, format).copy(out, 0);

  const { notes, root } = compose(samples / sampleRate, opts.seed);
  const tau = 2 * Math.PI;
  const fade = Math.min(1, samples / sampleRate / 4);
  let n = 0;
  for (let i = 0; i < samples; i += 1) {
    const t = i / sampleRate;
    while (n + 1 < notes.length && notes[n + 1]!.start <= t) n += 1;
    let value = 0.08 * Math.sin(tau * (root / 2) * t);
    const note = notes[n];
    if (note && t >= note.start && t < note.start + note.length) {
      const local = t - note.start;
      const attack = Math.min(1, local / 0.015);
      const release = Math.min(1, (note.length - local) / 0.03);
      const envelope = attack * release * Math.exp(-3 * local);
      value += 0.55 * envelope * (Math.sin(tau * note.frequency * local) + 0.25 * Math.sin(2 * tau * note.frequency * local));
    }
    value *= Math.min(1, t / fade, (samples / sampleRate - t) / fade);
    const offset = WAV_HEADER_BYTES + i * bytesPerSample;
    if (bitsPerSample === 16) out.writeInt16LE(Math.round(value * 32767), offset);
    else out.writeUInt8(Math.round(128 + value * 127), offset);
  }
  return out;
}
