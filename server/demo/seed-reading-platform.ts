// Issue 20 part U (book pages, authors and follows, the text platform, my follows and comments):
// the demo rows. Runs once per new tenant inside its seed transaction, after issue 19's seeds
// (server/demo/seed.ts). On every tenant with reading works (contents of purpose 5, 6, 7: the
// academy catalogues of demo, acme and campus): an author row per pen name the works already
// carry (the first linked to an account: demo's admin, elsewhere a generated learner), each work's
// author, serial state, word count and last chapter update; then followers, and for the demo
// `learner` two followed authors, two works on the shelf and (but on acme) a comment on a book. The shop tenant
// has no reading contents: it gets a reading category and three serials whose chapters are the
// shipped documents templates/tenants/assets/reading-platform/ (copied to /uploads/seed/). Texts in
// the tenant's language (acme, 1002, is English). Explicit tenant filters: the owner may be a
// superuser, which row-level security does not bind.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import { CATEGORY_PURPOSE, CONTENT_PURPOSE, PRODUCT_TYPE } from '../lib/purposes';

const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);
const SHOP_TENANT = 1003;
const DAY = 24 * 3600_000;
const READING: number[] = [CONTENT_PURPOSE.ebook, CONTENT_PURPOSE.audiobook, CONTENT_PURPOSE.serial];

const TEXTS = {
  zh: {
    intro: (name: string) => `${name}，专注长篇创作，作品涵盖成长、职场与科普。更新稳定，欢迎关注。`,
    comment: '故事节奏很好，每章结尾都让人想接着读，期待后续更新。',
  },
  en: {
    intro: (name: string) => `${name} writes long-form fiction and popular non-fiction about growing up, work and science. Regular updates; follow to hear about new chapters.`,
    comment: 'Well paced: every chapter ends on a note that makes me read the next one. Looking forward to more.',
  },
};

/** The shop's serials: title, pen name, state, summary and chapter titles (documents reading-platform/shop-{work}-{chapter}.html). */
const SHOP_WORKS = [
  { title: '星河旅人', penName: '北辰', state: 'serialising', purpose: CONTENT_PURPOSE.serial, summary: '一艘货运飞船上的少年领航员，在星际航线上寻找失踪的父亲。', chapters: ['第一章 出港', '第二章 航标', '第三章 信号'] },
  { title: '山城旧事', penName: '北辰', state: 'finished', purpose: CONTENT_PURPOSE.ebook, summary: '雾气里的老街、缆车和茶馆，一座山城三代人的故事。', chapters: ['第一章 缆车', '第二章 茶馆', '第三章 石阶'] },
  { title: '晚风集', penName: '晚枫', state: 'finished', purpose: CONTENT_PURPOSE.serial, summary: '写给通勤路上的短篇散文，每章一个城市的黄昏。', chapters: ['第一章 江边', '第二章 站台', '第三章 天台'] },
] as const;

/** A stable word count for a seeded work: about 3,000 characters a chapter. */
const wordsOf = (id: number, chapters: number) => chapters * (2600 + ((id * 137) % 900));

