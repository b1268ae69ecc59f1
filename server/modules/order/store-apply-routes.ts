// Applications to open a shop (issue 20 part S; ours, under /order/api/storeApply/…: docs/api.md
// "Opening a shop"). A signed-in user applies and sees their own applications; the back office
// (asBackOfficeAdmin, /sub_admin/storeApplications) lists, approves (creating the store) and rejects
// with a reason.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { asBackOfficeAdmin } from '../../lib/back-office';
import { uploadedHere } from './make-repository';
import { approveApplication, findApplication, insertApplication, myApplications, pageApplications, rejectApplication } from './store-apply-repository';
import { CONTACT_PHONE_PATTERN, LICENCE_PATTERN, MakeIdBody, MakeTenantQuery, StoreApplication, StoreApplyBody, StoreListQuery, StoreRejectBody } from '../../../schemas/api/make';

const fail = (message: string, errorCode = 'VALIDATION') => new ApiError(message, { code: 400, errorCode });

/** The applications calls; registered from makeRoutes. */
export async function storeApplyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const one = { 200: Envelope(StoreApplication) };

  r.post('/order/api/storeApply/submit', {
    schema: { tags: ['order'], summary: 'Apply to open a shop (signed in): name, SCHOOL or MERCHANT, contact, licence number, description, logo', body: StoreApplyBody, response: one },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const b = req.body;
    const shopName = b.shopName.trim(); const contactName = b.contactName.trim(); const description = b.description.trim();
    const contactPhone = b.contactPhone.trim(); const licenceNo = b.licenceNo.trim().toUpperCase();
    if (shopName.length < 2) throw fail('店铺名称至少 2 个字。');
    if (!contactName) throw fail('请填写联系人。');
    if (!new RegExp(CONTACT_PHONE_PATTERN).test(contactPhone)) throw fail(`联系电话“${contactPhone}”格式不正确：请填写 11 位手机号，或带区号的电话号码。`, 'PHONE_INVALID');
    if (!new RegExp(LICENCE_PATTERN).test(licenceNo)) throw fail('营业执照或办学许可证编号须为 6–30 位字母或数字（统一社会信用代码为 18 位）。', 'LICENCE_INVALID');
    if (description.length < 10) throw fail('店铺简介至少 10 个字，请介绍经营或办学的内容。');
    const logo = b.logo?.trim() || null;
    if (logo !== null && !uploadedHere(user.tenantId, logo)) throw fail('店铺 Logo 不是通过本站上传的图片，请重新上传。', 'FILE_NOT_UPLOADED');
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      const id = await insertApplication(trx, user.userId, { shopName, orgType: b.orgType, contactName, contactPhone, licenceNo, description, logo });
      return findApplication(trx, id);
    }), '开店申请已提交，请等待审核');
  });

  r.get('/order/api/storeApply/mine', {
    schema: { tags: ['order'], summary: 'The caller\'s applications, newest first, with their state (and the store once approved)', querystring: MakeTenantQuery, response: { 200: Envelope(Type.Array(StoreApplication)) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => myApplications(trx, user.userId)));
  });

  r.get('/order/api/storeApply/admin/list', {
    schema: { tags: ['order'], summary: 'Back office: a page of the tenant\'s applications, newest first, optionally in one state', querystring: StoreListQuery, response: { 200: Envelope(Paged(StoreApplication)) } },
  }, async (req) => {
    const { state, pageNo = 1, pageSize = 10 } = req.query;
    return ok(await asBackOfficeAdmin(app, req, req.query.tenantId, (trx) => pageApplications(trx, { state, pageNo, pageSize })));
  });

  r.post('/order/api/storeApply/admin/approve', {
    schema: { tags: ['order'], summary: 'Back office: approve a pending application; the store (a provider with its orgType) is created, owned by the applicant', body: MakeIdBody, response: one },
  }, async (req) => ok(await asBackOfficeAdmin(app, req, req.body.tenantId, async (trx, staffId) => {
    await approveApplication(trx, staffId, req.body.id);
    const { userId: _owner, ...view } = await findApplication(trx, req.body.id);
    return view;
  }), '已通过，店铺已开通'));

  r.post('/order/api/storeApply/admin/reject', {
    schema: { tags: ['order'], summary: 'Back office: reject a pending application; the reason is required and shown to the applicant', body: StoreRejectBody, response: one },
  }, async (req) => {
    const reason = req.body.reason.trim();
    if (!reason) throw fail('请填写驳回原因，申请人会看到它。', 'REASON_REQUIRED');
    return ok(await asBackOfficeAdmin(app, req, req.body.tenantId, async (trx, staffId) => {
      await rejectApplication(trx, staffId, req.body.id, reason);
      const { userId: _owner, ...view } = await findApplication(trx, req.body.id);
      return view;
    }), '已驳回');
  });
}
