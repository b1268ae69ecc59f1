// Applications to open a shop (issue 20 part S; spec learning §2 /sub_admin/registTenant/index).
// States (ours): pending → approved (a provider is created: the same entity the provider list and
// the provider and school pages show, owned by the applicant) or rejected (with a reason). One
// pending application per applicant; a shop name is refused when a store or another pending
// application already has it (case and spaces ignored).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import type { Page } from '../../lib/listing';
import { iso, isoOrNull } from '../../lib/list-sql';
import type { StoreApplication, StoreApplyBody, StoreApplyState } from '../../../schemas/api/make';

type Trx = Transaction<DB>;

const tenantIdSql = sql<number>`current_setting('app.tenant_id')::bigint`;
const fail = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });

/** Another tenant's or a missing application. */
export const applicationNotFound = (id: number) => fail(`开店申请不存在（编号 ${id}）。`, 'STORE_APPLY_NOT_FOUND', 404);

const normalName = (column: string) => sql<string>`lower(regexp_replace(${sql.ref(column)}, '\\s+', '', 'g'))`;
const normalText = (name: string) => name.replace(/\s+/g, '').toLowerCase();

function rows(trx: Trx) {
  return trx.selectFrom('store_application as a')
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.user_id'))
    .select([
      'a.id', 'a.user_id', 'a.shop_name', 'a.org_type', 'a.contact_name', 'a.contact_phone', 'a.licence_no', 'a.description', 'a.logo', 'a.state',
      'a.reject_reason', 'a.provider_id', 'a.reviewed_at', 'a.created_at',
      sql<string>`coalesce(nullif(u.nick_name, ''), nullif(u.real_name, ''), u.account)`.as('applicant_name'),
    ]);
}
type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof rows>['executeTakeFirst']>>>;

const viewOf = (a: Row): StoreApplication => ({
  id: a.id, shopName: a.shop_name, orgType: a.org_type, contactName: a.contact_name, contactPhone: a.contact_phone, licenceNo: a.licence_no,
  description: a.description, logo: a.logo, state: a.state, rejectReason: a.reject_reason, providerId: a.provider_id,
  reviewedAt: isoOrNull(a.reviewed_at), createdAt: iso(a.created_at), applicantName: a.applicant_name,
});

/** The name's holder, if a store or another pending application has it. */
async function nameTaken(trx: Trx, shopName: string, exceptApplication: number | null): Promise<string | null> {
  const wanted = normalText(shopName);
  const store = await trx.selectFrom('provider').select('name').where(normalName('name'), '=', wanted).executeTakeFirst();
  if (store) return `已有店铺使用“${store.name}”这个名称`;
  let q = trx.selectFrom('store_application').select('id').where('state', '=', 'pending').where(normalName('shop_name'), '=', wanted);
  if (exceptApplication !== null) q = q.where('id', '<>', exceptApplication);
  return (await q.executeTakeFirst()) ? '另一份待审核的开店申请已使用这个名称' : null;
}

/** Stores an application (fields checked by the routes); refuses a second pending one, a second store, a taken name. */
export async function insertApplication(trx: Trx, userId: number, input: Omit<StoreApplyBody, 'tenantId'>): Promise<number> {
  const mine = await trx.selectFrom('store_application').select(['state', 'shop_name']).where('user_id', '=', userId)
    .where('state', 'in', ['pending', 'approved']).orderBy('id', 'desc').executeTakeFirst();
  if (mine?.state === 'pending') throw fail(`你的开店申请“${mine.shop_name}”正在审核中，请等待结果后再提交。`, 'STORE_APPLY_PENDING');
  if (mine?.state === 'approved') throw fail(`你已开通店铺“${mine.shop_name}”，每个账号只能开一家店。`, 'STORE_ALREADY_OPEN');
  const taken = await nameTaken(trx, input.shopName, null);
  if (taken) throw fail(`${taken}，请换一个店铺名称。`, 'STORE_NAME_TAKEN');
  const row = await trx.insertInto('store_application').values({
    tenant_id: tenantIdSql, user_id: userId, shop_name: input.shopName, org_type: input.orgType, contact_name: input.contactName,
    contact_phone: input.contactPhone, licence_no: input.licenceNo, description: input.description, logo: input.logo ?? null,
  }).onConflict((oc) => oc.columns(['tenant_id', 'user_id']).where('state', '=', 'pending').doNothing()).returning('id').executeTakeFirst();
  // A second submit racing the first finds the pending one taken.
  if (!row) throw fail('你已有一份待审核的开店申请，请等待结果后再提交。', 'STORE_APPLY_PENDING');
  return row.id;
}

