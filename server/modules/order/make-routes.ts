// Made-to-order calls (issue 20 part S; ours, under /order/api/make/…: docs/api.md "Made to order").
// The kinds are public; a learner submits, reads, accepts, declines, withdraws and writes on their
// own requests only (another learner's or a missing one: MAKE_NOT_FOUND); the back office
// (asBackOfficeAdmin) lists every request of the tenant, quotes and answers.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { asBackOfficeAdmin } from '../../lib/back-office';
import { expireOverdueOrders } from './order-repository';
import {
  closeRequest, daysBetween, findOfferedKind, findRequest, insertMessage, insertRequest, isRealDay, listKinds, listMessages, pageRequests,
  requestNotFound, requireState, saveQuote, tenantToday, uploadedHere, viewOf,
} from './make-repository';
import { orderForRequest, orderLapsed } from './make-order';
import { storeApplyRoutes } from './store-apply-routes';
import {
  CONTACT_PHONE_PATTERN, MAKE_DEADLINE_MAX_DAYS, MakeAcceptBody, MakeDeclineBody, MakeIdBody, MakeIdQuery, MakeKind, MakeListQuery,
  MakeMessageBody, MakeQuoteBody, MakeRequestView, MakeSubmitBody, MakeTenantQuery, type MakeFile,
} from '../../../schemas/api/make';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';

type Trx = Transaction<DB>;

const fail = (message: string, errorCode = 'VALIDATION', code = 400) => new ApiError(message, { code, errorCode });
const PHONE = new RegExp(CONTACT_PHONE_PATTERN);

/** A phone the request or application names: a clear message when it is no phone number. */
export function checkContactPhone(phone: string): string {
  const v = phone.trim();
  if (!PHONE.test(v)) throw fail(`联系电话“${v}”格式不正确：请填写 11 位手机号，或带区号的电话号码。`, 'PHONE_INVALID');
  return v;
}

/**
 * A money amount of at most two decimals, else a clear refusal naming the field. Checked here, not
 * by the schema's multipleOf: 0.01, which Ajv tests by division (19.9 / 0.01 is 1989.9999…).
 */
function checkCents(value: number, field: string): void {
  // docs/api.md "Made to order": yuan, 2 decimals.
  if (Math.abs(value * 100 - Math.round(value * 100)) >= 1e-6) throw fail(`${field}“${value}”最多保留两位小数（精确到分），请修改后再提交。`, 'AMOUNT_CENTS');
}

/** Files must come from this tenant's upload flow. */
function checkFiles(tenantId: number, files: MakeFile[]): MakeFile[] {
  const bad = files.find((f) => !uploadedHere(tenantId, f.url));
  if (bad) throw fail(`附件“${bad.name}”不是通过本站上传的文件，请重新上传后再提交。`, 'FILE_NOT_UPLOADED');
  return files.map((f) => ({ name: f.name.trim() || 'file', url: f.url, size: f.size, contentType: f.contentType }));
}

/** A day after today and within `maxDays`, or a clear refusal naming the field. */
async function checkFutureDay(trx: Trx, day: string, field: string, maxDays: number): Promise<void> {
  if (!isRealDay(day)) throw fail(`${field}“${day}”不是有效日期。`, 'DATE_INVALID');
  const today = await tenantToday(trx);
  const ahead = daysBetween(today, day);
  if (ahead < 1) throw fail(`${field}须晚于今天（${today}）。`, 'DATE_INVALID');
  if (ahead > maxDays) throw fail(`${field}最晚为今天起 ${maxDays} 天内。`, 'DATE_INVALID');
}

/** The learner's own request with its messages. */
async function myDetail(trx: Trx, userId: number, id: number): Promise<MakeRequestView> {
  const row = await findRequest(trx, id, userId);
  if (!row) throw requestNotFound(id);
  return viewOf(row, await listMessages(trx, id));
}

/** Any request of the tenant with its messages (the back office). */
async function staffDetail(trx: Trx, id: number): Promise<MakeRequestView> {
  const row = await findRequest(trx, id, null);
  if (!row) throw requestNotFound(id);
  return viewOf(row, await listMessages(trx, id));
}

