// The widget types a stored page template names (issue 15 point 3 "preload what the home needs"):
// the server lists their chunks as <link rel="modulepreload"> in the home's HTML, and the runtime
// starts their load() as soon as the template is known. Shared by server/ and src/ (both may import
// schemas/), so both read a template the same way: format 2 blocks with their slots, or a legacy
// format 1 list read through migratePageV1.
import { isPageTemplateV1, migratePageV1, type PageBlock } from './page-template';
import { MAX_PAGE_BLOCKS, MAX_SLOT_DEPTH } from './template-limits';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Calls `visit` with each block of a stored template (format 1 or 2), in page order, slots after
 * their container; nothing for anything that is not a template. Bounded like the normaliser
 * (MAX_PAGE_BLOCKS, MAX_SLOT_DEPTH), so a hostile template cannot make it walk forever. `visit`
 * returns false to stop the walk.
 */
export function forEachTemplateBlock(raw: unknown, visit: (block: Record<string, unknown>) => boolean | void): void {
  let blocks: unknown;
  if (isPageTemplateV1(raw)) blocks = migratePageV1(raw).blocks;
  else if (isRecord(raw)) blocks = raw.blocks;
  if (!Array.isArray(blocks)) return;
  let seen = 0;
  let stopped = false;
  const walk = (list: readonly unknown[], depth: number): void => {
    for (const block of list) {
      if (stopped || ++seen > MAX_PAGE_BLOCKS) return;
      if (!isRecord(block)) continue;
      if (visit(block) === false) {
        stopped = true;
        return;
      }
      if (depth < MAX_SLOT_DEPTH && isRecord(block.slots)) {
        for (const slot of Object.values(block.slots)) if (Array.isArray(slot)) walk(slot, depth + 1);
      }
    }
  };
  walk(blocks as PageBlock[], 0);
}

/** The distinct widget types of a stored template (format 1 or 2), in first-use order; [] for anything that is not a template. */
export function templateBlockTypes(raw: unknown): string[] {
  const types = new Set<string>();
  forEachTemplateBlock(raw, (block) => {
    if (typeof block.type === 'string' && block.type) types.add(block.type);
  });
  return [...types];
}
