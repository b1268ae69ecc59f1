// Contestant "ours": the anchor page converted to our page format (./anchor-convert.ts, our real
// widgets) and rendered by the production runtime page (./runtime-harness.tsx), cold. Timed by the
// rule of ./anchor-measure.ts, the same as plain React and Puck.
import { makePage, readN } from './anchor-source';
import { createPortalRegistry } from '../../widgets';
import { toOurTemplate } from './anchor-convert';
import { measureAnchor, report } from './anchor-measure';
import { renderRuntimePage } from './runtime-harness';

// The server's stamp on templates whose rich text it sanitised on save, when this portal has one.
const policy = Object.values(import.meta.glob<{ RICH_TEXT_POLICY_VERSION?: number }>('../../schemas/rich-text-policy.ts', { eager: true }))[0];

async function run() {
  const page = makePage(readN());
  const registry = createPortalRegistry();
  const versionOf = (type: string) => registry.get(type)?.version ?? 1;
  // The stored template, made before t0 as the server would have it.
  const richTextPolicy = policy?.RICH_TEXT_POLICY_VERSION;
  const template = toOurTemplate(page, versionOf, richTextPolicy === undefined ? {} : { richTextPolicy });
  const timing = await renderRuntimePage(template, registry, (el, t0) => measureAnchor(el, page.blocks, t0));
  return { contestant: 'ours', richTextPolicy: richTextPolicy ?? null, ...timing };
}

report(run());