/** Issue 20 part S: made-to-order requests and applications to open a shop. */
export async function makeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(storeApplyRoutes);
  const view = { 200: Envelope(MakeRequestView) };

  r.get('/order/api/make/kinds', {
    schema: { tags: ['order'], summary: 'What the tenant makes to order (public), with the store that makes each', querystring: MakeTenantQuery, response: { 200: Envelope(Type.Array(MakeKind)) } },
  }, async (req) => ok(await readTenant(app, req.query.tenantId, listKinds)));

  r.post('/order/api/make/submit', {
    schema: { tags: ['order'], summary: 'Send a made-to-order request (signed in): kind, title, description, budget range, deadline, contact, attachments', body: MakeSubmitBody, response: view },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const b = req.body;
    const phone = checkContactPhone(b.contactPhone);
    checkCents(b.budgetMin, '最低预算');
    checkCents(b.budgetMax, '最高预算');
    if (b.budgetMin > b.budgetMax) throw fail(`预算区间不正确：最低 ${b.budgetMin} 元高于最高 ${b.budgetMax} 元。`, 'BUDGET_RANGE');
    const title = b.title.trim(); const description = b.description.trim(); const contactName = b.contactName.trim();
    if (title.length < 2) throw fail('需求标题至少 2 个字。');
    if (description.length < 10) throw fail('需求描述至少 10 个字，请写清要做什么、给谁用。');
    if (!contactName) throw fail('请填写联系人。');
    const attachments = checkFiles(user.tenantId, b.attachments ?? []);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      const kind = await findOfferedKind(trx, b.kindId);
      if (!kind) throw fail(`定制类型不存在或已停止接单（编号 ${b.kindId}），请重新选择。`, 'MAKE_KIND_NOT_FOUND', 404);
      await checkFutureDay(trx, b.deadline, '期望完成日期', MAKE_DEADLINE_MAX_DAYS);
      const id = await insertRequest(trx, user.userId, { ...b, title, description, contactName, contactPhone: phone, attachments });
      return myDetail(trx, user.userId, id);
    }), '定制需求已提交，请等待报价');
  });

  r.get('/order/api/make/mine', {
    schema: { tags: ['order'], summary: 'A page of the caller\'s requests, newest first (without messages)', querystring: MakeListQuery, response: { 200: Envelope(Paged(MakeRequestView)) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { state, pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      await expireOverdueOrders(trx);
      return pageRequests(trx, user.userId, { state, pageNo, pageSize });
    }));
  });

  r.get('/order/api/make/detail', {
    schema: { tags: ['order'], summary: 'One of the caller\'s requests with its quote, order and messages; any other id: MAKE_NOT_FOUND', querystring: MakeIdQuery, response: view },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      await expireOverdueOrders(trx);
      return myDetail(trx, user.userId, req.query.id);
    }));
  });

  r.post('/order/api/make/accept', {
    schema: { tags: ['order'], summary: 'Accept the quote the learner saw (its quotedAt; a newer one: MAKE_QUOTE_CHANGED): an order of the shop is made (paid as any other); again after that order was cancelled or expired: a new order', body: MakeAcceptBody, response: view },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      await expireOverdueOrders(trx);
      const row = await findRequest(trx, req.body.id, user.userId, true);
      if (!row) throw requestNotFound(req.body.id);
      // Accepting twice is harmless: a live order is kept.
      if (row.state === 'accepted' && !orderLapsed(row)) return myDetail(trx, user.userId, row.id);
      if (!orderLapsed(row)) requireState(row, ['quoted'], '接受报价');
      // Only the quote the learner saw may be accepted: the back office may have quoted again since.
      if (row.quoted_at !== null && Date.parse(req.body.quotedAt) !== row.quoted_at.getTime()) {
        throw fail('报价已更新，请查看新的报价后再确认。', 'MAKE_QUOTE_CHANGED', 409);
      }
      await orderForRequest(trx, user.userId, row, req.body.addressId ?? null);
      return myDetail(trx, user.userId, row.id);
    }), '已接受报价，请在 30 分钟内完成支付');
  });

  r.post('/order/api/make/decline', {
    schema: { tags: ['order'], summary: 'Decline the quote (quoted, or accepted with its order cancelled or expired), with an optional reason', body: MakeDeclineBody, response: view },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      await expireOverdueOrders(trx);
      const row = await findRequest(trx, req.body.id, user.userId, true);
      if (!row) throw requestNotFound(req.body.id);
      // An accepted quote whose order lapsed is open again: it may be declined, not only re-ordered.
      if (!orderLapsed(row)) requireState(row, ['quoted'], '拒绝报价');
      await closeRequest(trx, row.id, 'declined', req.body.reason?.trim() || null);
      return myDetail(trx, user.userId, row.id);
    }), '已拒绝报价');
  });

  r.post('/order/api/make/withdraw', {
    schema: { tags: ['order'], summary: 'Withdraw a request without a live order (submitted, quoted, or accepted with its order cancelled or expired)', body: MakeIdBody, response: view },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      await expireOverdueOrders(trx);
      const row = await findRequest(trx, req.body.id, user.userId, true);
      if (!row) throw requestNotFound(req.body.id);
      // An accepted quote whose order lapsed would otherwise be stuck: it may be withdrawn.
      if (!orderLapsed(row)) requireState(row, ['submitted', 'quoted'], '撤回');
      await closeRequest(trx, row.id, 'withdrawn', null);
      return myDetail(trx, user.userId, row.id);
    }), '定制需求已撤回');
  });

  r.post('/order/api/make/message', {
    schema: { tags: ['order'], summary: 'Write to the back office on one of the caller\'s open requests (not declined or withdrawn)', body: MakeMessageBody, response: view },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const body = req.body.body.trim();
    if (!body) throw fail('留言内容不能为空。');
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      const row = await findRequest(trx, req.body.id, user.userId, true);
      if (!row) throw requestNotFound(req.body.id);
      requireState(row, ['submitted', 'quoted', 'accepted'], '留言');
      await insertMessage(trx, row.id, user.userId, false, body);
      return myDetail(trx, user.userId, row.id);
    }), '留言已发送');
  });

  // --- The back office (/sub_admin/makeRequests) ---

  r.get('/order/api/make/admin/list', {
    schema: { tags: ['order'], summary: 'Back office: a page of the tenant\'s requests, newest first, optionally in one state', querystring: MakeListQuery, response: { 200: Envelope(Paged(MakeRequestView)) } },
  }, async (req) => {
    const { state, pageNo = 1, pageSize = 10 } = req.query;
    return ok(await asBackOfficeAdmin(app, req, req.query.tenantId, async (trx) => {
      await expireOverdueOrders(trx);
      return pageRequests(trx, null, { state, pageNo, pageSize });
    }));
  });

  r.get('/order/api/make/admin/detail', {
    schema: { tags: ['order'], summary: 'Back office: one request of the tenant with its messages', querystring: MakeIdQuery, response: view },
  }, async (req) => ok(await asBackOfficeAdmin(app, req, req.query.tenantId, async (trx) => {
    await expireOverdueOrders(trx);
    return staffDetail(trx, req.query.id);
  })));

  r.post('/order/api/make/admin/quote', {
    schema: { tags: ['order'], summary: 'Back office: quote a request (price, delivery date, note); a new quote replaces one not answered yet', body: MakeQuoteBody, response: view },
  }, async (req) => ok(await asBackOfficeAdmin(app, req, req.body.tenantId, async (trx, staffId) => {
    const row = await findRequest(trx, req.body.id, null, true);
    if (!row) throw requestNotFound(req.body.id);
    requireState(row, ['submitted', 'quoted'], '报价');
    checkCents(req.body.price, '报价金额');
    await checkFutureDay(trx, req.body.deliveryDate, '交付日期', MAKE_DEADLINE_MAX_DAYS);
    await saveQuote(trx, staffId, row.id, { price: req.body.price, deliveryDate: req.body.deliveryDate, note: req.body.note?.trim() || null });
    return staffDetail(trx, row.id);
  }), '报价已发送'));

  r.post('/order/api/make/admin/message', {
    schema: { tags: ['order'], summary: 'Back office: answer on a request (not declined or withdrawn)', body: MakeMessageBody, response: view },
  }, async (req) => {
    const body = req.body.body.trim();
    if (!body) throw fail('留言内容不能为空。');
    return ok(await asBackOfficeAdmin(app, req, req.body.tenantId, async (trx, staffId) => {
      const row = await findRequest(trx, req.body.id, null, true);
      if (!row) throw requestNotFound(req.body.id);
      requireState(row, ['submitted', 'quoted', 'accepted'], '留言');
      await insertMessage(trx, row.id, staffId, true, body);
      return staffDetail(trx, row.id);
    }), '留言已发送');
  });
}
