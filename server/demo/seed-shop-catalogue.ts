// Issue 20 part P (product lists by category, product content, bought, the product center): the demo
// rows. Runs once per new tenant inside its seed transaction, after issue 19's seeds
// (server/demo/seed.ts). docs/shop-and-content.md "Product lists, product content, bought".
// - shop (1003): featured product categories for the product center; every reading product grants
//   its book; every course product (type 2) grants an audio course of its own (two chapters of three
//   lessons playing the shop's demo tracks); the learner has one completed order (a course and a
//   paper book, no reading product: the bookshelf starts empty) so /sub_shop/bought has rows.
// - acme (1002): a small English store selling access to some of its courses, a subject and two
//   contents, and the learner's completed order of one of them.
// - demo (1001) and the others sell nothing (the demo tenant has no shop: docs/decisions.md).
// Every query names its tenant (the seed may run as a superuser, past row-level security).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import { mediaAddress } from '../lib/media';
import { CATEGORY_PURPOSE, CONTENT_PURPOSE, PRODUCT_TYPE } from '../lib/purposes';
import { READING_TRACKS } from './seed-reading';

type Trx = Transaction<DB>;
const SHOP = 1003;
const ACME = 1002;

/** The shop's categories the product center features (seed-catalogue-shop.ts names them). */
export const SHOP_FEATURED = ['文学小说', '职业技能', '电子书', '有声书', '文具'];

/** The chapters and lessons of a shop course (its title comes from the product). */
const SHOP_COURSE = [
  { title: '第 1 章 入门', lessons: ['课程介绍与学习方法', '必备的基础概念', '第一次动手练习'] },
  { title: '第 2 章 进阶', lessons: ['常见问题与解决思路', '综合案例讲解', '总结与下一步'] },
];

export async function seedShopCatalogue(trx: Trx, tenantId: number): Promise<void> {
  if (tenantId === SHOP) await seedShop(trx);
  if (tenantId === ACME) await seedAcme(trx);
}

async function learnerOf(trx: Trx, tenantId: number): Promise<number | undefined> {
  const row = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  return row?.id;
}

