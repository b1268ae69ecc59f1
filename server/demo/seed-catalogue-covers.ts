import { drawScene, type Palette, type Scene } from './seed-catalogue-scenes';

export type { Scene } from './seed-catalogue-scenes';

// Cover, avatar and banner images for the demo catalogue: SVG illustrations drawn by code, so a
// home page looks like a real portal's without shipping binary files. A cover shows its subject's
// scene (a code window for front-end courses, a flask for chemistry, seed-catalogue-scenes.ts) in a
// palette, layout and background picked by its seed, and never the item's title: the card prints
// the title under it (issue 13 point 11). Avatars are drawn people. Only a banner carries words, its
// campaign headline, as a real one does. Pure: same input, same bytes.

interface CoverBase {
  /** Path under the upload dir, e.g. seed/covers/1001/course-3.svg. */
  file: string;
  /** What the picture shows. */
  scene: Scene;
  /** Picks the palette, the layout and the decoration; any integer. */
  seed: number;
}

/** What one generated image shows. No title: only a banner has words, its headline and subline. */
export type CoverSpec = CoverBase & (
  | { shape: 'cover' | 'avatar' | 'book' | 'square' }
  | { shape: 'banner'; headline: string; subline: string }
);

/** A cover spec before the plan gives it a file and a seed (addCover, seed-catalogue-plan.ts). */
export type CoverDraft = CoverSpec extends infer T ? (T extends CoverSpec ? Omit<T, 'file' | 'seed'> : never) : never;

// Shop product images are square (product cards show them 1:1); books keep their 3:4 cover.
const SIZES = { cover: [480, 270], avatar: [128, 128], banner: [1200, 400], book: [360, 480], square: [400, 400] } as const;
const FONT = `'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif`;

/** Background pairs (light to deeper) with the accents drawn on them; each scene takes a few. */
const PALETTES: readonly Palette[] = [
  { bg: ['#e8f1ff', '#b9d3ff'], a: '#2f6fed', b: '#ff8a3d', c: '#1fbf8f', ink: '#1d2b4f', paper: '#ffffff' },
  { bg: ['#f1ebff', '#d3c2ff'], a: '#7b4ee0', b: '#ffb020', c: '#ff6b8b', ink: '#2b1d4f', paper: '#ffffff' },
  { bg: ['#e3f7f1', '#a9e6d3'], a: '#0f9d78', b: '#ff7a59', c: '#3a86ff', ink: '#12372f', paper: '#ffffff' },
  { bg: ['#fff2e2', '#ffd3a1'], a: '#f08a24', b: '#3a6ff0', c: '#e84a5f', ink: '#4a2a0c', paper: '#fffaf3' },
  { bg: ['#ffe9ec', '#ffbfc9'], a: '#e5486b', b: '#3d7be8', c: '#ffc145', ink: '#4a1322', paper: '#ffffff' },
  { bg: ['#e6f6fb', '#a8deef'], a: '#1597bb', b: '#ff9f1c', c: '#8f5bd8', ink: '#0f3645', paper: '#ffffff' },
  { bg: ['#eef6e4', '#c7e3a4'], a: '#4f9a2a', b: '#f2a541', c: '#3f7fd6', ink: '#25381a', paper: '#fffef8' },
  { bg: ['#f4efe6', '#e2d2b5'], a: '#a0522d', b: '#2f7d6d', c: '#d9534f', ink: '#3b2a1a', paper: '#fffdf7' },
  { bg: ['#1f2a44', '#34456e'], a: '#5ab0ff', b: '#ffcc4d', c: '#ff6f91', ink: '#0e1526', paper: '#f4f7ff' },
  { bg: ['#13343b', '#1f5560'], a: '#3dd6c6', b: '#ffb347', c: '#ff7aa2', ink: '#0a1d21', paper: '#f2fffd' },
];

/** Deterministic small integer from the seed (murmur3's finaliser, so nearby seeds spread out). */
export function pick(seed: number, salt: number, mod: number): number {
  let h = (seed ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) % mod;
}

/** A scene's palette: scenes prefer some palettes (a finance cover is green or gold), the seed picks among them. */
function paletteOf(scene: Scene, seed: number): Palette {
  let h = 0;
  for (const ch of scene) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const choices = [h % PALETTES.length, (h >>> 4) % PALETTES.length, (h >>> 8) % PALETTES.length];
  return PALETTES[choices[pick(seed, 0, choices.length)]!]!;
}

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

