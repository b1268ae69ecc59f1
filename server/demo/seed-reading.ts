// The demo chapters of the shop's reading products (migration 0013): each e-book, audiobook and
// serial of the shop tenant gets 4–8 short generated chapters, the first two free (the sample).
// Audiobook chapters play the two shortest demo tracks (seed-media.ts), so the floating player has
// real audio and the media folder stays small. One insert per tenant: every server test seeds.
import type { Transaction } from 'kysely';
import { mediaAddress } from '../lib/media';
import { PRODUCT_TYPE } from '../lib/purposes';
import { READING_TYPES } from '../modules/order/reading-repository';
import { hashText } from './seed-catalogue-plan';
import { DEMO_TRACKS, type DemoTrack } from './seed-media';
import type { DB } from '../db/types';

/** The tenants whose reading products get demo chapters: the shop (templates/tenants/shop.json). */
export const READING_SEED_TENANTS: readonly number[] = [1003];

/** How many chapters of each book are free to read. */
export const FREE_CHAPTERS = 2;

/** The demo tracks audiobook chapters use, in turn. */
export const READING_TRACKS: readonly DemoTrack[] = DEMO_TRACKS.slice(0, 2);

const NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八'];

const OPENINGS = [
  '清晨的雾气还没有散去，街角的灯一盏一盏熄灭了。',
  '那一年的夏天来得格外早，蝉声从窗外一直响到深夜。',
  '火车在平原上奔跑，车窗外的麦田像一片金色的海。',
  '雨下了整整三天，小镇的石板路被洗得发亮。',
  '他推开那扇旧木门的时候，屋里的钟正好敲了七下。',
];
const MIDDLES = [
  '她把信纸折成小小的方块，放进了外套口袋，仿佛那样就能把话留住。',
  '老人慢慢讲起从前的事，声音很轻，却让整个屋子都安静下来。',
  '他们沿着河岸走了很久，谁也没有说话，只听见水声和风声。',
  '书页之间夹着一片干枯的叶子，叶脉清晰得像一张地图。',
  '远处传来汽笛声，像是在提醒每个人：有些路总要自己走完。',
  '窗台上的那盆花又开了，颜色比去年更深一些。',
];
const ENDINGS = [
  '夜深了，故事却才刚刚开始。',
  '他合上本子，心里已经有了答案。',
  '明天会是怎样的一天呢？没有人知道。',
  '灯光下，她终于露出了久违的笑容。',
];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

/** The number of chapters of a book: 4 to 8, fixed by its title. */
export function chapterCountOf(title: string): number {
  return 4 + (hashText(`chapters-${title}`) % 5);
}

/** The title of chapter n (1-based) of a book of the given type. */
function chapterTitle(type: number, n: number): string {
  const number = NUMBERS[n - 1] ?? String(n);
  if (type === PRODUCT_TYPE.audiobook) return `第${number}集`;
  return `第${number}章`;
}

/** A chapter's generated text: a few short paragraphs, as HTML. */
export function chapterHtml(bookTitle: string, n: number): string {
  const h = hashText(`${bookTitle}-${n}`);
  const paragraphs = [
    pick(OPENINGS, h + n),
    `${pick(MIDDLES, h)}${pick(MIDDLES, h + 3)}`,
    `《${bookTitle.replace(/（.*?）/g, '')}》的这一章里，${pick(MIDDLES, h + 1)}`,
    pick(ENDINGS, h + n),
  ];
  return paragraphs.map((p) => `<p>${p}</p>`).join('');
}

/**
 * Writes the demo chapters of a tenant's reading products (only READING_SEED_TENANTS have them), in
 * that tenant's transaction, after its catalogue. Returns the chapters written.
 */
export async function seedReadingChapters(trx: Transaction<DB>, tenantId: number): Promise<number> {
  if (!READING_SEED_TENANTS.includes(tenantId)) return 0;
  const books = await trx.selectFrom('product').select(['id', 'title', 'type'])
    .where('type', 'in', [...READING_TYPES]).orderBy('id').execute();
  let track = 0;
  const rows = books.flatMap((book) => Array.from({ length: chapterCountOf(book.title) }, (_, i) => {
    const audio = book.type === PRODUCT_TYPE.audiobook ? READING_TRACKS[track++ % READING_TRACKS.length]! : null;
    return {
      tenant_id: tenantId, product_id: Number(book.id), sort: i, title: `${chapterTitle(book.type, i + 1)} ${pick(['启程', '相遇', '旧信', '雨夜', '河岸', '归途', '灯火', '远方'], hashText(book.title) + i)}`,
      body_html: chapterHtml(book.title, i + 1), audio_url: audio ? mediaAddress(audio.path) : null, duration: audio?.seconds ?? 0,
      is_free: i < FREE_CHAPTERS,
    };
  }));
  if (rows.length) await trx.insertInto('reading_chapter').values(rows).execute();
  return rows.length;
}