async function seedShop(trx: Trx): Promise<void> {
  await trx.updateTable('category').set({ featured: true })
    .where('tenant_id', '=', SHOP).where('purpose', '=', CATEGORY_PURPOSE.product).where('name', 'in', SHOP_FEATURED).execute();
  const products = await trx.selectFrom('product').select(['id', 'type', 'title', 'cover', 'summary'])
    .where('tenant_id', '=', SHOP).orderBy('id').execute();
  const reading = products.filter((p) => p.type === PRODUCT_TYPE.ebook || p.type === PRODUCT_TYPE.audiobook || p.type === PRODUCT_TYPE.serial);
  if (reading.length) await trx.insertInto('product_grant').values(reading.map((p) => ({ tenant_id: SHOP, product_id: p.id, kind: 'book' as const }))).execute();

  for (const product of products.filter((p) => p.type === PRODUCT_TYPE.course)) {
    const course = await trx.insertInto('course').values({
      tenant_id: SHOP, category_id: null, title: product.title, cover: product.cover, summary: product.summary, teacher_id: null, labels: [],
    }).returning('id').executeTakeFirstOrThrow();
    let track = 0;
    for (const [p, phase] of SHOP_COURSE.entries()) {
      const row = await trx.insertInto('course_phase').values({ tenant_id: SHOP, course_id: course.id, title: phase.title, sort: p }).returning('id').executeTakeFirstOrThrow();
      for (const [l, lesson] of phase.lessons.entries()) {
        const audio = READING_TRACKS[track++ % READING_TRACKS.length]!;
        // A course lesson content (purpose 8): opened from its course, never listed in the library.
        const content = await trx.insertInto('content').values({
          tenant_id: SHOP, category_id: null, title: lesson, cover: product.cover, summary: product.summary, purpose: CONTENT_PURPOSE.lesson,
          kind: 'audio', author: null, duration: audio.seconds, media_url: mediaAddress(audio.path), labels: [],
        }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('course_phase_content').values({
          tenant_id: SHOP, course_id: course.id, phase_id: row.id, content_id: content.id, title: `${p + 1}.${l + 1} ${lesson}`, kind: 'audio', duration: audio.seconds, sort: l,
        }).execute();
      }
    }
    await trx.insertInto('product_grant').values({ tenant_id: SHOP, product_id: product.id, kind: 'course', course_id: course.id }).execute();
  }

  // The learner's completed order: the last course product and the last paper book (reading tests
  // and the shop e2e use the first ones), so /sub_shop/bought has a course and goods.
  const learner = await learnerOf(trx, SHOP);
  const lines = [products.filter((p) => p.type === PRODUCT_TYPE.course).at(-1), products.filter((p) => p.type === PRODUCT_TYPE.book).at(-1)].filter((p) => p !== undefined);
  if (learner !== undefined && lines.length) await completedOrder(trx, SHOP, learner, lines.map((p) => p.id), { receiver: '张同学', area: '浙江省 杭州市 西湖区', detail: '文三路 100 号' }, 'catalogue-seed-shop');
}

const ACME_CATEGORIES = [
  { name: 'Courses', featured: true, children: ['Leadership and management', 'Technology and data'] },
  { name: 'Learning paths', featured: true, children: [] },
  { name: 'Resources', featured: true, children: [] },
];

async function seedAcme(trx: Trx): Promise<void> {
  const provider = await trx.insertInto('provider').values({
    tenant_id: ACME, name: 'Acme Academy Store', logo: null, summary: 'Full access to Acme Academy courses, learning paths and resources.', org_type: 'MERCHANT', org_path: `/${ACME}/1`, state: 0, sort: 0,
  }).returning('id').executeTakeFirstOrThrow();
  const ids = new Map<string, number>();
  for (const [r, root] of ACME_CATEGORIES.entries()) {
    const row = await trx.insertInto('category').values({ tenant_id: ACME, parent_id: null, purpose: CATEGORY_PURPOSE.product, name: root.name, sort: r, featured: root.featured }).returning('id').executeTakeFirstOrThrow();
    ids.set(root.name, row.id);
    for (const [c, child] of root.children.entries()) {
      const sub = await trx.insertInto('category').values({ tenant_id: ACME, parent_id: row.id, purpose: CATEGORY_PURPOSE.product, name: child, sort: c }).returning('id').executeTakeFirstOrThrow();
      ids.set(child, sub.id);
    }
  }
  const courses = await trx.selectFrom('course').select(['id', 'title', 'cover', 'summary']).where('tenant_id', '=', ACME).where('state', '=', 1).orderBy('id').limit(6).execute();
  const subjects = await trx.selectFrom('subject').select(['id', 'title', 'cover', 'summary']).where('tenant_id', '=', ACME).where('state', '=', 1).orderBy('id').limit(2).execute();
  const contents = await trx.selectFrom('content').select(['id', 'title', 'cover', 'summary']).where('tenant_id', '=', ACME).where('state', '=', 1)
    .where('purpose', 'in', [CONTENT_PURPOSE.microCourse, CONTENT_PURPOSE.knowledge, CONTENT_PURPOSE.content]).orderBy('id').limit(2).execute();
  const offers = [
    ...courses.map((c, i) => ({ ...c, kind: 'course' as const, category: i % 2 ? 'Technology and data' : 'Leadership and management', price: 39 + i * 10 })),
    ...subjects.map((s, i) => ({ ...s, kind: 'subject' as const, category: 'Learning paths', price: 129 + i * 20 })),
    ...contents.map((c, i) => ({ ...c, kind: 'content' as const, category: 'Resources', price: 9.9 + i * 5 })),
  ];
  const sold: number[] = [];
  for (const [i, offer] of offers.entries()) {
    const product = await trx.insertInto('product').values({
      tenant_id: ACME, provider_id: provider.id, type: PRODUCT_TYPE.course, price: offer.price, retail_price: i % 3 === 0 ? Math.round(offer.price * 1.3) : null,
      stock: 9999, sales_count: 40 + ((i * 37) % 300), category_id: ids.get(offer.category)!, title: `${offer.title} (full access)`, cover: offer.cover,
      summary: offer.summary, description: `Lifetime access to "${offer.title}".\n\nStudy at your own pace; your progress is kept in your learning file.`,
      publish_time: sql<Date>`now() - make_interval(days => ${i * 3})`,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('product_grant').values({
      tenant_id: ACME, product_id: product.id, kind: offer.kind,
      course_id: offer.kind === 'course' ? offer.id : null, subject_id: offer.kind === 'subject' ? offer.id : null, content_id: offer.kind === 'content' ? offer.id : null,
    }).execute();
    sold.push(product.id);
  }
  const learner = await learnerOf(trx, ACME);
  if (learner !== undefined && sold.length) await completedOrder(trx, ACME, learner, [sold[0]!], { receiver: 'Alex Learner', area: 'London', detail: '1 Acme Street' }, 'catalogue-seed-acme');
}

/** A completed (state 3) order of one piece of each product, priced as the products are now. */
async function completedOrder(trx: Trx, tenantId: number, userId: number, productIds: number[], address: { receiver: string; area: string; detail: string }, token: string): Promise<void> {
  const products = await trx.selectFrom('product as p')
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
    .select(['p.id', 'p.type', 'p.title', 'p.cover', 'p.price', 'p.retail_price', 'p.provider_id', 'v.name as provider_name'])
    .where('p.tenant_id', '=', tenantId).where('p.id', 'in', productIds).execute();
  const total = products.reduce((n, p) => n + Number(p.price), 0);
  const retail = products.reduce((n, p) => n + Number(p.retail_price ?? p.price), 0);
  const order = await trx.insertInto('shop_order').values({
    tenant_id: tenantId, user_id: userId, submit_token: token, state: 3, product_count: products.length, item_count: products.length,
    total_price: total, total_ret_price: retail, freight: 0, pay_price: total, pay_type: 'simulated', remark: null,
    receiver: address.receiver, phone: '13812345678', area: address.area, detail: address.detail,
    created_at: sql<Date>`now() - interval '10 days'`, expires_at: sql<Date>`now() - interval '10 days' + interval '30 minutes'`,
    paid_at: sql<Date>`now() - interval '10 days' + interval '2 minutes'`, shipped_at: sql<Date>`now() - interval '10 days' + interval '2 minutes'`,
    received_at: sql<Date>`now() - interval '7 days'`,
  }).returning('id').executeTakeFirstOrThrow();
  await trx.updateTable('shop_order').set({ order_no: sql<string>`to_char(now() - interval '10 days', 'YYYYMMDDHH24MISS') || lpad(id::text, 6, '0')` })
    .where('tenant_id', '=', tenantId).where('id', '=', order.id).execute();
  await trx.insertInto('shop_order_item').values(products.map((p) => ({
    tenant_id: tenantId, order_id: order.id, product_id: p.id, provider_id: p.provider_id, provider_name: p.provider_name, product_type: p.type,
    title: p.title, cover: p.cover, price: p.price, ret_price: p.retail_price ?? p.price, quantity: 1,
  }))).execute();
}