/** A soft background: the palette's gradient, one of four textures and a few blobs, all from the seed. */
function background(width: number, height: number, p: Palette, seed: number): string {
  const angle = pick(seed, 1, 2) ? 'x1="0" y1="0" x2="1" y2="1"' : 'x1="1" y1="0" x2="0" y2="1"';
  let out = `<defs><linearGradient id="bg" ${angle}><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient></defs>`
    + `<rect width="${width}" height="${height}" fill="url(#bg)"/>`;
  const texture = pick(seed, 2, 4);
  const faint = `fill="${p.paper}" fill-opacity="0.35"`;
  if (texture === 0) {
    for (let y = 14; y < height; y += 22) for (let x = 14 + (y % 44 ? 11 : 0); x < width; x += 22) out += `<circle cx="${x}" cy="${y}" r="1.6" ${faint}/>`;
  } else if (texture === 1) {
    let d = '';
    for (let x = 0; x < width; x += 32) d += `M${x} 0V${height}`;
    for (let y = 0; y < height; y += 32) d += `M0 ${y}H${width}`;
    out += `<path d="${d}" stroke="${p.paper}" stroke-opacity="0.25" stroke-width="1"/>`;
  } else if (texture === 2) {
    let d = '';
    for (let x = -height; x < width; x += 26) d += `M${x} ${height}L${x + height} 0`;
    out += `<path d="${d}" stroke="${p.paper}" stroke-opacity="0.18" stroke-width="8"/>`;
  } else {
    for (let i = 0; i < 3; i += 1) {
      const y = Math.round(height * (0.55 + i * 0.15));
      out += `<path d="M0 ${y} C ${width * 0.3} ${y - 30} ${width * 0.6} ${y + 30} ${width} ${y - 10} V${height} H0Z" fill="${p.paper}" fill-opacity="${0.12 + i * 0.06}"/>`;
    }
  }
  for (let i = 0; i < 2; i += 1) {
    const r = Math.round(height * (0.2 + pick(seed, 10 + i, 25) / 100));
    const cx = Math.round(width * (i ? 0.9 : 0.08) + pick(seed, 20 + i, 40) - 20);
    const cy = Math.round(height * (i ? 0.15 : 0.9));
    out += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${i ? p.b : p.a}" fill-opacity="0.12"/>`;
  }
  return out;
}

/** Small accents around a scene: sparkles, dots and a plant, placed by the seed. */
function accents(width: number, height: number, p: Palette, seed: number): string {
  let out = '';
  for (let i = 0; i < 3; i += 1) {
    const x = Math.round(width * (0.06 + pick(seed, 40 + i, 88) / 100));
    const y = Math.round(height * (0.08 + pick(seed, 50 + i, 25) / 100));
    const s = 5 + pick(seed, 60 + i, 5);
    out += i === 1
      ? `<circle cx="${x}" cy="${y}" r="${s * 0.6}" fill="${p.c}" fill-opacity="0.7"/>`
      : `<path d="M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z" fill="${p.paper}" fill-opacity="0.85"/>`;
  }
  if (pick(seed, 70, 2)) {
    const x = Math.round(width * (pick(seed, 71, 2) ? 0.1 : 0.86));
    const y = height - 10;
    out += `<path d="M${x} ${y}v-34" stroke="${p.c}" stroke-width="3"/><ellipse cx="${x - 9}" cy="${y - 24}" rx="10" ry="5" transform="rotate(-30 ${x - 9} ${y - 24})" fill="${p.c}"/>`
      + `<ellipse cx="${x + 9}" cy="${y - 32}" rx="10" ry="5" transform="rotate(30 ${x + 9} ${y - 32})" fill="${p.c}"/><path d="M${x - 10} ${y}h20l-3 -12h-14z" fill="${p.b}"/>`;
  }
  return out;
}

/** The scene placed in a box: the scenes are drawn in 200 × 150 units. */
function placed(spec: CoverBase, p: Palette, x: number, y: number, scale: number): string {
  return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(3)})">`
    + `<ellipse cx="100" cy="146" rx="84" ry="7" fill="${p.ink}" fill-opacity="0.12"/>${drawScene(spec.scene, p, spec.seed)}</g>`;
}

