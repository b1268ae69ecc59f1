// DESIGN "Testing": every page template in templates/pages/ is validated against its format's JSON
// Schema, migrated (format 1 → 2, widget migrations), and rendered to static HTML with the fixture
// data; the HTML is a snapshot reviewed like code. No block may be dropped, and every block a
// signed-in learner may see must be in the HTML.
// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPageTemplateV1 } from '../../schemas/page-template';
import { evaluateCondition } from '../../src/runtime/conditions';
import type { RenderNode } from '../../src/runtime/normalise';
import { createPortalRegistry } from '../../widgets';
import { FIXTURE_CTX, renderTemplate } from '../fixtures/render-page';
import { FIXTURE_NOW } from '../fixtures/widget-data';

const root = join(import.meta.dirname, '../..');
const pagesDir = join(root, 'templates/pages');
const files = readdirSync(pagesDir).filter((f) => f.endsWith('.json')).sort();
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

const ajv = new Ajv2020({ strict: false, allErrors: true });
const validateV2 = ajv.compile(readJson(join(root, 'schemas/json/page-template-v2.schema.json')) as object);
const validateV1 = ajv.compile(readJson(join(root, 'schemas/json/page-template-v1.schema.json')) as object);

/** Blocks (format 2) or components (format 1) in a stored template, slots and children included. */
function countStoredBlocks(template: unknown): number {
  const count = (list: unknown): number => (Array.isArray(list) ? list.reduce((n: number, item) => {
    const node = item as { slots?: Record<string, unknown>; children?: unknown };
    const inSlots = node.slots ? Object.values(node.slots).reduce((m: number, l) => m + count(l), 0) : 0;
    return n + 1 + inSlots + count(node.children);
  }, 0) : 0);
  const t = template as { blocks?: unknown; components?: unknown };
  return count(t.blocks ?? t.components);
}

/** Ids of the blocks the fixture viewer (a learner) sees: conditions hold, and so do the parents'. */
function visibleBlockIds(nodes: readonly RenderNode[]): string[] {
  return nodes.flatMap((node) => (node.kind === 'block' && evaluateCondition(node.block.condition, FIXTURE_CTX.viewer)
    ? [node.block.id, ...Object.values(node.slots).flatMap(visibleBlockIds)]
    : []));
}

/** One line per block, so a snapshot diff shows which block changed. */
const readable = (html: string) => html.replace(/<div class="rt-block" /g, '\n<div class="rt-block" ');

beforeAll(() => {
  // Relative dates ("3 天前") and window badges read the clock; the fixtures are dated around FIXTURE_NOW.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(FIXTURE_NOW);
});
afterAll(() => vi.useRealTimers());

describe('templates/pages', () => {
  it('has the templates the portal ships', () => {
    expect(files).toEqual(expect.arrayContaining([
      'default-home.json', 'campus-1533-home.json', 'demo-home.json', 'demo-skills.json', 'demo-resources-tab.json',
      'acme-home.json', 'shop-home.json', 'legacy-v1-home.json',
    ]));
  });

  it.each(files)('%s is valid, migrates without dropping a block, and renders', async (file) => {
    const raw = readJson(join(pagesDir, file));
    const legacy = isPageTemplateV1(raw);
    const validate = legacy ? validateV1 : validateV2;
    expect(validate(raw), `${file}: ${ajv.errorsText(validate.errors)}`).toBe(true);

    const { html, page, errors } = await renderTemplate(raw, { registry: createPortalRegistry() });

    expect(page.report.sourceFormat).toBe(legacy ? 1 : 2);
    const dropped = page.report.entries.filter((e) => e.action === 'dropped');
    expect(dropped, dropped.map((e) => e.message).join('\n')).toEqual([]);
    expect(errors.map((e) => e.message)).toEqual([]);
    const kept = countStoredBlocks(page.page);
    expect(kept).toBe(countStoredBlocks(raw));

    const visible = visibleBlockIds(page.nodes);
    expect(visible.length).toBeGreaterThan(0);
    const rendered = [...html.matchAll(/data-block-id="([^"]+)"/g)].map((m) => m[1]);
    expect(rendered.sort()).toEqual([...visible].sort());
    // Every lazy widget loaded and no data call failed.
    expect(html).not.toContain('rt-block-loading');
    expect(html).not.toContain('加载失败');

    expect(readable(html)).toMatchSnapshot();
  });
});