/** The applicant's applications, newest first. */
export async function myApplications(trx: Trx, userId: number): Promise<StoreApplication[]> {
  return (await rows(trx).where('a.user_id', '=', userId).orderBy('a.id', 'desc').execute()).map(viewOf);
}

/** One application of the tenant, or the not-found refusal; `lock` takes its row lock. */
export async function findApplication(trx: Trx, id: number, lock = false): Promise<StoreApplication & { userId: number }> {
  let q = rows(trx).where('a.id', '=', id);
  if (lock) q = q.forUpdate('a');
  const row = await q.executeTakeFirst();
  if (!row) throw applicationNotFound(id);
  return { ...viewOf(row), userId: row.user_id };
}

/** A page of the tenant's applications, newest first, optionally in one state. */
export async function pageApplications(trx: Trx, q: { state?: StoreApplyState | undefined; pageNo: number; pageSize: number }): Promise<Page<StoreApplication>> {
  let list = rows(trx);
  let base = trx.selectFrom('store_application as a');
  if (q.state !== undefined) {
    list = list.where('a.state', '=', q.state);
    base = base.where('a.state', '=', q.state);
  }
  const [found, count] = await Promise.all([
    list.orderBy('a.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: found.map(viewOf), total: count.n, pageNo: q.pageNo, pageSize: q.pageSize };
}

const pendingOnly = (a: StoreApplication, what: string) => {
  if (a.state !== 'pending') throw fail(`该开店申请已${a.state === 'approved' ? '通过' : '驳回'}，不能再${what}。`, 'STORE_APPLY_STATE');
};

/** Approves a pending application: creates the store (a provider on shelf, last in menu order) and links it. */
export async function approveApplication(trx: Trx, staffId: number, id: number): Promise<void> {
  const a = await findApplication(trx, id, true);
  pendingOnly(a, '审核');
  const taken = await nameTaken(trx, a.shopName, id);
  if (taken) throw fail(`${taken}，请驳回并请申请人换一个名称。`, 'STORE_NAME_TAKEN');
  const last = await trx.selectFrom('provider').select(sql<number>`coalesce(max(sort), -1)::int`.as('sort')).executeTakeFirstOrThrow();
  const provider = await trx.insertInto('provider').values({
    tenant_id: tenantIdSql, name: a.shopName, logo: a.logo, summary: a.description, org_type: a.orgType,
    org_path: sql<string>`'/' || current_setting('app.tenant_id') || '/store-' || ${id}::text`, state: 0, sort: last.sort + 1,
  }).returning('id').executeTakeFirstOrThrow();
  await trx.updateTable('store_application')
    .set({ state: 'approved', provider_id: provider.id, reviewed_by: staffId, reviewed_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/** Rejects a pending application with the reviewer's reason. */
export async function rejectApplication(trx: Trx, staffId: number, id: number, reason: string): Promise<void> {
  const a = await findApplication(trx, id, true);
  pendingOnly(a, '驳回');
  await trx.updateTable('store_application')
    .set({ state: 'rejected', reject_reason: reason, reviewed_by: staffId, reviewed_at: sql<Date>`now()` }).where('id', '=', id).execute();
}