/** A drawn person for an avatar: skin, hair, clothes and accessories picked by the seed. */
function person(p: Palette, seed: number): string {
  const skins = ['#f6d7c3', '#eec1a0', '#d9a27e', '#b9815e', '#8d5a3b', '#f3cfb3'];
  const hairs = ['#1f1a17', '#3b2a20', '#5a3825', '#7a4b2a', '#a0522d', '#8a8a8a', '#2d2430'];
  const shirts = [p.a, p.b, p.c, '#4a5568', '#2f855a', '#c05621'];
  const skin = skins[pick(seed, 80, skins.length)]!;
  const hair = hairs[pick(seed, 81, hairs.length)]!;
  const shirt = shirts[pick(seed, 82, shirts.length)]!;
  const style = pick(seed, 83, 5);
  const back = style === 1 || style === 3 ? `<path d="M38 60 Q36 100 44 112 H84 Q92 100 90 60 Z" fill="${hair}"/>` : '';
  const fronts = [
    `<path d="M40 56 Q42 30 64 30 Q88 30 88 56 Q80 44 64 42 Q50 42 40 56Z" fill="${hair}"/>`,
    `<path d="M38 62 Q38 28 64 28 Q90 28 90 62 Q84 46 70 42 Q56 50 38 62Z" fill="${hair}"/>`,
    `<path d="M42 50 Q48 32 64 32 Q80 32 86 50 Q76 40 64 40 Q52 40 42 50Z" fill="${hair}"/>`,
    `<path d="M40 58 Q40 30 64 30 Q88 30 88 58 Q86 44 76 40 Q60 46 48 42 Q42 48 40 58Z" fill="${hair}"/><circle cx="64" cy="24" r="9" fill="${hair}"/>`,
    `<path d="M41 54 Q44 32 64 31 Q84 32 87 54 L84 46 Q64 36 44 46Z" fill="${hair}"/>`,
  ];
  const glasses = pick(seed, 84, 3) === 0
    ? `<g fill="none" stroke="${p.ink}" stroke-width="2"><circle cx="55" cy="62" r="7"/><circle cx="73" cy="62" r="7"/><path d="M62 62h4"/></g>` : '';
  const beard = style === 4 && pick(seed, 85, 2) ? `<path d="M46 68 Q48 88 64 90 Q80 88 82 68 Q76 80 64 80 Q52 80 46 68Z" fill="${hair}" fill-opacity="0.85"/>` : '';
  return `${back}<path d="M22 128 Q24 96 50 90 H78 Q104 96 106 128 Z" fill="${shirt}"/>`
    + `<path d="M54 84 h20 v10 q-10 8 -20 0z" fill="${skin}"/><path d="M56 92 L64 102 L72 92" fill="none" stroke="${p.paper}" stroke-width="3"/>`
    + `<ellipse cx="64" cy="62" rx="23" ry="27" fill="${skin}"/><ellipse cx="41" cy="64" rx="4" ry="6" fill="${skin}"/><ellipse cx="87" cy="64" rx="4" ry="6" fill="${skin}"/>`
    + `${fronts[style]}<circle cx="55" cy="63" r="2.4" fill="${p.ink}"/><circle cx="73" cy="63" r="2.4" fill="${p.ink}"/>`
    + `<path d="M57 76 Q64 81 71 76" fill="none" stroke="${p.ink}" stroke-width="2" stroke-linecap="round"/>`
    + `<ellipse cx="50" cy="72" rx="4" ry="2.5" fill="#ff7a7a" fill-opacity="0.3"/><ellipse cx="78" cy="72" rx="4" ry="2.5" fill="#ff7a7a" fill-opacity="0.3"/>${glasses}${beard}`;
}

/** A logo for a provider: two overlapping shapes in a rounded square, no letters. */
function emblem(p: Palette, seed: number): string {
  const shapes = [
    `<circle cx="54" cy="58" r="24" fill="${p.paper}"/><circle cx="76" cy="72" r="22" fill="${p.b}" fill-opacity="0.9"/>`,
    `<path d="M64 26 L100 92 H28 Z" fill="${p.paper}"/><circle cx="64" cy="74" r="14" fill="${p.b}"/>`,
    `<rect x="34" y="34" width="44" height="44" rx="8" fill="${p.paper}"/><rect x="52" y="52" width="44" height="44" rx="22" fill="${p.b}" fill-opacity="0.9"/>`,
    `<path d="M30 64 Q64 10 98 64 Q64 118 30 64Z" fill="${p.paper}"/><circle cx="64" cy="64" r="12" fill="${p.b}"/>`,
  ];
  return `<rect x="8" y="8" width="112" height="112" rx="28" fill="${p.a}"/>${shapes[pick(seed, 90, shapes.length)]}`;
}