/** The shop's serials (it has no catalogue of reading contents): a reading category, the works and their chapters. */
async function seedShopWorks(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const category = await trx.insertInto('category').values({ tenant_id: tenantId, parent_id: null, purpose: CATEGORY_PURPOSE.reading, name: '原创连载', icon: null, sort: 0 })
    .returning('id').executeTakeFirstOrThrow();
  const covers = await trx.selectFrom('product').select('cover').where('tenant_id', '=', tenantId)
    .where('type', 'in', [PRODUCT_TYPE.ebook, PRODUCT_TYPE.serial]).where('cover', 'is not', null).orderBy('id').limit(SHOP_WORKS.length).execute();
  for (const [w, work] of SHOP_WORKS.entries()) {
    const doc = (c: number) => `/uploads/seed/reading-platform/shop-${w + 1}-${c + 1}.html`;
    const row = await trx.insertInto('content').values({
      tenant_id: tenantId, category_id: Number(category.id), title: work.title, cover: covers[w]?.cover ?? null, summary: work.summary, purpose: work.purpose,
      kind: 'article', author: work.penName, duration: 0, media_url: doc(0), labels: [], view_count: 300 - w * 80,
      publish_time: new Date(Date.now() - (40 - w * 10) * DAY),
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('content_part').values(work.chapters.map((title, c) => ({
      tenant_id: tenantId, content_id: Number(row.id), title, kind: 'article' as const, media_url: doc(c), duration: 0, sort: c,
    }))).execute();
    await trx.updateTable('content').set({ serial_state: work.state }).where('tenant_id', '=', tenantId).where('id', '=', Number(row.id)).execute();
  }
}

export async function seedReadingPlatform(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const texts = ENGLISH_TENANTS.has(tenantId) ? TEXTS.en : TEXTS.zh;
  if (tenantId === SHOP_TENANT) await seedShopWorks(trx, tenantId);
  const works = await trx.selectFrom('content as c')
    .select(['c.id', 'c.author', 'c.purpose', 'c.publish_time', 'c.serial_state',
      sql<number>`(select count(*) from content_part p where p.tenant_id = c.tenant_id and p.content_id = c.id)`.as('parts')])
    .where('c.tenant_id', '=', tenantId).where('c.purpose', 'in', READING).where('c.state', '=', 1).orderBy('c.id').execute();
  if (works.length === 0) return;

  // One author per pen name the works carry; the first is linked to an account.
  const names = [...new Set(works.map((w) => w.author?.trim()).filter((n): n is string => Boolean(n)))];
  const accounts = await trx.selectFrom('user_account').select(['id', 'account']).where('tenant_id', '=', tenantId).orderBy('id').execute();
  const learner = accounts.find((a) => a.account === 'learner');
  const others = accounts.filter((a) => a.account !== 'learner' && a.account !== 'admin');
  const owner = accounts.find((a) => a.account === 'admin') ?? others[0];
  const authorIds = new Map<string, number>();
  for (const [i, name] of names.entries()) {
    const row = await trx.insertInto('author').values({
      tenant_id: tenantId, user_id: i === 0 && owner ? Number(owner.id) : null, pen_name: name, intro: texts.intro(name),
      created_at: new Date(Date.now() - (90 - i) * DAY),
    }).returning('id').executeTakeFirstOrThrow();
    authorIds.set(name, Number(row.id));
  }

  // Each work: its author, state (serials alternate; e-books and audiobooks are finished), words, last update.
  for (const [i, w] of works.entries()) {
    const authorId = w.author ? authorIds.get(w.author.trim()) ?? null : null;
    const state = w.serial_state ?? (w.purpose === CONTENT_PURPOSE.serial && i % 2 === 0 ? 'serialising' : 'finished');
    const updated = new Date(Math.min(Date.now() - (i % 9) * DAY - 3600_000, new Date(w.publish_time).getTime() + (i % 7 + 1) * DAY));
    await trx.updateTable('content').set({
      author_id: authorId, serial_state: state, word_count: wordsOf(Number(w.id), Math.max(1, Number(w.parts))), chapter_updated_at: updated,
    }).where('tenant_id', '=', tenantId).where('id', '=', Number(w.id)).execute();
  }

  // Followers: generated learners spread over the authors (the first author the most), then the demo learner.
  const ids = [...authorIds.values()];
  const follows: { tenant_id: number; user_id: number; author_id: number; created_at: Date }[] = [];
  ids.forEach((authorId, a) => {
    others.slice(0, Math.max(1, 12 - a * 3)).forEach((u, k) => {
      if (owner && u.id === owner.id && a === 0) return;
      follows.push({ tenant_id: tenantId, user_id: Number(u.id), author_id: authorId, created_at: new Date(Date.now() - (k + 2) * DAY) });
    });
  });
  if (learner) {
    ids.slice(0, 2).forEach((authorId, k) => follows.push({ tenant_id: tenantId, user_id: Number(learner.id), author_id: authorId, created_at: new Date(Date.now() - (k + 1) * DAY) }));
  }
  if (follows.length) await trx.insertInto('user_follow').values(follows).onConflict((oc) => oc.doNothing()).execute();
  if (!learner) return;

  // The learner's shelf (two works) and a comment on a book.
  const shelved = works.slice(0, 2);
  await trx.insertInto('content_shelf').values(shelved.map((w, k) => ({
    tenant_id: tenantId, user_id: Number(learner.id), content_id: Number(w.id), added_at: new Date(Date.now() - (k + 1) * 3 * 3600_000),
  }))).onConflict((oc) => oc.doNothing()).execute();
  // Not on acme: its learner's own comments are what tests/server/social.test.ts writes and counts.
  if (ENGLISH_TENANTS.has(tenantId)) return;
  await trx.insertInto('comment').values({
    tenant_id: tenantId, user_id: Number(learner.id), target_type: 'content', target_id: Number(works[0]!.id), content: texts.comment, score: 5,
    created_at: new Date(Date.now() - 2 * DAY),
  }).execute();
}
