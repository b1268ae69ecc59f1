// The address book's SQL: a user's addresses, at most one of them the default.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { MAX_ADDRESSES, type AddressItem } from '../../../schemas/api/um';

type Trx = Transaction<DB>;

/** An address as the form sends it, after checking. */
export interface AddressInput {
  receiver: string;
  phone: string;
  area: string;
  detail: string;
  label: 'home' | 'company' | 'school' | null;
}

/** A mainland mobile number: 11 digits starting 13–19. */
export const MOBILE = /^1[3-9]\d{9}$/;

/** Checks and trims the fields; each missing or malformed one gets its own sentence. */
export function checkAddress(body: { receiver: string; phone: string; area: string; detail: string; label?: AddressInput['label'] | undefined }): AddressInput {
  const receiver = body.receiver.trim();
  const phone = body.phone.replace(/[\s-]/g, '');
  const area = body.area.trim();
  const detail = body.detail.trim();
  const fail = (message: string) => new ApiError(message, { errorCode: 'ADDRESS_INVALID' });
  if (!receiver) throw fail('请填写收货人姓名。');
  if ([...receiver].length > 30) throw fail('收货人姓名最多 30 个字。');
  if (!phone) throw fail('请填写收货人手机号。');
  if (!MOBILE.test(phone)) throw fail('手机号格式不正确：请填写 11 位手机号，如 13812345678。');
  if (!area) throw fail('请选择所在地区。');
  if ([...area].length > 100) throw fail('所在地区最多 100 个字。');
  if (!detail) throw fail('请填写详细地址。');
  if ([...detail].length > 200) throw fail('详细地址最多 200 个字。');
  return { receiver, phone, area, detail, label: body.label ?? null };
}

const COLUMNS = ['id', 'receiver', 'phone', 'area', 'detail', 'label', 'is_default'] as const;
const itemOf = (r: { id: number; receiver: string; phone: string; area: string; detail: string; label: AddressItem['label']; is_default: boolean }): AddressItem =>
  ({ id: r.id, receiver: r.receiver, phone: r.phone, area: r.area, detail: r.detail, label: r.label, isDefault: r.is_default });

/** The user's addresses: the default first, then the newest. */
export async function listAddresses(trx: Trx, userId: number): Promise<AddressItem[]> {
  const rows = await trx.selectFrom('user_address').select(COLUMNS).where('user_id', '=', userId)
    .orderBy('is_default', 'desc').orderBy('id', 'desc').execute();
  return rows.map(itemOf);
}

/** One of the user's addresses, or null. */
export async function findAddress(trx: Trx, userId: number, id: number): Promise<AddressItem | null> {
  const row = await trx.selectFrom('user_address').select(COLUMNS).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row ? itemOf(row) : null;
}

const notFound = (id: number) => new ApiError(`收货地址不存在（编号 ${id}），请刷新后重新选择。`, { code: 404, errorCode: 'ADDRESS_NOT_FOUND' });

/** Serialises a user's address writes, so two saves cannot both become the default. */
async function lockUser(trx: Trx, userId: number): Promise<void> {
  await trx.selectFrom('user_account').select('id').where('id', '=', userId).forUpdate().execute();
}

async function clearDefault(trx: Trx, userId: number): Promise<void> {
  await trx.updateTable('user_address').set({ is_default: false }).where('user_id', '=', userId).where('is_default', '=', true).execute();
}

/** Saves a new address; the first one, or one asked to be, becomes the default. */
export async function insertAddress(trx: Trx, userId: number, input: AddressInput, makeDefault: boolean): Promise<AddressItem> {
  await lockUser(trx, userId);
  const existing = await listAddresses(trx, userId);
  if (existing.length >= MAX_ADDRESSES) throw new ApiError(`最多保存 ${MAX_ADDRESSES} 个收货地址，请先删除不用的地址。`, { errorCode: 'ADDRESS_LIMIT' });
  const isDefault = makeDefault || existing.length === 0;
  if (isDefault) await clearDefault(trx, userId);
  const row = await trx.insertInto('user_address')
    .values({ tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, user_id: userId, ...input, is_default: isDefault })
    .returning(COLUMNS).executeTakeFirstOrThrow();
  return itemOf(row);
}

/** Changes an address; asking for default moves the default here (a default stays one unless another is chosen). */
export async function updateAddress(trx: Trx, userId: number, id: number, input: AddressInput, makeDefault: boolean | undefined): Promise<AddressItem> {
  await lockUser(trx, userId);
  const current = await findAddress(trx, userId, id);
  if (!current) throw notFound(id);
  const isDefault = makeDefault === true || current.isDefault;
  if (makeDefault === true && !current.isDefault) await clearDefault(trx, userId);
  const row = await trx.updateTable('user_address').set({ ...input, is_default: isDefault, updated_at: sql<Date>`now()` })
    .where('user_id', '=', userId).where('id', '=', id).returning(COLUMNS).executeTakeFirstOrThrow();
  return itemOf(row);
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(trx: Trx, userId: number, id: number): Promise<void> {
  await lockUser(trx, userId);
  const current = await findAddress(trx, userId, id);
  if (!current) throw notFound(id);
  await trx.deleteFrom('user_address').where('user_id', '=', userId).where('id', '=', id).execute();
  if (current.isDefault) {
    const next = await trx.selectFrom('user_address').select('id').where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();
    if (next) await trx.updateTable('user_address').set({ is_default: true }).where('id', '=', next.id).execute();
  }
}