/** The SVG document for one generated image. Pure: the same spec always gives the same string. */
export function buildCoverSvg(spec: CoverSpec): string {
  const [width, height] = SIZES[spec.shape];
  const p = paletteOf(spec.scene, spec.seed);
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(FONT)}">`;
  if (spec.shape === 'avatar') {
    const body = spec.scene === 'person' ? person(p, spec.seed) : emblem(p, spec.seed);
    return `${open}<rect width="128" height="128" fill="${p.bg[1]}"/><circle cx="64" cy="64" r="58" fill="${p.bg[0]}"/>${body}</svg>`;
  }
  const flip = pick(spec.seed, 3, 2) === 1;
  // Dark palettes take light words.
  const words = /^#[0-3]/.test(p.bg[0]) ? p.paper : p.ink;
  if (spec.shape === 'banner') {
    const size = 52;
    const lines = wrapTitle(spec.headline, 560 / size, 2);
    const top = 150 - (lines.length - 1) * 34;
    const text = lines.map((line, i) => `<text x="90" y="${top + i * Math.round(size * 1.3)}" font-size="${size}" font-weight="700" fill="${words}">${escapeXml(line)}</text>`).join('')
      + `<text x="92" y="${top + lines.length * Math.round(size * 1.3) + 8}" font-size="26" fill="${words}" fill-opacity="0.8">${escapeXml(spec.subline)}</text>`
      + `<rect x="92" y="${top + lines.length * Math.round(size * 1.3) + 44}" width="64" height="8" rx="4" fill="${p.a}"/>`;
    return `${open}${background(width, height, p, spec.seed)}${accents(width, height, p, spec.seed)}${placed(spec, p, 700, 40, 2.2)}${text}</svg>`;
  }
  if (spec.shape === 'book') {
    // A book jacket: a coloured board, the art (a novel's is a landscape or the sea, not a book) in
    // one of three layouts, bands where a title would be printed, and a spine.
    const art: CoverBase = spec.scene === 'book' ? { ...spec, scene: (['landscape', 'sea', 'brush', 'book'] as const)[pick(spec.seed, 5, 4)]! } : spec;
    const board = [p.a, p.ink, p.c][pick(spec.seed, 4, 3)]!;
    const layout = pick(spec.seed, 6, 3);
    const body = layout === 0
      ? `<rect x="40" y="60" width="${width - 70}" height="300" rx="10" fill="${p.bg[0]}"/>${placed(art, p, 55, 110, 1.25)}`
        + `<rect x="40" y="390" width="${(width - 70) * 0.7}" height="12" rx="6" fill="${p.paper}" fill-opacity="0.8"/>`
        + `<rect x="40" y="414" width="${(width - 70) * 0.45}" height="8" rx="4" fill="${p.paper}" fill-opacity="0.5"/>`
      : layout === 1
        ? `${background(width, 330, p, spec.seed)}${placed(art, p, 35, 70, 1.5)}<rect y="330" width="${width}" height="150" fill="${board}"/>`
          + `<rect x="48" y="372" width="${(width - 96) * 0.8}" height="14" rx="7" fill="${p.paper}" fill-opacity="0.85"/>`
          + `<rect x="48" y="400" width="${(width - 96) * 0.5}" height="8" rx="4" fill="${p.paper}" fill-opacity="0.5"/>`
        : `<circle cx="${width / 2 + 10}" cy="210" r="140" fill="${p.bg[0]}"/><circle cx="${width / 2 + 10}" cy="210" r="150" fill="none" stroke="${p.paper}" stroke-opacity="0.5" stroke-width="3"/>`
          + `${placed(art, p, width / 2 + 10 - 130, 130, 1.3)}<rect x="${width / 2 - 70}" y="400" width="160" height="10" rx="5" fill="${p.paper}" fill-opacity="0.8"/>`;
    return `${open}<rect width="${width}" height="${height}" fill="${board}"/>${body}`
      + `<rect width="22" height="${height}" fill="#000000" fill-opacity="0.2"/><rect x="22" width="3" height="${height}" fill="${p.paper}" fill-opacity="0.25"/></svg>`;
  }
  const scale = spec.shape === 'square' ? 1.6 : 1.45;
  const x = spec.shape === 'square' ? 40 : flip ? 40 : width - 200 * scale - 40;
  const y = spec.shape === 'square' ? 70 : height - 150 * scale - 16;
  return `${open}${background(width, height, p, spec.seed)}${accents(width, height, p, spec.seed)}${placed(spec, p, x, y, scale)}</svg>`;
}
