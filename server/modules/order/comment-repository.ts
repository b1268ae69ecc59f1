import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { Page } from '../../lib/listing';
import { offsetOf } from '../../lib/list-sql';
import type { ProductCommentPage } from '../../../schemas/api/order';

// A product's reviews (product_comment, migration 0014) for GET /order/api/orderComment/prodCommentList.

type Trx = Transaction<DB>;

const DISPLAY_NAME = sql<string>`coalesce(nullif(btrim(u.nick_name), ''), nullif(btrim(u.real_name), ''), '买家')`;

/** The score summary of a product's visible reviews: mean to one decimal, count, and how many gave each score. */
async function commentSummary(trx: Trx, productId: number): Promise<ProductCommentPage['summary']> {
  const rows = await trx.selectFrom('product_comment').select(['score', sql<number>`count(*)::int`.as('n')])
    .where('product_id', '=', productId).where('state', '=', 1).groupBy('score').execute();
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let count = 0;
  let sum = 0;
  for (const r of rows) {
    distribution[r.score as 1 | 2 | 3 | 4 | 5] = r.n;
    count += r.n;
    sum += r.score * r.n;
  }
  return { average: count === 0 ? 0 : Math.round((sum / count) * 10) / 10, count, distribution };
}

/** A page of a product's visible reviews, newest first, with the summary of all of them. */
export async function productCommentPage(trx: Trx, productId: number, q: { pageNo: number; pageSize: number }): Promise<ProductCommentPage> {
  const summary = await commentSummary(trx, productId);
  const rows = await trx.selectFrom('product_comment as c')
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'c.tenant_id').onRef('u.id', '=', 'c.user_id'))
    .select(['c.id', 'c.score', 'c.content', 'c.created_at', DISPLAY_NAME.as('user_name'), 'u.avatar_img', 'c.images'])
    .where('c.product_id', '=', productId).where('c.state', '=', 1)
    .orderBy('c.created_at', 'desc').orderBy('c.id', 'desc')
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const page: Page<ProductCommentPage['list'][number]> = {
    list: rows.map((r) => ({
      id: Number(r.id), score: r.score, content: r.content, createTime: new Date(r.created_at).toISOString(), userName: r.user_name, avatar: r.avatar_img, images: r.images,
    })),
    total: summary.count, pageNo: q.pageNo, pageSize: q.pageSize,
  };
  return { summary, ...page };
}
