// Cover, avatar and banner images for the demo catalogue: SVG built from the item's own text, so
// a home page looks populated without shipping binary files. Pure: same input, same bytes.

/** What one generated image shows. */
export interface CoverSpec {
  /** Path under the upload dir, e.g. seed/covers/1001/course-3.svg. */
  file: string;
  shape: 'cover' | 'avatar' | 'banner' | 'book' | 'square';
  title: string;
  /** Small caption: the kind on covers ("Course", "课程"), the subtitle on banners, the letters on avatars. */
  label?: string;
  /** Picks the palette and the decoration; any integer. */
  seed: number;
}

/** Gradient pairs that read well under white text. */
const PALETTES: readonly (readonly [string, string])[] = [
  ['#1f6feb', '#58a6ff'], ['#8250df', '#c297ff'], ['#0f766e', '#2dd4bf'], ['#b45309', '#f59e0b'],
  ['#be123c', '#fb7185'], ['#1d4ed8', '#7c3aed'], ['#047857', '#84cc16'], ['#c2410c', '#f472b6'],
  ['#0e7490', '#6366f1'], ['#374151', '#6b7280'], ['#7c2d12', '#ea580c'], ['#4338ca', '#06b6d4'],
];

// Shop product images are square (product cards show them 1:1); books keep their 3:4 cover.
const SIZES = { cover: [480, 270], avatar: [128, 128], banner: [1200, 400], book: [360, 480], square: [400, 400] } as const;
const FONT = `'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif`;

/** The URL the API returns for a generated image. */
export function coverUrl(file: string): string {
  return `/uploads/${file}`;
}

/** Escapes text for an SVG text node or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** Width of text in ems, roughly: CJK and full-width characters are 1, the rest about 0.56. */
function ems(text: string): number {
  let width = 0;
  for (const ch of text) width += /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 1 : 0.56;
  return width;
}

/** Splits a title into at most `maxLines` lines of `maxEms` each: at spaces for Latin text, anywhere for CJK. */
export function wrapTitle(title: string, maxEms: number, maxLines: number): string[] {
  const tokens = title.match(/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+|\s+/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const next = line + token;
    if (ems(next.trim()) <= maxEms || !line.trim()) {
      line = next;
      continue;
    }
    lines.push(line.trim());
    line = token.trim() ? token : '';
  }
  if (line.trim()) lines.push(line.trim());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/.$/u, '')}…`;
  return kept;
}

/** What an avatar shows: a Chinese name's given name (last two characters), else up to two initials. */
function initials(name: string): string {
  if (/[\u2e80-\u9fff]/.test(name)) return [...name.replace(/\s/g, '')].slice(-2).join('');
  return name.trim().split(/\s+/).filter(Boolean).slice(0, 2).map((w) => [...w][0]!.toUpperCase()).join('') || '?';
}

/** Deterministic small integer from the seed (murmur3's finaliser, so nearby seeds spread out). */
function pick(seed: number, salt: number, mod: number): number {
  let h = (seed ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) % mod;
}

function gradient(id: string, [from, to]: readonly [string, string], seed: number): string {
  const angle = pick(seed, 1, 2) ? 'x1="0" y1="0" x2="1" y2="1"' : 'x1="0" y1="1" x2="1" y2="0"';
  return `<defs><linearGradient id="${id}" ${angle}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
}

function circles(width: number, height: number, seed: number): string {
  let out = '';
  for (let i = 0; i < 3; i += 1) {
    const r = Math.round(height * (0.25 + pick(seed, 10 + i, 40) / 100));
    const cx = Math.round(width * (0.55 + pick(seed, 20 + i, 50) / 100));
    const cy = Math.round(height * (pick(seed, 30 + i, 100) / 100));
    out += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="${(0.06 + i * 0.04).toFixed(2)}"/>`;
  }
  return out;
}

function textLines(lines: string[], x: number, y: number, size: number, weight = 700): string {
  return lines.map((line, i) =>
    `<text x="${x}" y="${y + i * Math.round(size * 1.3)}" font-size="${size}" font-weight="${weight}" fill="#ffffff">${escapeXml(line)}</text>`).join('');
}

/** The SVG document for one generated image. Pure: the same spec always gives the same string. */
export function buildCoverSvg(spec: CoverSpec): string {
  const [width, height] = SIZES[spec.shape];
  const palette = PALETTES[pick(spec.seed, 0, PALETTES.length)]!;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(FONT)}">`;
  const title = `<title>${escapeXml(spec.title)}</title>`;
  const background = `${gradient('g', palette, spec.seed)}<rect width="${width}" height="${height}" fill="url(#g)"/>`;
  if (spec.shape === 'avatar') {
    const letters = spec.label ?? initials(spec.title);
    return `${open}${title}${background}<text x="64" y="64" dy="0.35em" text-anchor="middle" font-size="${ems(letters) > 1.5 ? 40 : 48}" font-weight="600" fill="#ffffff">${escapeXml(letters)}</text></svg>`;
  }
  const pad = Math.round(width * 0.07);
  const size = { cover: 30, banner: 56, book: 34, square: 34 }[spec.shape];
  const lines = wrapTitle(spec.title, (width - pad * 2) / size, spec.shape === 'book' ? 4 : 3);
  const top = spec.shape === 'book' ? Math.round(height * 0.3) : Math.round(height / 2 - ((lines.length - 1) * size * 1.3) / 2 + size * 0.35);
  let label = '';
  if (spec.label) {
    const labelSize = spec.shape === 'banner' ? 26 : 16;
    label = spec.shape === 'banner'
      ? textLines([spec.label], pad, top + lines.length * Math.round(size * 1.3) + 8, labelSize, 400)
      : `<rect x="${pad}" y="${pad * 0.6}" rx="${labelSize * 0.6}" width="${Math.round(ems(spec.label) * labelSize + labelSize * 1.4)}" height="${labelSize * 1.7}" fill="#000000" fill-opacity="0.22"/>`
        + `<text x="${pad + labelSize * 0.7}" y="${pad * 0.6 + labelSize * 1.2}" font-size="${labelSize}" fill="#ffffff">${escapeXml(spec.label)}</text>`;
  }
  const spine = spec.shape === 'book' ? `<rect width="18" height="${height}" fill="#000000" fill-opacity="0.18"/>` : '';
  return `${open}${title}${background}${circles(width, height, spec.seed)}${spine}${label}${textLines(lines, pad, top, size)}</svg>`;
}
