// The form a published template goes out in (issue 15 point 2: the runtime's cost per block near
// plain React's). The server checks the stored template against the widget library's contracts
// once per node (the template calls' answers are cached, server/plugins/answers.ts), exactly as
// saving does (./template-check.ts), and sends it with every block migrated to its widget's
// version and its props as the runtime would render them (defaults merged and filled), stamped
// `checked` with the fingerprint of those contracts (schemas/contracts-fingerprint.ts). A browser
// built from the same contracts renders it without loading a validator or validating a block
// (src/runtime/normalise.ts normaliseChecked); any other browser normalises it as before. A
// template the check does not accept (a legacy format, a block an older portal saved that today's
// contracts refuse) goes out as stored, unstamped: the runtime repairs or drops what it must and
// reports it, as it always has.
import { contractsFingerprint } from '../../schemas/contracts-fingerprint';
import { PAGE_SCHEMA_VERSION } from '../../schemas/page-template';
import { WIDGET_CONTRACTS } from '../../schemas/widgets/index';
import { checkTemplateWith } from './template-check';

/** The stamp of the contracts this server checks against; the client's build has the same when built from the same library. */
export const CONTRACTS_STAMP = contractsFingerprint(Object.values(WIDGET_CONTRACTS));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Options of `servedTemplate` (only the render bench passes one). */
export interface ServeOptions {
  /** Check against another page-size limit than the portal's (bench/render.ts: its anchor page is larger). */
  maxPageBlocks?: number;
}

/** A stored template in the form it is served: checked and stamped when the check accepts it, else as stored. */
export function servedTemplate(stored: unknown, options: ServeOptions = {}): unknown {
  // Only the current format: a legacy template's rich text is not sanitised on save (server/lib/rich-text.ts), so the browser converts and sanitises it.
  if (!isRecord(stored) || stored.schemaVersion !== PAGE_SCHEMA_VERSION) return stored;
  const check = checkTemplateWith(WIDGET_CONTRACTS, stored, { fillDefaults: true, ...(options.maxPageBlocks ? { maxPageBlocks: options.maxPageBlocks } : {}) });
  if (!check.ok) return stored;
  return {
    ...check.template,
    // The sanitiser's stamp (server/lib/rich-text.ts) travels on; the check leaves it out of what it reads.
    ...(typeof stored.richTextPolicy === 'number' ? { richTextPolicy: stored.richTextPolicy } : {}),
    checked: CONTRACTS_STAMP,
  };
}
