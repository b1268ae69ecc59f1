// The credentials kernel (issue 19 part E; server/lib/credentials.ts): a tenant's rule issues once
// per user, a rule turned off issues nothing, an expired credential is renewed with its code kept, a
// revoked one is never re-issued, and countCredentials counts only valid ones.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { countCredentials, issueCredentialsFor, normaliseVerificationCode, newVerificationCode } from '../../server/lib/credentials';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let userId: number;
let courseId: number;

const inDemo = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(t.db.app, 1001, work);

/** A new rule of the demo tenant for the course; its id. */
async function addRule(extra: { valid_months?: number | null; enabled?: boolean; title?: string } = {}) {
  const row = await t.db.owner.insertInto('credential_rule').values({
    tenant_id: 1001, source_kind: 'course', source_id: courseId, title: extra.title ?? `结业证书 ${Math.random().toString(36).slice(2, 8)}`,
    issuer: '演示学院', body: '{name} 完成了《{source}》的全部学习。', valid_months: extra.valid_months ?? null, enabled: extra.enabled ?? true,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: 1001, account: `cred_${Date.now()}`, password_hash: 'locked', password_salt: '', real_name: '王小明', nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  userId = Number(user.id);
  // A course no seeded rule names, so only this file's rules apply.
  const course = await t.db.owner.insertInto('course').values({ tenant_id: 1001, title: '凭证测试课程', category_id: null, cover: null, summary: null, teacher_id: null })
    .returning('id').executeTakeFirstOrThrow();
  courseId = Number(course.id);
}, 120_000);

afterAll(async () => t?.close());

describe('verification codes', () => {
  it('are XXXX-XXXX-XXXX of unambiguous letters, and typed loosely they normalise back', () => {
    const code = newVerificationCode();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(normaliseVerificationCode(code.toLowerCase().replaceAll('-', ' '))).toBe(code);
  });
});

describe('issueCredentialsFor', () => {
  it('issues nothing when the tenant has no rule for the source', async () => {
    expect(await inDemo((trx) => issueCredentialsFor(trx, userId, { kind: 'course', id: courseId }))).toEqual([]);
  });

  it('issues once per rule with the course filled in (the name stays a placeholder) and the holder\'s real name, and again issues nothing', async () => {
    const ruleId = await addRule({ valid_months: 12 });
    const off = await addRule({ enabled: false });
    const first = await inDemo((trx) => issueCredentialsFor(trx, userId, { kind: 'course', id: courseId }));
    expect(first).toHaveLength(1);
    const row = await t.db.owner.selectFrom('user_credential').selectAll().where('id', '=', first[0]!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ rule_id: ruleId, holder_name: '王小明', source_title: '凭证测试课程', body: '{name} 完成了《凭证测试课程》的全部学习。' });
    const months = (row.expires_at!.getTime() - row.issued_at.getTime()) / 86_400_000;
    expect(months).toBeGreaterThan(360);
    expect(months).toBeLessThan(370);
    expect(await inDemo((trx) => issueCredentialsFor(trx, userId, { kind: 'course', id: courseId }))).toEqual([]);
    const byOff = await t.db.owner.selectFrom('user_credential').select('id').where('rule_id', '=', off).execute();
    expect(byOff).toEqual([]);
    expect(await inDemo((trx) => countCredentials(trx, userId))).toBe(1);
  });

  it('renews an expired credential with the same code, and never re-issues a revoked one', async () => {
    const held = await t.db.owner.selectFrom('user_credential').select(['id', 'code']).where('user_id', '=', userId).executeTakeFirstOrThrow();
    await t.db.owner.updateTable('user_credential').set({ issued_at: sql`now() - interval '2 years'`, expires_at: sql`now() - interval '1 year'` })
      .where('id', '=', held.id).execute();
    expect(await inDemo((trx) => countCredentials(trx, userId))).toBe(0);
    expect(await inDemo((trx) => issueCredentialsFor(trx, userId, { kind: 'course', id: courseId }))).toEqual([Number(held.id)]);
    const renewed = await t.db.owner.selectFrom('user_credential').select(['code', 'expires_at']).where('id', '=', held.id).executeTakeFirstOrThrow();
    expect(renewed.code).toBe(held.code);
    expect(renewed.expires_at!.getTime()).toBeGreaterThan(Date.now());
    expect(await inDemo((trx) => countCredentials(trx, userId))).toBe(1);

    await t.db.owner.updateTable('user_credential').set({ revoked_at: sql`now()`, expires_at: sql`now() - interval '1 day'`, issued_at: sql`now() - interval '2 days'` })
      .where('id', '=', held.id).execute();
    expect(await inDemo((trx) => issueCredentialsFor(trx, userId, { kind: 'course', id: courseId }))).toEqual([]);
    expect(await inDemo((trx) => countCredentials(trx, userId))).toBe(0);
  });

  it('sees only the tenant of the transaction: an acme transaction finds neither the demo rule nor the demo credential', async () => {
    expect(await withTenant(t.db.app, 1002, (trx) => issueCredentialsFor(trx, userId, { kind: 'course', id: courseId }))).toEqual([]);
    expect(await withTenant(t.db.app, 1002, (trx) => trx.selectFrom('user_credential').select('id').where('user_id', '=', userId).execute())).toEqual([]);
  });
});
