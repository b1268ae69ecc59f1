// "Compare" after a save conflict: what differs between the admin's draft and the one another admin
// saved, block by block (by id), so the admin can decide which to keep. A readable list, not a
// textual JSON diff: a block that moved or changed props is one line each.
import type { PageBlock, PageTemplateV2 } from '../../../../schemas/page-template';

/** One difference; `mine` and `theirs` are short JSON texts (absent when that side has nothing there). */
export interface TemplateDifference {
  /** A block id, or "title" / "root" for the page's own fields. */
  where: string;
  kind: 'added' | 'removed' | 'changed' | 'moved';
  mine?: string;
  theirs?: string;
}

const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? '';
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

function flatten(template: PageTemplateV2): Map<string, { block: PageBlock; at: string }> {
  const out = new Map<string, { block: PageBlock; at: string }>();
  const visit = (list: readonly PageBlock[], parent: string) => list.forEach((block, index) => {
    out.set(block.id, { block, at: `${parent}#${index}` });
    for (const [slot, children] of Object.entries(block.slots ?? {})) visit(children, `${block.id}.${slot}`);
  });
  visit(template.blocks, 'page');
  return out;
}

/** The differences from `theirs` (the server's draft) to `mine`. */
export function diffTemplates(mine: PageTemplateV2, theirs: PageTemplateV2): TemplateDifference[] {
  const out: TemplateDifference[] = [];
  if (mine.title !== theirs.title) out.push({ where: 'title', kind: 'changed', mine: short(mine.title), theirs: short(theirs.title) });
  if (short(mine.root.props) !== short(theirs.root.props)) out.push({ where: 'root', kind: 'changed', mine: short(mine.root.props), theirs: short(theirs.root.props) });
  const a = flatten(mine);
  const b = flatten(theirs);
  for (const [id, { block, at }] of a) {
    const other = b.get(id);
    if (!other) out.push({ where: `${id} (${block.type})`, kind: 'added', mine: short(block.props) });
    else if (short({ ...block, slots: undefined }) !== short({ ...other.block, slots: undefined })) {
      out.push({ where: `${id} (${block.type})`, kind: 'changed', mine: short(block.props), theirs: short(other.block.props) });
    } else if (at !== other.at) out.push({ where: `${id} (${block.type})`, kind: 'moved', mine: at, theirs: other.at });
  }
  for (const [id, { block }] of b) if (!a.has(id)) out.push({ where: `${id} (${block.type})`, kind: 'removed', theirs: short(block.props) });
  return out;
}
