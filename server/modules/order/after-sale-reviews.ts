// Reviews of bought products (issue 20 part Q; spec learning §2 /sub_shop/comment, §7 POST
// /order/api/orderComment/submit). Rules (ours): only the buyer, only after receipt (a completed
// order), once per order line, 1–5 stars, a plain text of 1–500 characters (tags removed), up to 6
// photos that are this tenant's uploads. The review shows on the product page at once
// (prodCommentList reads product_comment).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { orderNotFound } from './order-repository';
import { ORDER_STATE } from '../../../schemas/api/order';
import { REVIEW_IMAGES_MAX, REVIEW_TEXT_MAX, type OrderReviews } from '../../../schemas/api/after-sale';

type Trx = Transaction<DB>;

const tenantIdSql = sql<number>`current_setting('app.tenant_id')::bigint`;

/** An image the upload flow stored for this tenant (as homework and matches check their files). */
const uploadPath = (tenantId: number) => new RegExp(`^(/uploads/|https?://[^\\s]+/)u/${tenantId}/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.(jpg|jpeg|png|gif|webp)$`);

/**
 * A review's text as stored: tags removed (it is plain text, shown as text), runs of blank lines
 * cut to one, trimmed. Control characters never reach here (the schema's Text pattern refuses them).
 */
export function plainReviewText(text: string): string {
  return text.replace(/<\/?[a-zA-Z][^<>]*>/g, '').replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

/** The caller's order with its lines and their reviews; 订单不存在 for another's or a missing order (spec learning §8). */
export async function orderReviews(trx: Trx, userId: number, orderId: number): Promise<OrderReviews> {
  const order = await trx.selectFrom('shop_order').select(['id', 'order_no', 'state']).where('user_id', '=', userId).where('id', '=', orderId).executeTakeFirst();
  if (!order) throw orderNotFound();
  const lines = await trx.selectFrom('shop_order_item as i')
    .leftJoin('product_comment as c', (j) => j.onRef('c.tenant_id', '=', 'i.tenant_id').onRef('c.order_item_id', '=', 'i.id'))
    .select(['i.id', 'i.product_id', 'i.title', 'i.cover', 'i.product_type', 'i.quantity', 'c.id as review_id', 'c.score', 'c.content', 'c.images', 'c.created_at'])
    .where('i.order_id', '=', orderId).orderBy('i.id').execute();
  const open = lines.some((l) => l.review_id === null);
  return {
    orderId: Number(order.id), orderNo: order.order_no ?? '', orderState: order.state,
    reviewState: order.state !== ORDER_STATE.completed ? 'none' : open ? 'open' : 'done',
    lines: lines.map((l) => ({
      orderItemId: Number(l.id), prodId: Number(l.product_id), title: l.title, cover: l.cover, productType: l.product_type, quantity: l.quantity,
      review: l.review_id === null ? null : {
        id: Number(l.review_id), score: l.score!, content: l.content!, images: l.images ?? [], createTime: new Date(l.created_at!).toISOString(),
      },
    })),
  };
}

/** One line's review as submitted. */
export interface ReviewInput { orderItemId: number; score: number; content: string; images?: string[] | undefined }

/**
 * Writes the reviews of some lines of the caller's completed order. All or nothing: one bad line
 * (not of this order, reviewed already, empty text, a foreign photo) refuses the whole submit.
 */
export async function submitReviews(trx: Trx, userId: number, tenantId: number, orderId: number, items: readonly ReviewInput[]): Promise<void> {
  // Locked: two submits of the same order at once review each line once (the unique index is the last word).
  const order = await trx.selectFrom('shop_order').select(['id', 'state']).where('user_id', '=', userId).where('id', '=', orderId).forUpdate().executeTakeFirst();
  if (!order) throw orderNotFound();
  if (order.state !== ORDER_STATE.completed) throw new ApiError('确认收货后才能评价该订单的商品。', { errorCode: 'ORDER_STATE' });
  const ids = items.map((i) => i.orderItemId);
  if (new Set(ids).size !== ids.length) throw new ApiError('同一件商品只能评价一次，请勿重复提交。', { errorCode: 'VALIDATION' });
  const lines = await trx.selectFrom('shop_order_item').select(['id', 'product_id', 'title']).where('order_id', '=', orderId).where('id', 'in', ids).execute();
  const byId = new Map(lines.map((l) => [Number(l.id), l]));
  const done = new Set((await trx.selectFrom('product_comment').select('order_item_id').where('order_item_id', 'in', ids).execute()).map((r) => Number(r.order_item_id)));
  const pattern = uploadPath(tenantId);
  const rows = items.map((item) => {
    const line = byId.get(item.orderItemId);
    if (!line) throw new ApiError(`订单中没有编号为 ${item.orderItemId} 的商品，请刷新页面后重试。`, { errorCode: 'VALIDATION' });
    if (done.has(item.orderItemId)) throw new ApiError(`《${line.title}》已经评价过了，每件商品只能评价一次。`, { errorCode: 'ALREADY_REVIEWED' });
    const content = plainReviewText(item.content);
    if (!content) throw new ApiError(`请写下对《${line.title}》的评价内容。`, { errorCode: 'VALIDATION' });
    if (content.length > REVIEW_TEXT_MAX) throw new ApiError(`评价内容最多 ${REVIEW_TEXT_MAX} 字。`, { errorCode: 'VALIDATION' });
    const images = item.images ?? [];
    if (images.length > REVIEW_IMAGES_MAX) throw new ApiError(`每条评价最多上传 ${REVIEW_IMAGES_MAX} 张图片。`, { errorCode: 'VALIDATION' });
    if (images.some((u) => !pattern.test(u))) throw new ApiError('评价图片须通过本站上传（jpg、png、gif 或 webp），请重新上传。', { errorCode: 'VALIDATION' });
    return {
      tenant_id: tenantIdSql, product_id: Number(line.product_id), user_id: userId, order_id: orderId, order_item_id: item.orderItemId,
      score: item.score, content, images,
    };
  });
  const inserted = await trx.insertInto('product_comment').values(rows)
    .onConflict((oc) => oc.columns(['tenant_id', 'order_item_id']).where('order_item_id', 'is not', null).doNothing())
    .returning('id').execute();
  if (inserted.length !== rows.length) throw new ApiError('有商品已经评价过了，每件商品只能评价一次；请刷新页面。', { errorCode: 'ALREADY_REVIEWED' });
}
