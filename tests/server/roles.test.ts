// Teacher-side roles (spec learning §6 "how access is decided is not shown"; server/lib/roles.ts,
// migration 0020 user_role): what a grant covers (tenant-wide, one scope, a class's rooms), the
// grants the user info lists, and row-level security on user_role.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { grantRole, hasRole, holdersOf, rolesOf } from '../../server/lib/roles';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let user: number;
let acmeUser: number;
/** A demo room in a class, another room, and that class. */
let classRoom: { id: number; classesId: number };
let otherRoom: number;

beforeAll(async () => {
  t = await createTestApp();
  const make = async (tenantId: number) => Number((await t.db.owner.insertInto('user_account').values({
    tenant_id: tenantId, account: `roles_${tenantId}`, password_hash: 'locked', password_salt: '', real_name: null, nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow()).id);
  user = await make(1001);
  acmeUser = await make(1002);
  const inClass = await t.db.owner.selectFrom('live_room').select(['id', 'classes_id']).where('tenant_id', '=', 1001).where('classes_id', 'is not', null).executeTakeFirstOrThrow();
  classRoom = { id: Number(inClass.id), classesId: Number(inClass.classes_id) };
  otherRoom = Number((await t.db.owner.selectFrom('live_room').select('id').where('tenant_id', '=', 1001).where('classes_id', 'is', null).executeTakeFirstOrThrow()).id);
}, 120_000);

afterAll(async () => t?.close());

const demo = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(t.db.app, 1001, work);

describe('hasRole', () => {
  it('holds nothing without a grant', async () => {
    expect(await demo((trx) => hasRole(trx, user, 'teacher'))).toBe(false);
    expect(await demo((trx) => rolesOf(trx, user))).toEqual([]);
  });

  it('makes a class grant cover the class and its rooms, and nothing else', async () => {
    await demo((trx) => grantRole(trx, 1001, user, 'teacher', { type: 'classes', id: classRoom.classesId }));
    await demo((trx) => grantRole(trx, 1001, user, 'teacher', { type: 'classes', id: classRoom.classesId })); // twice: one grant
    expect(await demo((trx) => hasRole(trx, user, 'teacher', { type: 'classes', id: classRoom.classesId }))).toBe(true);
    expect(await demo((trx) => hasRole(trx, user, 'teacher', { type: 'room', id: classRoom.id }))).toBe(true);
    expect(await demo((trx) => hasRole(trx, user, 'teacher', { type: 'room', id: otherRoom }))).toBe(false);
    expect(await demo((trx) => hasRole(trx, user, 'marker', { type: 'classes', id: classRoom.classesId }))).toBe(false);
    expect(await demo((trx) => hasRole(trx, user, 'teacher'))).toBe(true);
    expect(await demo((trx) => holdersOf(trx, 'teacher', { type: 'room', id: classRoom.id }))).toContain(user);
    expect(await demo((trx) => rolesOf(trx, user))).toEqual([{ role: 'teacher', scopeType: 'classes', scopeId: classRoom.classesId }]);
  });

  it('makes a tenant-wide grant cover every scope of its role', async () => {
    await demo((trx) => grantRole(trx, 1001, user, 'invigilator'));
    expect(await demo((trx) => hasRole(trx, user, 'invigilator', { type: 'exam', id: 999_999 }))).toBe(true);
    expect(await demo((trx) => hasRole(trx, user, 'marker', { type: 'exam', id: 999_999 }))).toBe(false);
    expect((await demo((trx) => rolesOf(trx, user)))[0]).toEqual({ role: 'invigilator', scopeType: null, scopeId: null });
  });
});

describe('row-level security on user_role', () => {
  it('keeps one tenant\'s grants out of another\'s transactions', async () => {
    await withTenant(t.db.app, 1002, (trx) => grantRole(trx, 1002, acmeUser, 'teacher'));
    expect(await demo((trx) => rolesOf(trx, acmeUser))).toEqual([]);
    expect(await demo((trx) => hasRole(trx, acmeUser, 'teacher', { type: 'room', id: otherRoom }))).toBe(false);
    expect(await withTenant(t.db.app, 1002, (trx) => rolesOf(trx, acmeUser))).toEqual([{ role: 'teacher', scopeType: null, scopeId: null }]);
  });

  it('refuses a grant written for another tenant', async () => {
    await expect(demo((trx) => grantRole(trx, 1002, acmeUser, 'marker'))).rejects.toThrow(/row-level security/);
    const { rows } = await sql<{ forced: boolean }>`select relforcerowsecurity as forced from pg_class where relname = 'user_role'`.execute(t.db.owner);
    expect(rows[0]!.forced).toBe(true);
  });
});
