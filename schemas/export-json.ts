import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LinkItem } from './link';
import { PageTemplateV1, PageTemplateV2 } from './page-template';
import { FooterSettings, GlobalStyle, NavbarOptions, NavigateItem, SiteOptions } from './tenant-settings';
import { TenantSeed } from './tenant-seed';

/**
 * Writes the TypeBox schemas as JSON Schema files (draft 2020-12) for tools outside this repo:
 * the back-office form builder, template linters, integrators' CI. Run with
 * `npx tsx schemas/export-json.ts`; a unit test fails when the files are out of date.
 */

/** Where the files go. */
export const JSON_SCHEMA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), 'json');

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

const SOURCES: Readonly<Record<string, object>> = {
  'page-template-v1': PageTemplateV1,
  'page-template-v2': PageTemplateV2,
  'navigate-item': NavigateItem,
  'link-item': LinkItem,
  'global-style': GlobalStyle,
  'footer-settings': FooterSettings,
  'site-options': SiteOptions,
  'navbar-options': NavbarOptions,
  'tenant-seed': TenantSeed,
};

/** The file name → JSON text of every exported schema, exactly as written to disk. */
export function buildJsonSchemas(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [name, schema] of Object.entries(SOURCES)) {
    // JSON round trip: drops TypeBox's non-enumerable markers and anything that is not JSON.
    const { $id, title, description, ...rest } = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
    const ordered = { $schema: DIALECT, $id, title, description, ...rest };
    files.set(`${name}.schema.json`, `${JSON.stringify(ordered, null, 2)}\n`);
  }
  return files;
}

/** Replaces the *.schema.json files in `dir` with freshly built ones; returns the names written. */
export async function writeJsonSchemas(dir = JSON_SCHEMA_DIR): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files = buildJsonSchemas();
  for (const stale of (await readdir(dir)).filter((f) => f.endsWith('.schema.json') && !files.has(f))) await rm(join(dir, stale));
  for (const [name, text] of files) await writeFile(join(dir, name), text, 'utf8');
  return [...files.keys()];
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const written = await writeJsonSchemas();
  console.log(`Wrote ${written.length} JSON Schema files to schemas/json/: ${written.join(', ')}.`);
}
