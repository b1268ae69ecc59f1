import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { buildJsonSchemas, JSON_SCHEMA_DIR } from '../../schemas/export-json';
import type { PageBlock, PageTemplateV2 } from '../../schemas/page-template';

const TENANT_SEED_DIR = resolve(import.meta.dirname, '../../templates/tenants');
const load = async (name: string) => JSON.parse(await readFile(join(JSON_SCHEMA_DIR, name), 'utf8')) as object;
const compile = async (name: string) => new Ajv2020({ strict: false }).compile(await load(name));

describe('schemas/json (npx tsx schemas/export-json.ts)', () => {
  it('is up to date with the TypeBox sources', async () => {
    const built = buildJsonSchemas();
    const onDisk = (await readdir(JSON_SCHEMA_DIR)).filter((f) => f.endsWith('.schema.json')).sort();
    expect(onDisk).toEqual([...built.keys()].sort());
    for (const [name, text] of built) expect(await readFile(join(JSON_SCHEMA_DIR, name), 'utf8'), `${name} is stale; run npx tsx schemas/export-json.ts`).toBe(text);
  });

  it('compiles every file as JSON Schema 2020-12', async () => {
    for (const name of buildJsonSchemas().keys()) await expect(compile(name)).resolves.toBeTypeOf('function');
  });

  it('validates nested blocks of a format 2 template recursively', async () => {
    const validate = await compile('page-template-v2.schema.json');
    const block = (id: string, extra: Partial<PageBlock> = {}): PageBlock => ({ id, type: 'text', version: 1, props: {}, ...extra });
    const good: PageTemplateV2 = { schemaVersion: 2, pageId: 1, pageCode: 'p', title: 'P', root: { props: {} }, blocks: [block('a', { slots: { left: [block('b', { condition: { audience: 'guest' } })] } })] };
    expect(validate(good)).toBe(true);
    const badChild = structuredClone(good);
    (badChild.blocks[0]!.slots!.left![0] as { version: unknown }).version = 'one';
    expect(validate(badChild)).toBe(false);
    const codeCondition = structuredClone(good);
    (codeCondition.blocks[0]!.slots!.left![0] as { condition: unknown }).condition = { script: 'alert(1)' };
    expect(validate(codeCondition)).toBe(false);
  });

  it('validates a legacy template and every demo tenant file', async () => {
    const v1 = await compile('page-template-v1.schema.json');
    expect(v1({ pageCode: 'x', pageName: 'X', components: [{ compId: 1, compType: 'swiper', config: {}, children: [{ compId: 2, compType: 'text', config: {} }] }] })).toBe(true);
    expect(v1({ pageCode: 'x', pageName: 'X', components: [{ compType: 'swiper' }] })).toBe(false);
    const seed = await compile('tenant-seed.schema.json');
    for (const file of (await readdir(TENANT_SEED_DIR)).filter((f) => f.endsWith('.json'))) {
      expect(seed(JSON.parse(await readFile(join(TENANT_SEED_DIR, file), 'utf8'))), file).toBe(true);
    }
  });
});
