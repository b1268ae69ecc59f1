// Templates built from the registry alone: one block per widget with its defaults (the gallery),
// or a large page cycling through the widgets (the render bench).
import type { PageBlock, PageTemplateV2 } from '../../../../schemas/page-template';
import type { Registry } from '../../../runtime/registry';

/** A one-block page of a widget with its default props. */
export function singleWidgetTemplate(type: string, version: number): PageTemplateV2 {
  return {
    schemaVersion: 2, pageId: 0, pageCode: `gallery_${type}`, title: type, root: { props: {} },
    blocks: [{ id: `gallery-${type}`, type, version, props: {} }],
  };
}

/**
 * A page of `count` top-level blocks, cycling through every registered widget with its defaults
 * (widgets with a per-page limit stop at their limit; top-level-only widgets are fine here).
 */
export function largeTemplate(registry: Registry, count: number): PageTemplateV2 {
  const widgets = registry.list();
  if (widgets.length === 0) throw new Error('The registry has no widgets; register the widget library first.');
  const used = new Map<string, number>();
  const blocks: PageBlock[] = [];
  for (let i = 0; blocks.length < count; i++) {
    const w = widgets[i % widgets.length]!;
    const n = used.get(w.type) ?? 0;
    const limit = w.placement?.maxPerPage;
    if (limit !== undefined && n >= limit) {
      if (widgets.every((x) => x.placement?.maxPerPage !== undefined && (used.get(x.type) ?? 0) >= x.placement.maxPerPage)) break;
      continue;
    }
    used.set(w.type, n + 1);
    blocks.push({ id: `b${blocks.length + 1}`, type: w.type, version: w.version, props: {} });
  }
  return { schemaVersion: 2, pageId: 0, pageCode: 'bench_large', title: `${blocks.length} blocks`, root: { props: { maxWidth: 1200, gap: 16 } }, blocks };
}
