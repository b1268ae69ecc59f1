// The illustrations of generated covers (seed-catalogue-covers.ts): one scene per subject or kind,
// flat shapes in a 200 × 150 box, coloured by a palette, with details (bar heights, cards, leaves)
// varied by the seed. No text: a scene is a picture of the subject, not a label.

/** What a cover shows: a subject's scene, a kind's (book, clipboard…), a person (avatars) or an emblem (logos). */
export type Scene =
  | 'code' | 'chart' | 'spark' | 'network' | 'speech' | 'clock' | 'slides' | 'team' | 'kanban' | 'target' | 'coins' | 'ledger' | 'shield'
  | 'brush' | 'scroll' | 'graph' | 'geometry' | 'headphones' | 'notebook' | 'orbit' | 'flask'
  | 'book' | 'landscape' | 'sea' | 'clipboard' | 'laptop' | 'pen' | 'gift' | 'tablet' | 'person' | 'emblem';

/** The colours of one picture: background gradient, three accents, ink and paper. */
export interface Palette { bg: [string, string]; a: string; b: string; c: string; ink: string; paper: string }

/** Deterministic small integer from a seed and a salt (the same mixer as the covers'). */
function n(seed: number, salt: number, mod: number): number {
  let h = (seed ^ Math.imul(salt + 101, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) % mod;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
const line = (d: string, stroke: string, width = 3) => `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
/** Text-like lines: bars of varying length standing for writing. */
const bars = (x: number, y: number, w: number, count: number, gap: number, fill: string, seed: number, h = 5) =>
  Array.from({ length: count }, (_, i) => rect(x, y + i * gap, Math.round(w * (0.45 + n(seed, i + 7, 55) / 100)), h, fill, h / 2)).join('');
const check = (x: number, y: number, s: number, stroke: string) => line(`M${x} ${y}l${s * 0.4} ${s * 0.4}l${s * 0.8} -${s * 0.8}`, stroke, 3.5);
/** A four-point sparkle. */
const sparkle = (x: number, y: number, s: number, fill: string) =>
  `<path d="M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z" fill="${fill}"/>`;

type Draw = (p: Palette, seed: number) => string;

const SCENES: Record<Scene, Draw> = {
  code: (p, s) => rect(20, 14, 160, 118, p.paper, 10) + rect(20, 14, 160, 20, p.ink, 10) + rect(20, 26, 160, 8, p.ink)
    + circle(32, 24, 3.5, p.c) + circle(43, 24, 3.5, p.b) + circle(54, 24, 3.5, p.a)
    + Array.from({ length: 7 }, (_, i) => rect(34 + (n(s, i, 3) * 12), 44 + i * 11, 30 + n(s, i + 20, 70), 5, [p.a, p.b, p.c, p.ink][(i + n(s, 3, 4)) % 4]!, 2.5, ' fill-opacity="0.85"')).join('')
    + circle(158, 118, 24, p.a) + line('M150 110l-7 8l7 8M166 110l7 8l-7 8M161 106l-6 24', p.paper, 3),
  chart: (p, s) => rect(18, 16, 164, 118, p.paper, 10) + line('M34 118H168M34 118V30', p.ink, 2.5)
    + Array.from({ length: 5 }, (_, i) => { const h = 24 + n(s, i, 60) + i * 6; return rect(44 + i * 24, 118 - h, 16, h, [p.a, p.b, p.c][i % 3]!, 3); }).join('')
    + line(`M50 ${92 - n(s, 9, 10)}L76 ${78 - n(s, 10, 10)}L100 ${84 - n(s, 11, 10)}L126 ${56 - n(s, 12, 10)}L152 40`, p.ink, 3) + circle(152, 40, 5, p.ink)
    + circle(160, 118, 22, p.b) + `<path d="M160 118V96A22 22 0 0 1 181 124Z" fill="${p.a}"/>`,
  spark: (p, s) => rect(14, 26, 112, 54, p.paper, 14) + `<path d="M34 78l-6 18l22 -16z" fill="${p.paper}"/>` + bars(28, 40, 80, 3, 12, p.a, s)
    + rect(78, 76, 104, 50, p.a, 14) + `<path d="M160 124l8 16l-22 -14z" fill="${p.a}"/>` + bars(92, 88, 70, 3, 11, p.paper, s + 1)
    + sparkle(160, 30, 16, p.b) + sparkle(184, 56, 8, p.c) + sparkle(138, 14, 7, p.b),
  network: (p, s) => {
    const nodes: [number, number][] = [];
    for (const [x, ...ys] of [[30, 45, 105], [100, 30, 75, 120], [170, 55, 95]]) for (const y of ys) nodes.push([x!, y]);
    let out = '';
    for (const [x1, y1] of nodes) for (const [x2, y2] of nodes) if (x2 - x1 === 70) out += line(`M${x1} ${y1}L${x2} ${y2}`, p.ink, 1.5);
    return `<g stroke-opacity="0.5">${out}</g>` + nodes.map(([x, y], i) => circle(x, y, 11 + (i === 3 ? 4 : 0), [p.a, p.b, p.c][(i + n(s, 1, 3)) % 3]!, ` stroke="${p.paper}" stroke-width="4"`)).join('');
  },
  speech: (p, s) => rect(12, 20, 104, 60, p.paper, 16) + `<path d="M36 78l-8 20l26 -20z" fill="${p.paper}"/>`
    + circle(44, 50, 6, p.a) + circle(64, 50, 6, p.b) + circle(84, 50, 6, p.c)
    + rect(90, 62, 96, 54, p.b, 16) + `<path d="M160 114l10 18l-28 -18z" fill="${p.b}"/>` + bars(104, 76, 70, 3, 11, p.paper, s)
    + rect(30, 100, 16, 28, p.ink, 8) + line('M24 116q14 18 28 0M38 132v10', p.ink, 3),
  clock: (p, s) => circle(76, 76, 56, p.paper, ` stroke="${p.a}" stroke-width="8"`)
    + Array.from({ length: 12 }, (_, i) => { const a = (i * Math.PI) / 6; return circle(76 + Math.cos(a) * 44, 76 + Math.sin(a) * 44, i % 3 ? 2 : 4, p.ink); }).join('')
    + line(`M76 76L${76 + Math.round(Math.cos(n(s, 1, 12) * 0.52) * 30)} ${76 + Math.round(Math.sin(n(s, 1, 12) * 0.52) * 30)}`, p.ink, 5) + line('M76 76L76 40', p.b, 3) + circle(76, 76, 5, p.ink)
    + rect(134, 60, 56, 62, p.paper, 8) + rect(134, 60, 56, 16, p.c, 8) + rect(134, 70, 56, 6, p.c)
    + Array.from({ length: 6 }, (_, i) => rect(142 + (i % 3) * 15, 84 + Math.floor(i / 3) * 14, 10, 9, i === n(s, 2, 6) ? p.b : p.bg[1], 2)).join(''),
  slides: (p, s) => rect(24, 12, 152, 96, p.paper, 8, ` stroke="${p.ink}" stroke-width="3"`) + line('M100 108V136M100 116L70 142M100 116L130 142', p.ink, 4)
    + rect(38, 28, 58, 8, p.a, 4) + bars(38, 46, 50, 3, 12, p.ink, s, 4)
    + circle(134, 60, 24, p.b) + `<path d="M134 60V36A24 24 0 0 1 157 66Z" fill="${p.c}"/>` + line('M176 30L150 52', p.a, 3) + circle(176, 30, 4, p.a),
  team: (p, s) => [[52, p.b, 0], [148, p.c, 1], [100, p.a, 2]].map(([x, shirt, i]) => {
    const cx = Number(x);
    const big = i === 2 ? 1.15 : 1;
    const skin = ['#f3cfb3', '#d9a27e', '#b9815e', '#eec1a0'][(n(s, Number(i), 4))]!;
    return `<g transform="translate(${cx} ${i === 2 ? 70 : 80}) scale(${big})"><path d="M-34 62Q-32 26 0 22Q32 26 34 62Z" fill="${shirt}"/>`
      + `${circle(0, 0, 20, skin)}<path d="M-20 -2Q-18 -24 0 -24Q18 -24 20 -2Q10 -14 -6 -12Q-14 -10 -20 -2Z" fill="${p.ink}"/></g>`;
  }).join('') + sparkle(100, 14, 9, p.b),
  kanban: (p, s) => rect(10, 14, 180, 122, p.paper, 10) + [0, 1, 2].map((c) => {
    const x = 20 + c * 58;
    const cards = 1 + n(s, c, 3);
    return rect(x, 24, 50, 104, p.bg[0], 6) + rect(x + 6, 30, 26, 6, [p.a, p.b, p.c][c]!, 3)
      + Array.from({ length: cards }, (_, i) => rect(x + 5, 44 + i * 26, 40, 20, p.paper, 4, ` stroke="${[p.a, p.b, p.c][c]!}" stroke-width="2"`)).join('');
  }).join('') + circle(160, 118, 16, p.c) + check(152, 118, 12, p.paper),
  target: (p, s) => circle(84, 78, 58, p.paper) + circle(84, 78, 44, p.a) + circle(84, 78, 30, p.paper) + circle(84, 78, 16, p.b)
    + line(`M84 78L${150 + n(s, 1, 12)} ${24 + n(s, 2, 10)}`, p.ink, 4) + `<path d="M${150 + n(s, 1, 12)} ${24 + n(s, 2, 10)}l14 -4l-4 14z" fill="${p.ink}"/>`
    + line('M160 140V92', p.ink, 3) + `<path d="M160 92h28l-8 10l8 10h-28z" fill="${p.c}"/>`,
  coins: (p, s) => [0, 1, 2].map((c) => {
    const count = 3 + n(s, c, 4) + c;
    return Array.from({ length: count }, (_, i) => `<ellipse cx="${40 + c * 44}" cy="${130 - i * 9}" rx="20" ry="7" fill="${c === 1 ? p.b : p.a}" stroke="${p.ink}" stroke-opacity="0.25"/>`).join('');
  }).join('') + line('M30 70L70 50L100 62L150 26', p.c, 6) + `<path d="M150 26l-16 2l12 12z" fill="${p.c}"/>`
    + circle(166, 104, 24, p.b, ` stroke="${p.ink}" stroke-opacity="0.3" stroke-width="3"`) + rect(162, 92, 8, 24, p.paper, 3),
  ledger: (p, s) => `<path d="M30 12H118V132L108 124L98 132L88 124L78 132L68 124L58 132L48 124L38 132L30 126Z" fill="${p.paper}"/>`
    + bars(42, 28, 60, 6, 14, p.ink, s, 4) + rect(42, 112, 64, 4, p.a, 2)
    + rect(126, 40, 62, 96, p.ink, 10) + rect(134, 48, 46, 20, p.bg[0], 4)
    + Array.from({ length: 9 }, (_, i) => rect(134 + (i % 3) * 16, 76 + Math.floor(i / 3) * 18, 12, 12, i === 8 ? p.b : p.paper, 3, ' fill-opacity="0.9"')).join(''),
  shield: (p) => `<path d="M100 12L156 32V74Q156 118 100 140Q44 118 44 74V32Z" fill="${p.a}"/>`
    + `<path d="M100 24L144 40V74Q144 110 100 128Z" fill="${p.paper}" fill-opacity="0.25"/>` + check(78, 78, 34, p.paper)
    + rect(150, 96, 40, 34, p.b, 6) + line('M158 96V86A12 12 0 0 1 182 86V96', p.ink, 4) + circle(170, 112, 4, p.ink),
  brush: (p, s) => circle(150, 40, 18, p.b) + `<path d="M0 130L40 70L70 104L110 50L160 118L200 86V150H0Z" fill="${p.ink}" fill-opacity="0.75"/>`
    + `<path d="M0 140L50 100L90 128L140 92L200 130V150H0Z" fill="${p.a}" fill-opacity="0.8"/>`
    + line(`M24 40Q60 ${20 + n(s, 1, 20)} 96 36`, p.ink, 6) + line('M98 36L118 16', p.ink, 4) + rect(114, 6, 10, 16, p.c, 3, ' transform="rotate(45 119 14)"'),
  scroll: (p, s) => rect(30, 28, 140, 96, p.paper) + rect(18, 22, 14, 108, p.b, 7) + rect(168, 22, 14, 108, p.b, 7)
    + Array.from({ length: 8 }, (_, i) => rect(146 - i * 15, 40, 5, 46 + n(s, i, 30), p.ink, 2.5, ' fill-opacity="0.75"')).join('')
    + rect(52, 98, 14, 14, p.c, 2),
  graph: (p, s) => rect(16, 12, 168, 128, p.paper, 10)
    + `<path d="${Array.from({ length: 7 }, (_, i) => `M${32 + i * 24} 24V128M28 ${28 + i * 16}H172`).join('')}" stroke="${p.bg[1]}" stroke-width="1"/>`
    + line('M28 112H176M44 132V20', p.ink, 2.5) + line(`M36 ${124 - n(s, 1, 10)}Q92 ${-20 + n(s, 2, 30)} 168 ${110 - n(s, 3, 30)}`, p.a, 4)
    + line('M40 120L170 36', p.b, 3) + circle(104, 78, 5, p.c) + circle(140, 58, 5, p.c),
  geometry: (p, s) => `<path d="M30 130L90 24L150 130Z" fill="${p.a}" fill-opacity="0.85"/>` + circle(140, 62, 36, 'none', ` stroke="${p.b}" stroke-width="6"`)
    + rect(100 + n(s, 1, 20), 92, 44, 44, p.c, 2, ' fill-opacity="0.8"') + line('M20 140H190', p.ink, 3)
    + line('M170 20L150 92M170 20L190 92', p.ink, 3) + circle(170, 20, 5, p.ink),
  headphones: (p) => line('M46 100V78A54 54 0 0 1 154 78V100', p.ink, 10) + rect(30, 90, 30, 48, p.a, 12) + rect(140, 90, 30, 48, p.a, 12)
    + rect(40, 98, 12, 32, p.paper, 6, ' fill-opacity="0.4"') + line('M80 108q6 -12 0 -24M94 116q12 -24 0 -48M108 108q6 -12 0 -24', p.b, 4),
  notebook: (p, s) => `<path d="M14 30Q56 18 100 32Q144 18 186 30V132Q144 120 100 134Q56 120 14 132Z" fill="${p.paper}"/>` + line('M100 32V134', p.bg[1], 3)
    + bars(28, 46, 60, 6, 13, p.ink, s, 3) + bars(112, 46, 60, 6, 13, p.ink, s + 3, 3)
    + rect(150, 4, 12, 90, p.b, 3, ' transform="rotate(30 156 50)"') + `<path d="M131 83l-6 14l12 -8z" fill="${p.ink}"/>`,
  orbit: (p, s) => [0, 60, 120].map((r) => `<ellipse cx="100" cy="76" rx="78" ry="26" fill="none" stroke="${p.a}" stroke-width="4" transform="rotate(${r + n(s, 1, 10)} 100 76)"/>`).join('')
    + circle(100, 76, 16, p.b) + circle(100, 76, 7, p.paper, ' fill-opacity="0.6"') + circle(170, 60, 7, p.c) + circle(52, 28, 7, p.c) + circle(70, 130, 7, p.c),
  flask: (p, s) => `<path d="M76 14H112V56L150 126Q154 136 142 136H46Q34 136 38 126L76 56Z" fill="${p.paper}"/>`
    + `<path d="M58 92H130L148 126Q152 134 142 134H46Q36 134 40 126Z" fill="${p.a}"/>` + rect(70, 8, 48, 10, p.ink, 4)
    + circle(86, 108, 6, p.paper, ' fill-opacity="0.6"') + circle(104, 118, 4, p.paper, ' fill-opacity="0.6"') + circle(96, 76, 5, p.a, ' fill-opacity="0.5"')
    + rect(160, 40, 18, 90, p.paper, 9) + rect(160, 90 - n(s, 1, 20), 18, 40 + n(s, 1, 20), p.b, 9),
  book: (p, s) => `<path d="M100 36Q66 18 20 28V130Q66 120 100 138Z" fill="${p.paper}"/><path d="M100 36Q134 18 180 28V130Q134 120 100 138Z" fill="${p.paper}" fill-opacity="0.9"/>`
    + line('M100 36V138', p.bg[1], 3) + bars(34, 48, 52, 6, 12, p.ink, s, 3) + bars(114, 48, 52, 6, 12, p.ink, s + 5, 3)
    + rect(144, 8, 12, 40, p.b, 2) + `<path d="M144 48l6 -8l6 8z" fill="${p.paper}"/>`,
  landscape: (p, s) => circle(140 + n(s, 1, 30), 40, 18, p.b) + `<path d="M0 120Q50 60 100 100Q150 50 200 96V150H0Z" fill="${p.a}" fill-opacity="0.55"/>`
    + `<path d="M0 132Q60 96 120 124Q160 104 200 120V150H0Z" fill="${p.a}"/>`
    + [30, 52, 168].map((x, i) => rect(x - 2, 104 + i * 4, 4, 16, p.ink) + `<path d="M${x} ${78 + i * 4}l12 28h-24z" fill="${p.c}"/>`).join('')
    + line(`M60 ${30 + n(s, 2, 10)}q6 -6 12 0q6 -6 12 0`, p.ink, 2),
  sea: (p, s) => circle(56, 44, 16, p.b) + rect(132, 40, 16, 72, p.paper) + rect(132, 56, 16, 10, p.c) + rect(132, 80, 16, 10, p.c)
    + `<path d="M126 40h28l-14 -16z" fill="${p.c}"/>` + line('M148 32L190 22M148 32L190 42', p.b, 2)
    + [0, 1, 2].map((i) => `<path d="M0 ${108 + i * 14}q25 -10 50 0t50 0t50 0t50 0V150H0Z" fill="${p.a}" fill-opacity="${0.45 + i * 0.2}"/>`).join('')
    + `<path d="M${40 + n(s, 3, 30)} 104h36l-6 8h-24z" fill="${p.ink}"/>` + line(`M${58 + n(s, 3, 30)} 104V80`, p.ink, 2)
    + `<path d="M${58 + n(s, 3, 30)} 80l14 20h-14z" fill="${p.paper}"/>`,
  clipboard: (p, s) => rect(40, 16, 120, 126, p.b, 10) + rect(50, 28, 100, 106, p.paper, 6) + rect(76, 8, 48, 20, p.ink, 6)
    + [0, 1, 2, 3].map((i) => rect(62, 44 + i * 22, 14, 14, 'none', 3, ` stroke="${p.a}" stroke-width="2.5"`)
      + (i <= n(s, 1, 3) ? check(64, 52 + i * 22, 9, p.a) : '') + rect(84, 48 + i * 22, 50 - n(s, i + 3, 20), 5, p.ink, 2.5, ' fill-opacity="0.7"')).join(''),
  laptop: (p) => rect(30, 16, 140, 96, p.ink, 10) + rect(40, 26, 120, 76, p.bg[0], 4) + `<path d="M14 116H186L176 134H24Z" fill="${p.paper}"/>`
    + circle(100, 64, 22, p.a) + `<path d="M94 52L112 64L94 76Z" fill="${p.paper}"/>` + rect(44, 92, 112, 4, p.b, 2),
  pen: (p, s) => rect(24, 30, 96, 110, p.paper, 6) + rect(24, 30, 14, 110, p.a, 6) + bars(46, 50, 60, 6, 14, p.ink, s, 3)
    + rect(138, 10, 14, 110, p.b, 4, ' transform="rotate(18 145 65)"') + `<path d="M128 117l8 20l6 -18z" fill="${p.ink}"/>` + rect(160, 40, 26, 96, p.c, 4),
  gift: (p) => rect(24, 34, 152, 96, p.a, 12) + rect(24, 72, 152, 18, p.b) + rect(112, 34, 18, 96, p.b)
    + `<path d="M121 72Q96 40 110 36Q122 34 121 72Q146 40 136 36Q124 34 121 72Z" fill="${p.paper}"/>` + circle(52, 56, 8, p.paper, ' fill-opacity="0.5"'),
  tablet: (p, s) => rect(50, 8, 100, 136, p.ink, 12) + rect(58, 18, 84, 112, p.paper, 4) + bars(66, 30, 64, 7, 12, p.a, s, 3)
    + circle(100, 137, 3, p.paper) + sparkle(168, 40, 10, p.b),
  person: () => '',
  emblem: () => '',
};

/** The scene's shapes, in a 200 × 150 box. */
export function drawScene(scene: Scene, p: Palette, seed: number): string {
  return SCENES[scene](p, seed);
}
