// Shared kernel: writing a whole tenant (its directory row, secret, stores, settings, navigation,
// pages and accounts) from a TenantSeed. The demo seed (server/demo/seed.ts) writes its tenant files
// through it, and the operator's POST /um/api/tenant/register (issue 21 W) writes a new tenant
// through it, so a registered tenant is exactly a seeded one without the demo catalogue.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Transaction } from 'kysely';
import type { TenantSeed } from '../../schemas/tenant-seed';
import type { DB } from '../db/types';
import { clientPasswordDigest, hashPassword } from './password';
import { sanitisePageTemplate } from './rich-text';

/** Where the page templates live (templates/pages/*.json); tenant pages name them with templateFile. */
export const TEMPLATE_PAGES_DIR = resolve(import.meta.dirname, '../../templates/pages');

/** The template a home page without its own gets. */
export const DEFAULT_HOME_TEMPLATE = 'default-home.json';

/** Purpose of a home page (the pages list asks purpose 2). */
export const HOME_PURPOSE = 2;

/** Reads one templates/pages file; a missing or broken file is an error naming it and the page. */
export async function readPageTemplate(pagesDir: string, name: string, where: string): Promise<unknown> {
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
 * Writes the tenant's directory row, signing secret, stores, settings, navigation, pages (templates
 * already resolved) and accounts, inside `trx`, which must run under the tenant's own id
 * (withTenant). Returns each account's new user id by account name.
 */
export async function writeTenant(trx: Transaction<DB>, seed: TenantSeed): Promise<Map<string, number>> {
  const users = await Promise.all(
    seed.users.map(async (u) => ({ ...u, ...(await hashPassword(clientPasswordDigest(u.password))) })),
  );
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
  const ids = new Map<string, number>();
  for (const u of users) {
    const row = await trx.insertInto('user_account').values({
      tenant_id: seed.id, account: u.account, password_hash: u.hash, password_salt: u.salt, real_name: u.realName ?? null,
      nick_name: u.nickName ?? null, mobile: u.mobile ?? null, email: null, gender: null, birthday: null, summary: null,
      avatar_img: null, admin_auth: u.adminAuth ?? false,
    }).returning('id').executeTakeFirstOrThrow();
    ids.set(u.account, Number(row.id));
  }
  return ids;
}
