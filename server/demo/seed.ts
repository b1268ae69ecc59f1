import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { TenantSeed } from '../../schemas/tenant-seed';
import { assertValid } from '../lib/validate';
import { DEFAULT_HOME_TEMPLATE, HOME_PURPOSE, readPageTemplate, TEMPLATE_PAGES_DIR, writeTenant } from '../lib/tenant-write';
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
import { seedTasks } from './seed-tasks';
import { seedGames } from './seed-games';
import { seedPoints } from './seed-points';
import { seedArchives } from './seed-archives';
import { seedCredentials } from './seed-credentials';
import { seedMatches } from './seed-matches';
import { seedTeachers } from './seed-teachers';
import { seedSharing } from './seed-sharing';
import { seedShopCatalogue } from './seed-shop-catalogue';
import { seedAfterSale } from './seed-after-sale';
import { seedReservations } from './seed-reservations';
import { seedMake } from './seed-make';
import { seedCenterShop } from './seed-center-shop';
import { seedReadingPlatform } from './seed-reading-platform';
import { seedCreators } from './seed-creators';
import { seedAiCredits } from './seed-ai-credits';
import { seedAiAssistants } from './seed-ai-assistants';
import { seedAiChat } from './seed-ai-chat';
import { seedAiImages } from './seed-ai-images';
import { seedAiIndex } from './seed-ai-index';
import { seedOrgans } from './seed-organs';
import { seedAppPackages } from './seed-app-packages';
import type { DB } from '../db/types';

/** Where the demo tenant files live (DESIGN "Layout": templates/ holds demo tenants as JSON). */
export const TENANT_SEED_DIR = resolve(import.meta.dirname, '../../templates/tenants');

// The page templates' folder and the default home moved to the shared kernel with writeTenant (issue 21 W).
export { DEFAULT_HOME_TEMPLATE, TEMPLATE_PAGES_DIR } from '../lib/tenant-write';

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
    // One transaction per tenant, tenant row included: a seed that fails half-way leaves nothing,
    // so the next start seeds that tenant again instead of skipping an empty one.
    await withTenant(owner, seed.id, async (trx) => {
      // The tenant, its settings, navigation, pages and accounts: what the operator's register writes too.
      await writeTenant(trx, seed);
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
      // issue 19, in this order: points rules first (the others award points), credentials after what earns them, archives last.
      await seedPoints(trx, seed.id);
      await seedTasks(trx, seed.id);
      await seedGames(trx, seed.id);
      await seedMatches(trx, seed.id);
      await seedTeachers(trx, seed.id);
      await seedSharing(trx, seed.id);
      await seedCredentials(trx, seed.id);
      await seedArchives(trx, seed.id);
      // issue 20: the catalogue and stores first (the others sell and review them), creators last.
      await seedShopCatalogue(trx, seed.id);
      await seedAfterSale(trx, seed.id);
      await seedReservations(trx, seed.id);
      await seedMake(trx, seed.id);
      await seedCenterShop(trx, seed.id);
      await seedReadingPlatform(trx, seed.id);
      await seedCreators(trx, seed.id);
      // issue 21: credits and accounts first, then assistants, conversations, images; the index last (it reads them all).
      await seedAiCredits(trx, seed.id);
      await seedAiAssistants(trx, seed.id);
      await seedAiChat(trx, seed.id);
      await seedAiImages(trx, seed.id);
      await seedAiIndex(trx, seed.id);
      // issue 21 X: the org tree from the departments learners carry, so after every seed that sets them.
      await seedOrgans(trx, seed.id);
      // issue 21 Y: the app packages of the update check.
      await seedAppPackages(trx, seed.id);
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
