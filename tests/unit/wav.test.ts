// server/demo/wav.ts: the generated demo audio. The header is read back byte by byte from the WAVE
// layout (not through readWavInfo), so a wrong field cannot hide behind a matching reader.
import { describe, expect, it } from 'vitest';
import { buildMelodyWav, readWavInfo, WAV_HEADER_BYTES, wavByteLength, wavHeader } from '../../server/demo/wav';
import { mediaAddress, parseMediaAddress, parseMediaLink, signedMediaUrl } from '../../server/lib/media';

/** Samples of a 16-bit mono WAV as numbers in [-1, 1]. */
function samples16(wav: Buffer): number[] {
  const out: number[] = [];
  for (let at = WAV_HEADER_BYTES; at < wav.length; at += 2) out.push(wav.readInt16LE(at) / 32768);
  return out;
}

const rms = (xs: number[]) => Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / Math.max(1, xs.length));

describe('wavHeader', () => {
  it('writes the canonical 44-byte RIFF/WAVE header of mono PCM', () => {
    const h = wavHeader(16_000, { sampleRate: 8000, bitsPerSample: 16 });
    expect(h.length).toBe(44);
    expect(h.toString('ascii', 0, 4)).toBe('RIFF');
    expect(h.readUInt32LE(4)).toBe(36 + 16_000);
    expect(h.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(h.readUInt32LE(16)).toBe(16);
    expect(h.readUInt16LE(20)).toBe(1); // PCM
    expect(h.readUInt16LE(22)).toBe(1); // mono
    expect(h.readUInt32LE(24)).toBe(8000);
    expect(h.readUInt32LE(28)).toBe(16_000); // byte rate
    expect(h.readUInt16LE(32)).toBe(2); // block align
    expect(h.readUInt16LE(34)).toBe(16);
    expect(h.toString('ascii', 36, 40)).toBe('data');
    expect(h.readUInt32LE(40)).toBe(16_000);
  });
});

describe('buildMelodyWav', () => {
  it('holds seconds × rate samples, and the header says so', () => {
    const wav = buildMelodyWav({ seconds: 45, seed: 1 });
    expect(wav.length).toBe(44 + 45 * 8000 * 2);
    expect(wav.length).toBe(wavByteLength(45));
    expect(readWavInfo(wav)).toEqual({ sampleRate: 8000, bitsPerSample: 16, channels: 1, dataBytes: 45 * 8000 * 2, samples: 360_000, seconds: 45 });
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  });

  it('makes 8-bit unsigned files at other rates', () => {
    const wav = buildMelodyWav({ seconds: 2.5, seed: 3, sampleRate: 11025, bitsPerSample: 8 });
    expect(wav.length).toBe(44 + Math.round(2.5 * 11025));
    expect(readWavInfo(wav)).toMatchObject({ sampleRate: 11025, bitsPerSample: 8, samples: Math.round(2.5 * 11025) });
    expect(wav.readUInt16LE(32)).toBe(1);
    const bytes = [...wav.subarray(44)];
    expect(Math.min(...bytes)).toBeGreaterThan(0); // centred on 128, never clipped
    expect(Math.max(...bytes)).toBeLessThan(255);
    expect(bytes[0]).toBe(128); // the fade-in starts from silence
  });

  it('is pure: the same seed gives the same bytes, another seed another tune', () => {
    const a = buildMelodyWav({ seconds: 5, seed: 2 });
    expect(buildMelodyWav({ seconds: 5, seed: 2 }).equals(a)).toBe(true);
    expect(buildMelodyWav({ seconds: 5, seed: 4 }).equals(a)).toBe(false);
  });

  it('is audible, never clips, and fades in and out', () => {
    const xs = samples16(buildMelodyWav({ seconds: 10, seed: 5 }));
    expect(Math.max(...xs.map(Math.abs))).toBeLessThan(0.95);
    expect(rms(xs.slice(8000, 72_000))).toBeGreaterThan(0.05);
    expect(Math.abs(xs[0]!)).toBeLessThan(0.001);
    expect(Math.abs(xs[xs.length - 1]!)).toBeLessThan(0.01);
  });

  it('refuses a length that is not a positive number of seconds', () => {
    expect(() => buildMelodyWav({ seconds: 0, seed: 1 })).toThrow(/positive length/);
    expect(() => buildMelodyWav({ seconds: Number.NaN, seed: 1 })).toThrow(/positive length/);
  });
});

describe('readWavInfo', () => {
  it('answers undefined for bytes that are not a PCM WAV', () => {
    expect(readWavInfo(Buffer.from('not a wav at all, just some text that is long enough'))).toBeUndefined();
    const wav = buildMelodyWav({ seconds: 1, seed: 1 });
    const float = Buffer.from(wav);
    float.writeUInt16LE(3, 20);
    expect(readWavInfo(float)).toBeUndefined();
  });
});

describe('media addresses (server/lib/media.ts)', () => {
  it('reads media:<folder>/<name>.<ext> and the type to serve it as', () => {
    expect(parseMediaAddress(mediaAddress('audio/demo-1.wav'))).toEqual({ path: 'audio/demo-1.wav', segments: ['audio', 'demo-1.wav'], contentType: 'audio/wav' });
    expect(parseMediaAddress('media:audio/book/ep.1.MP3')?.contentType).toBe('audio/mpeg');
  });

  it('refuses anything that could leave the tenant folder or is not playable media', () => {
    for (const bad of [
      'media:../1002/audio/demo-1.wav', 'media:audio/../../etc/passwd.wav', 'media:/etc/x.wav', 'media:audio//x.wav',
      'media:audio/.hidden.wav', 'media:audio/%2e%2e/x.wav', 'media:audio\\x.wav', 'media:demo-1.wav', 'media:audio/x.exe',
      'media:audio/x', 'audio/demo-1.wav', '/media/1001/audio/demo-1.wav', 'media:a/b/c/d/e.wav', 'media:audio/x..wav',
    ]) expect(parseMediaAddress(bad), bad).toBeUndefined();
  });

  it('reads back the link it signs, and nothing looser', () => {
    const url = signedMediaUrl('s3cret', 1001, 'audio/demo-1.wav', 1_800_000_000);
    expect(url).toMatch(/^\/media\/1001\/audio\/demo-1\.wav\?exp=1800000000&sig=[0-9a-f]{64}$/);
    expect(parseMediaLink(url)).toMatchObject({ tenantId: 1001, path: 'audio/demo-1.wav', expiresAt: 1_800_000_000 });
    expect(parseMediaLink(url.split('?')[0]!)).toBeUndefined();
    expect(parseMediaLink(url.replace('/1001/', '/01001/'))).toBeUndefined();
    expect(parseMediaLink(url.replace('audio/', 'audio/../'))).toBeUndefined();
    expect(parseMediaLink(url.replace('exp=', 'exp=-'))).toBeUndefined();
  });
});
