import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { BATCH_MAX_ITEMS } from '../batch-limits';

// POST /cfg/api/batch (issue 15 point 3): several GET calls of this API in one request. Not in the
// spec; docs/api.md "Batched GETs". The client (src/api/batch.ts) coalesces the GETs of one task.

export { BATCH_MAX_ITEMS, BATCH_PATH } from '../batch-limits';

/** Longest item URL accepted (path and query). */
export const BATCH_MAX_URL = 4096;

/** One call of a batch: a GET of this API by its relative URL, query (tenantId included) and all. */
export const BatchItem = Type.Object({
  method: Type.Optional(Type.String({ maxLength: 10, default: 'GET', description: 'GET (the default); any other method is refused for this item.' })),
  url: Type.String({ minLength: 1, maxLength: BATCH_MAX_URL, description: 'A relative URL of this API with its query, e.g. /cm/api/course/search?tenantId=1001&pageSize=4.' }),
});
export type BatchItem = Static<typeof BatchItem>;

/** The batch request: its calls in order. */
export const BatchBody = Type.Object({
  tenantId: Type.Optional(TenantIdParam),
  requests: Type.Array(BatchItem, { minItems: 1, maxItems: BATCH_MAX_ITEMS, description: `1 to ${BATCH_MAX_ITEMS} calls.` }),
});
export type BatchBody = Static<typeof BatchBody>;

/** One call's answer: its HTTP status and its body (the call's own envelope). */
export const BatchAnswer = Type.Object({
  status: Type.Integer({ description: 'The HTTP status the call would have had on its own.' }),
  body: Type.Unknown({ description: 'The body the call would have had on its own: its envelope.' }),
});
export type BatchAnswer = Static<typeof BatchAnswer>;

/** The answers, in the order of the requests. */
export const BatchAnswers = Type.Array(BatchAnswer);
