// Contestant "ours": the anchor page converted to our page format (./anchor-convert.ts, our real
// widgets) and rendered by the production runtime page (./runtime-harness.tsx), cold. Timed by the
// rule of ./anchor-measure.ts, the same as plain React and Puck.
import type { PageTemplateV2 } from '../../schemas/page-template';
import { makePage, readN } from './anchor-source';
import { createPortalRegistry } from '../../widgets';
import { toOurTemplate } from './anchor-convert';
import { measureAnchor, report } from './anchor-measure';
import { renderRuntimePage } from './runtime-harness';

// The server's stamp on templates whose rich text it sanitised on save, when this portal has one.
const policy = Object.values(import.meta.glob<{ RICH_TEXT_POLICY_VERSION?: number }>('../../schemas/rich-text-policy.ts', { eager: true }))[0];

/** The template as the portal serves it (bench/render.ts wrote it with the server's own functions), when the bench wrote one. */
async function servedTemplate(n: number): Promise<PageTemplateV2 | undefined> {
  const response = await fetch(`./served-${n}.json`).catch(() => undefined);
  return response?.ok ? (await response.json()) as PageTemplateV2 : undefined;
}

async function run() {
  const n = readN();
  const page = makePage(n);
  const registry = createPortalRegistry();
  const versionOf = (type: string) => registry.get(type)?.version ?? 1;
  // The template, made before t0 as the server would send it: checked and stamped by the server's
  // functions when the bench wrote that form, else stored as the server would have it.
  const richTextPolicy = policy?.RICH_TEXT_POLICY_VERSION;
  const template = (await servedTemplate(n)) ?? toOurTemplate(page, versionOf, richTextPolicy === undefined ? {} : { richTextPolicy });
  const timing = await renderRuntimePage(template, registry, (el, t0) => measureAnchor(el, page.blocks, t0));
  return { contestant: 'ours', richTextPolicy: richTextPolicy ?? null, checked: (template as { checked?: string }).checked ?? null, ...timing };
}

report(run());
