// A small QR decoder for tests: reads the module matrix back from an SVG that server/demo/qr-svg.ts
// wrote and decodes it as a scanner does (format bits, unmasking, the zigzag data path, byte mode),
// without trusting the encoder's own view. Handles what the portal writes: versions 1 to 5 at error
// correction level L, where the data is one block.

/** The module matrix of a qrSvg image (quiet zone of 4 removed), rows of booleans (true: dark). */
export function svgModules(svg: string): boolean[][] {
  const box = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1]);
  const size = box - 8;
  const m = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y] of svg.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) m[Number(y) - 4]![Number(x) - 4] = true;
  return m;
}

const MASKS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0, (i) => i % 2 === 0, (_, j) => j % 3 === 0, (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0, (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0, (i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
];
/** Data codewords of one block at level L, by version (ISO/IEC 18004 table 9). */
const DATA_CODEWORDS_L = [0, 19, 34, 55, 80, 108];

/** Decodes a QR code's byte-mode text from its module matrix; throws when it is not one this decoder reads. */
export function decodeQr(m: boolean[][]): string {
  const size = m.length;
  const version = (size - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > 5) throw new Error(`Unsupported QR size ${size}.`);
  // Format information, the copy beside the top-left finder (column 8), then unmasked with 0x5412.
  let format = 0;
  for (let i = 0; i < 15; i += 1) {
    const row = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    if (m[row]![8]) format |= 1 << i;
  }
  const info = (format ^ 0x5412) >> 10;
  if (info >> 3 !== 0b01) throw new Error('Not error correction level L.');
  const mask = MASKS[info & 0b111]!;
  // Function patterns: finders with separators and format areas, timing lines, the alignment pattern.
  const reserved = (r: number, c: number) => (r <= 8 && c <= 8) || (r <= 8 && c >= size - 8) || (r >= size - 8 && c <= 8)
    || r === 6 || c === 6 || (version >= 2 && Math.abs(r - (size - 7)) <= 2 && Math.abs(c - (size - 7)) <= 2);
  const bits: number[] = [];
  let up = true;
  for (let col = size - 1; col > 0; col -= 2) {
    if (col === 6) col = 5;
    for (let k = 0; k < size; k += 1) {
      const row = up ? size - 1 - k : k;
      for (const c of [col, col - 1]) if (!reserved(row, c)) bits.push(Number(m[row]![c] !== mask(row, c)));
    }
    up = !up;
  }
  const read = (from: number, count: number) => bits.slice(from, from + count).reduce((v, b) => v * 2 + b, 0);
  if (read(0, 4) !== 0b0100) throw new Error('Not byte mode.');
  const length = read(4, 8);
  if (length > DATA_CODEWORDS_L[version]! - 2) throw new Error('Length past the data codewords.');
  return Buffer.from(Array.from({ length }, (_, i) => read(12 + i * 8, 8))).toString('utf8');
}
