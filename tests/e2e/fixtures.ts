// Seeds the extra tenants of the e2e suite (tests/e2e/tenants.ts says what each is for), copies of
// the demo tenant's seed file made at global setup, so the access rules can be tested against
// settings the demo tenants do not use. Test files import tenants.ts, not this module: it pulls in
// the server's seeding code (about 2 s to import).
import type { Kysely } from 'kysely';
import { withTenant } from '../../server/db/database';
import { loadTenantSeeds, seedTenants } from '../../server/demo/seed';
import type { DB } from '../../server/db/types';
import { E2E_TENANTS } from './tenants';

type Seed = Awaited<ReturnType<typeof loadTenantSeeds>>[number];

function setConfig(seed: Seed, group: string, key: string, value: string): void {
  const item = seed.configList.find((c) => c.paramGroup === group && c.paramKey === key);
  if (!item) throw new Error(`The demo tenant file has no ${group}.${key}; tests/e2e/fixtures.ts copies it.`);
  item.paramValue = value;
}

function copyOfDemo(demo: Seed, id: number, code: string, authOpen: boolean, forceLogin: number): Seed {
  const seed = structuredClone(demo);
  seed.id = id;
  seed.code = code;
  const options = JSON.parse(demo.configList.find((c) => c.paramGroup === 'PcStartup' && c.paramKey === 'options')?.paramValue ?? '{}') as Record<string, unknown>;
  setConfig(seed, 'PcStartup', 'options', JSON.stringify({ ...options, auth: { open: authOpen } }));
  setConfig(seed, 'Security', 'forceLogin', String(forceLogin));
  return seed;
}

/** Seeds the e2e tenants (idempotent: seedTenants skips tenants that exist). */
export async function seedE2eTenants(owner: Kysely<DB>): Promise<void> {
  const demo = (await loadTenantSeeds()).find((s) => s.code === 'demo');
  if (!demo) throw new Error('templates/tenants/demo.json is missing; the e2e tenants are copies of it.');
  const busy = copyOfDemo(demo, E2E_TENANTS.busy.id, E2E_TENANTS.busy.code, true, 2);
  busy.users = [...busy.users, { account: E2E_TENANTS.busy.account, password: E2E_TENANTS.busy.password, realName: '忙碌学员', nickName: '忙碌', mobile: '13800000009' }];
  const secure = copyOfDemo(demo, E2E_TENANTS.secure.id, E2E_TENANTS.secure.code, true, 2);
  const login = JSON.parse(secure.configList.find((c) => c.paramGroup === 'PcLoginConfig' && c.paramKey === 'loginConfig')?.paramValue ?? '{}') as Record<string, unknown>;
  setConfig(secure, 'PcLoginConfig', 'loginConfig', JSON.stringify({ ...login, slideCaptcha: true, allowRegister: true }));
  await seedTenants(owner, [
    secure,
    copyOfDemo(demo, E2E_TENANTS.closed.id, E2E_TENANTS.closed.code, false, 1),
    copyOfDemo(demo, E2E_TENANTS.guestok.id, E2E_TENANTS.guestok.code, false, 2),
    busy,
  ]);
  await withTenant(owner, E2E_TENANTS.busy.id, async (trx) => {
    const user = await trx.selectFrom('user_account').select('id').where('account', '=', E2E_TENANTS.busy.account).executeTakeFirstOrThrow();
    const existing = await trx.selectFrom('user_message').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const missing = E2E_TENANTS.busy.unread - Number(existing.n);
    if (missing <= 0) return;
    await trx
      .insertInto('user_message')
      .values(Array.from({ length: missing }, (_, i) => ({ tenant_id: E2E_TENANTS.busy.id, user_id: user.id, type: 1, title: `通知 ${i + 1}`, content: '批量通知', state: 0 })))
      .execute();
  });
}
