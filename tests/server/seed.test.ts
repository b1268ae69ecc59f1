import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { loadTenantSeeds, seedAssets, seedTenants, tenantAddress, TENANT_SEED_DIR } from '../../server/demo/seed';
import { clientPasswordDigest, verifyPassword } from '../../server/lib/password';
import { createTestApp, type TestApp } from './harness';
import { decodeQr, svgModules } from './qr-decode';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function copyOfSeeds(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'seeds-'));
  await cp(TENANT_SEED_DIR, dir, { recursive: true });
  return dir;
}

describe('demo tenants', () => {
  it('seeds demo, acme, shop, ai and 1533', async () => {
    const rows = await t.db.owner.selectFrom('tenant').select(['id', 'code']).orderBy('id').execute();
    expect(rows.map((r) => r.code)).toEqual(['demo', 'acme', 'shop', 'ai', 'campus']);
    expect(rows.map((r) => r.id)).toContain(1533);
  });

  it('does not write a tenant twice, so a restart keeps what an admin changed', async () => {
    expect(await seedTenants(t.db.owner, await loadTenantSeeds())).toEqual([]);
  });

  it('stores learner passwords as scrypt over the md5, never the md5', async () => {
    const user = await withTenant(t.db.owner, 1001, (trx) =>
      trx.selectFrom('user_account').selectAll().where('account', '=', 'learner').executeTakeFirstOrThrow());
    const md5 = clientPasswordDigest('Study@2026');
    expect(user.password_hash).not.toContain(md5);
    expect(await verifyPassword(md5, user.password_hash, user.password_salt)).toBe(true);
    expect(await verifyPassword(clientPasswordDigest('study@2026'), user.password_hash, user.password_salt)).toBe(false);
  });

  it('rejects a tenant file with a bad field and names the file and field', async () => {
    const dir = await copyOfSeeds();
    const file = join(dir, 'acme.json');
    const acme = JSON.parse(await readFile(file, 'utf8'));
    acme.stores[0].globalStyle.themeColor1 = 'purple';
    await writeFile(file, JSON.stringify(acme));
    await expect(loadTenantSeeds(dir)).rejects.toThrow(/templates\/tenants\/acme\.json is invalid: stores\/0\/globalStyle\/themeColor1 must match pattern/);
  });

  it('rejects a JSON setting whose value is not JSON', async () => {
    const dir = await copyOfSeeds();
    const file = join(dir, 'demo.json');
    const demo = JSON.parse(await readFile(file, 'utf8'));
    demo.configList.find((c: { paramKey: string }) => c.paramKey === 'navbar').paramValue = '{not json';
    await writeFile(file, JSON.stringify(demo));
    await expect(loadTenantSeeds(dir)).rejects.toThrow('PcStartup.navbar has paramValueType 2 but its value is not JSON');
  });

  it('rejects two files with the same code', async () => {
    const dir = await copyOfSeeds();
    const acme = JSON.parse(await readFile(join(dir, 'acme.json'), 'utf8'));
    await writeFile(join(dir, 'zz-copy.json'), JSON.stringify({ ...acme, id: 4242 }));
    await expect(loadTenantSeeds(dir)).rejects.toThrow(/code "acme"/);
  });

  // Issue 13 point 11: demo's footer QR was a crude 9 × 9 pattern that scanned as nothing.
  it('gives demo\'s footer a real QR code that scans to the tenant\'s address', async () => {
    const demo = (await loadTenantSeeds()).find((s) => s.code === 'demo')!;
    const footer = JSON.parse(demo.configList.find((c) => c.paramKey === 'footer')!.paramValue) as { qrCodeImg: string };
    const uploadDir = await mkdtemp(join(tmpdir(), 'qr-'));
    await seedAssets(uploadDir);
    const svg = await readFile(join(uploadDir, footer.qrCodeImg.replace(/^\/uploads\//, '')), 'utf8');
    expect(decodeQr(svgModules(svg))).toBe(tenantAddress('demo'));
    expect(tenantAddress('demo')).toMatch(/^http:\/\/demo\.localhost:\d+\/study\/home$/);
  });
});
