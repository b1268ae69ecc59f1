// Reservations and contracts (issue 20 part R; spec learning §7 "Orders": orderCustomize/create and
// orderCustomize/info; the other calls are ours under /order/api/, docs/api.md "Reservations,
// contracts and refunds"). Every call but the slot list needs a signed-in user of the call's tenant
// and sees only that user's rows; another learner's or a missing order is 订单不存在 (spec §8).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { rateWindowAllows } from '../../lib/rate-window';
import { readTenant } from '../../lib/tenant-context';
import { cancelReservation, createCustomOrder, customizeInfo, listSlots, myReservations } from './reservation-repository';
import { confirmContract, myContract, myContracts, tenantLocale } from './reservation-contracts';
import { renderContract } from './reservation-contract-pdf';
import { refundRoutes } from './refund-routes';
import {
  ConfirmContractBody, ContractFile, ContractView, CustomizeCreateBody, CustomizeCreated, CustomizeInfo, IdBody, IdQuery, MyContractsQuery,
  MyReservationsQuery, OrderIdQuery, ReservationView, SlotList, SlotListQuery,
} from '../../../schemas/api/reservations';

const tags = ['order'];
/** Contract PDFs one learner may render a minute. */
const PDFS_PER_MINUTE = 20;
const callerOf = (req: FastifyRequest, tenantId: number) => (req.user && req.user.tenantId === tenantId ? req.user : null);

/** Issue 20 part R: reservations, contracts and refunds. */
export async function reservationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/order/api/serviceSlot/list', {
    schema: { tags, summary: 'The upcoming slots of a service product (type 11) with free seats; guests may look, the signed-in see their own seats (ours)', querystring: SlotListQuery, response: { 200: Envelope(SlotList) } },
  }, async (req) => {
    const caller = callerOf(req, req.query.tenantId);
    return ok(await readTenant(app, req.query.tenantId, (trx) => listSlots(trx, req.query.prodId, caller?.userId ?? null)));
  });

  r.post('/order/api/orderCustomize/create', {
    schema: {
      tags, summary: 'Reserve a slot of a service product (kind reserve: a full, started or closed slot is refused; a free one is confirmed at once) or order a contract product (kind contract: its contract waits for confirmation before payment); the same submitToken returns the same order',
      body: CustomizeCreateBody, response: { 200: Envelope(CustomizeCreated) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const created = await readTenant(app, user.tenantId, (trx) => createCustomOrder(trx, user.userId, req.body));
    return ok(created, req.body.kind === 'reserve' ? (created.needsPay ? '预约已提交，请在 30 分钟内支付' : '预约成功') : '订单已提交，请阅读并确认合同');
  });

  r.get('/order/api/orderCustomize/info', {
    schema: { tags, summary: 'The reservation or contract of one of the caller\'s orders (kind none for an ordinary order); any other id fails with 订单不存在 (spec learning §8)', querystring: OrderIdQuery, response: { 200: Envelope(CustomizeInfo) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => customizeInfo(trx, user.userId, req.query.orderId)));
  });

  r.get('/order/api/reservation/myList', {
    schema: { tags, summary: 'A page of the caller\'s reservations: upcoming (earliest first), past or cancelled (newest first) (ours)', querystring: MyReservationsQuery, response: { 200: Envelope(Paged(ReservationView)) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { tab = 'upcoming', pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => myReservations(trx, user.userId, { tab, pageNo, pageSize })));
  });

  r.post('/order/api/reservation/cancel', {
    schema: { tags, summary: 'Cancel one of the caller\'s reservations before its start: the seat is freed; an unpaid order is cancelled, a paid one refunded at once (ours)', body: IdBody, response: { 200: Envelope(ReservationView) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => cancelReservation(trx, user.userId, req.body.id)), '预约已取消');
  });

  r.get('/order/api/contract/myList', {
    schema: { tags, summary: 'A page of the caller\'s contracts: pending (to confirm, orders not cancelled) or confirmed, newest first (ours)', querystring: MyContractsQuery, response: { 200: Envelope(Paged(ContractView)) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { tab = 'pending', pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => myContracts(trx, user.userId, { tab, pageNo, pageSize })));
  });

  r.get('/order/api/contract/info', {
    schema: { tags, summary: 'One of the caller\'s contracts in full; any other id fails with 合同不存在 (ours)', querystring: IdQuery, response: { 200: Envelope(ContractView) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => myContract(trx, user.userId, req.query.id)));
  });

  r.post('/order/api/contract/confirm', {
    schema: { tags, summary: 'Confirm one of the caller\'s contracts with the typed name and the ticked box; its order may then be paid (ours)', body: ConfirmContractBody, response: { 200: Envelope(ContractView) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => confirmContract(trx, user.userId, req.body)), '合同已确认');
  });

  r.get('/order/api/contract/pdf', {
    schema: { tags, summary: 'One of the caller\'s contracts as a PDF (base64 in the envelope), with its signature or "not confirmed yet" (ours)', querystring: IdQuery, response: { 200: Envelope(ContractFile) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    // Subsetting the font costs tens of ms of CPU: a learner renders at most PDFS_PER_MINUTE a minute (all nodes), as certificates.
    if (!(await rateWindowAllows(app.db.app, { tenantId: user.tenantId, bucket: `contract-pdf:${user.userId}`, limit: PDFS_PER_MINUTE, windowMs: 60_000 }))) {
      throw new ApiError('合同下载太频繁，请一分钟后再试。', { code: 429, errorCode: 'RATE_LIMITED' });
    }
    const { contract, locale } = await readTenant(app, user.tenantId, async (trx) => ({ contract: await myContract(trx, user.userId, req.query.id), locale: await tenantLocale(trx) }));
    const pdf = await renderContract(contract, locale.lang, locale.timeZone);
    return ok({ fileName: `contract-${contract.contractNo}.pdf`, contentType: 'application/pdf' as const, size: pdf.byteLength, data: Buffer.from(pdf).toString('base64') });
  });

  await app.register(refundRoutes);
}
