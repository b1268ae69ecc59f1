import { randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { TenantSeed } from '../../schemas/tenant-seed';
import { assertValid } from '../lib/validate';
import { clientPasswordDigest, hashPassword } from '../lib/password';
import { sanitisePageTemplate } from '../lib/rich-text';
import { qrSvg } from './qr-svg';
import { withTenant } from '../db/database';
import { seedCatalogue, writeCatalogueCovers } from './seed-catalogue';
import { seedAccounts } from './seed-accounts';
import { seedClasses } from './seed-classes';
import { seedClassesMore } from './seed-classes-more';
import { seedLive } from './seed-live';
import { seedExamPapers } from './seed-exam-paper';
import { seedReadingChapters } from './seed-reading';
import { seedQuestionBank } from './seed-question-bank';
import { seedExamKinds } from './seed-exam-kinds';
import { seedPractice } from './seed-practice';
import { seedMarking } from './seed-marking';
import { seedHomework } from './seed-homework';
import { seedWork } from './seed-work';
import type { DB } from '../db/types';

/** Where the demo tenant files live (DESIGN "Layout": templates/ holds demo tenants as JSON). */
export const TENANT_SEED_DIR = resolve(import.meta.dirname, '../../templates/tenants');

/** Where the page templates live (templates/pages/*.json); tenant pages name them with templateFile. */
export const TEMPLATE_PAGES_DIR = resolve(import.meta.dirname, '../../templates/pages');

/** The template a home page without its own gets. */
export const DEFAULT_HOME_TEMPLATE = 'default-home.json';

/** Purpose of a home page (the pages list asks purpose 2). */
const HOME_PURPOSE = 2;

/** Reads one templates/pages file; a missing or broken file is an error naming it and the page. */
async function readPageTemplate(pagesDir: string, name: string, where: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(join(pagesDir, name), 'utf8');
  } catch {
    throw new Error(`${where} names the template file "${name}", but templates/pages/${name} does not exist; add the file or fix templateFile.`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`Template file templates/pages/${name} (named by ${where}) is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Puts each page's template in place: the file its templateFile names, else its inline template,
 * else (home pages only) templates/pages/default-home.json. Tab pages without one stay without.
 */
async function resolvePageTemplates(seed: TenantSeed, file: string, pagesDir: string): Promise<void> {
  for (const page of seed.pages) {
    const where = `Tenant file templates/tenants/${file} (page ${page.pageCode})`;
    if (page.templateFile !== undefined) {
      if (page.template !== undefined) throw new Error(`${where} has both template and templateFile; keep one.`);
      page.template = await readPageTemplate(pagesDir, page.templateFile, where);
    } else if (page.template === undefined && page.purpose === HOME_PURPOSE) {
      page.template = await readPageTemplate(pagesDir, DEFAULT_HOME_TEMPLATE, where);
    }
  }
}

/**
 * Reads and validates every templates/tenants/*.json and loads the page templates they name; a bad
 * file stops the seed before any write.
 */
export async function loadTenantSeeds(dir = TENANT_SEED_DIR, pagesDir = TEMPLATE_PAGES_DIR): Promise<TenantSeed[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const seeds: TenantSeed[] = [];
  for (const file of files) {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(join(dir, file), 'utf8'));
    } catch (error) {
      throw new Error(`Tenant file templates/tenants/${file} is not valid JSON: ${(error as Error).message}`);
    }
    const seed = assertValid<TenantSeed>(TenantSeed, raw, `Tenant file templates/tenants/${file}`);
    for (const item of seed.configList) {
      if (item.paramValueType !== 2) continue;
      try {
        JSON.parse(item.paramValue);
      } catch {
        throw new Error(`Tenant file templates/tenants/${file}: ${item.paramGroup}.${item.paramKey} has paramValueType 2 but its value is not JSON.`);
      }
    }
    await resolvePageTemplates(seed, file, pagesDir);
    seeds.push(seed);
  }
  const ids = new Set<number>();
  const codes = new Set<string>();
  for (const seed of seeds) {
    if (ids.has(seed.id) || codes.has(seed.code)) throw new Error(`Two tenant files use id ${seed.id} or code "${seed.code}"; each must be unique.`);
    ids.add(seed.id);
    codes.add(seed.code);
  }
  return seeds;
}

/**
 * Writes each demo tenant that is not in the database yet, in one transaction per tenant. Tenants
 * already present are left untouched, so a restart never overwrites what an admin changed.
 * Returns the codes of the tenants written.
 */
export async function seedTenants(owner: Kysely<DB>, seeds: TenantSeed[]): Promise<string[]> {
  const existing = new Set((await owner.selectFrom('tenant').select('id').execute()).map((r) => Number(r.id)));
  const written: string[] = [];
  for (const seed of seeds) {
    if (existing.has(seed.id)) continue;
    const users = await Promise.all(
      seed.users.map(async (u) => ({ ...u, ...(await hashPassword(clientPasswordDigest(u.password))) })),
    );
    // One transaction per tenant, tenant row included: a seed that fails half-way leaves nothing,
    // so the next start seeds that tenant again instead of skipping an empty one.
    await withTenant(owner, seed.id, async (trx) => {
      await trx.insertInto('tenant')
        .values({ id: seed.id, code: seed.code, name: seed.name, tenant_type: seed.tenantType, ...(seed.timeZone ? { time_zone: seed.timeZone } : {}) })
        .execute();
      // The signing secret lives apart, under the tenant's row-level security (migration 0016).
      await trx.insertInto('tenant_secret').values({ tenant_id: seed.id, secret: randomBytes(32).toString('hex') }).execute();
      await trx.insertInto('tenant_store').values(seed.stores.map((s, i) => ({
        tenant_id: seed.id, id: s.id, name: s.name, thumb_img: s.thumbImg ?? null, org_path: s.orgPath ?? null,
        state: s.state, global_style: JSON.stringify(s.globalStyle), sort: i,
      }))).execute();
      if (seed.configList.length) {
        await trx.insertInto('tenant_config').values(seed.configList.map((c) => ({
          tenant_id: seed.id, store_id: c.storeId ?? 0, param_group: c.paramGroup, param_key: c.paramKey,
          param_value: c.paramValue, param_value_type: c.paramValueType,
        }))).execute();
      }
      // Parents first, so the parent foreign key holds.
      const navs = [...seed.navigateList].sort((a, b) => Number(a.parentId != null) - Number(b.parentId != null));
      for (const n of navs) {
        await trx.insertInto('navigate').values({
          tenant_id: seed.id, id: n.id, store_id: n.storeId, parent_id: n.parentId ?? null, title: n.title,
          page_code: n.pageCode ?? null, page_path: n.pagePath ?? null, link: n.link ? JSON.stringify(n.link) : null, sort: n.sort ?? 0,
        }).execute();
      }
      for (const p of seed.pages) {
        // Rich text is sanitised when a template is written, and the template stamped with the policy
        // (server/lib/rich-text.ts): the browser then shows it without running DOMPurify (issue 15).
        const template = p.template === undefined ? null : JSON.stringify(await sanitisePageTemplate(p.template));
        await trx.insertInto('page').values({
          tenant_id: seed.id, id: p.pageId, store_id: p.storeId ?? null, page_code: p.pageCode, name: p.name, type: p.type,
          purpose: p.purpose, state: p.state, thumb_img: p.thumbImg ?? null, sort: p.sort ?? 0, template,
        }).execute();
      }
      for (const u of users) {
        await trx.insertInto('user_account').values({
          tenant_id: seed.id, account: u.account, password_hash: u.hash, password_salt: u.salt, real_name: u.realName ?? null,
          nick_name: u.nickName ?? null, mobile: u.mobile ?? null, email: null, gender: null, birthday: null, summary: null,
          avatar_img: null, admin_auth: u.adminAuth ?? false,
        }).execute();
      }
      await seedCatalogue(trx, seed.id);
      await seedClasses(trx, seed.id);
      await seedExamPapers(trx, seed.id);
      await seedReadingChapters(trx, seed.id);
      await seedLive(trx, seed.id);
      await seedClassesMore(trx, seed.id);
      await seedAccounts(trx, seed.id, seed.users.map((u) => u.account));
      // issue 18, in this order: the bank first (practice sets draw from it), marking after the exam kinds.
      await seedQuestionBank(trx, seed.id);
      await seedExamKinds(trx, seed.id);
      await seedPractice(trx, seed.id);
      await seedMarking(trx, seed.id);
      await seedHomework(trx, seed.id);
      await seedWork(trx, seed.id);
    });
    written.push(seed.code);
  }
  return written;
}

/**
 * A tenant's address: its host (the code as first label, as start-up resolves tenants) on this
 * server's port (PORT, default 8080), at its home page. What its footer QR code opens.
 */
export function tenantAddress(code: string, port = Number(process.env.PORT) || 8080): string {
  return `http://${code}.localhost:${port}/study/home`;
}

/** Where a tenant's QR code image is written (seedAssets) and served; a footer's qrCodeImg names it. */
export function tenantQrPath(code: string): { url: string; file: string } {
  return { url: `/uploads/seed/qr-${code}.svg`, file: `seed/qr-${code}.svg` };
}

/**
 * Copies the demo assets (logos, login pictures) into the local object store under seed/, writes each
 * tenant's QR code (a real one, of its address: issue 13 point 11) and draws the catalogue covers.
 */
export async function seedAssets(uploadDir: string, dir = TENANT_SEED_DIR): Promise<void> {
  await mkdir(join(uploadDir, 'seed'), { recursive: true });
  await cp(join(dir, 'assets'), join(uploadDir, 'seed'), { recursive: true, force: true });
  for (const seed of await loadTenantSeeds(dir)) await writeFile(join(uploadDir, tenantQrPath(seed.code).file), qrSvg(tenantAddress(seed.code)), 'utf8');
  await writeCatalogueCovers(uploadDir);
}
