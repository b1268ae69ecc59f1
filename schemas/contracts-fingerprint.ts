// Which widget contracts a template was checked against (issue 15 point 2: no validation in the
// browser for a template the server has checked). The server checks a published template once per
// node against the library's contracts (server/lib/template-serve.ts) and stamps it with the
// fingerprint of those contracts and the template limits; a browser whose build has the same
// fingerprint, and whose registry holds exactly those contracts, renders it without validating
// again. A deploy that changes any contract, default, placement, slot or limit changes the
// fingerprint, and a browser on the other build validates as before.
import { PAGE_SCHEMA_VERSION } from './page-template';
import { MAX_PAGE_BLOCKS, MAX_PAGE_PROPS_CHARS, MAX_PROPS_CHARS, MAX_PROPS_DEPTH, MAX_SLOT_DEPTH } from './template-limits';

/** A 53-bit hash (cyrb53) of a text, in base 36. */
export function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The fingerprint of a schema: the hash of its JSON. Symbol keys (TypeBox's Kind) are not part of
 * JSON and so not part of the fingerprint, so a TypeBox schema and its JSON (the client build's,
 * scripts/vite-typebox-json.ts) have the same one.
 */
export function schemaFingerprint(schema: object): string {
  return hashText(JSON.stringify(schema));
}

/** The parts of a widget contract that decide what a block of it normalises to. */
export interface FingerprintedContract {
  type: string;
  version: number;
  propsSchema: object;
  defaultProps?: unknown;
  slots?: readonly string[] | undefined;
  placement?: unknown;
}

/**
 * One contract's fingerprint. `schemaPrint` is its schema's fingerprint when already known (the
 * registry computes it to find the build's validator), so the schema is not serialised twice.
 */
export function contractFingerprint(contract: FingerprintedContract, schemaPrint = schemaFingerprint(contract.propsSchema)): string {
  return hashText(JSON.stringify([contract.type, contract.version, schemaPrint, contract.defaultProps ?? {}, contract.slots ?? [], contract.placement ?? null]));
}

/** The stamp of a checked template: the page format, the template limits and every contract. */
export function contractsFingerprint(contracts: Iterable<FingerprintedContract>): string {
  const prints = [...contracts].map((c) => [c.type, contractFingerprint(c)]).sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  const limits = [MAX_PAGE_BLOCKS, MAX_PAGE_PROPS_CHARS, MAX_PROPS_CHARS, MAX_PROPS_DEPTH, MAX_SLOT_DEPTH];
  return `c2-${hashText(JSON.stringify([PAGE_SCHEMA_VERSION, limits, prints]))}`;
}
