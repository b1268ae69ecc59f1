// The batch call's path and size (issue 15 point 3), without TypeBox so the client's main chunk can
// import them: schemas/api/batch.ts (the contract) and src/api/batch.ts (the coalescing) share them.

/** The batch call's own path; an item naming it is refused (no batch inside a batch). */
export const BATCH_PATH = '/cfg/api/batch';

/** Most calls one batch may carry; more is refused as a whole (the client splits larger sets). */
export const BATCH_MAX_ITEMS = 24;
