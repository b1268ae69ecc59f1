// Issue 21 part B: the retrieval index of each seeded tenant, built once at the end of its seed
// (seed.ts runs this last, after every catalogue seed). The seed's documents are not in the upload
// folder yet (start-up writes them), so they are read from where they come from: help articles
// from seed-help's texts, the catalogues' generated documents from their plans
// (seededDocumentText), other seeded documents from templates/tenants/assets.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import { buildIndex, type DocumentReader } from '../modules/cm/ai-index-build';
import { seededDocumentText } from './seed-catalogue';
import { helpBody } from './seed-help';

const ASSETS = resolve(import.meta.dirname, '../../templates/tenants/assets');
const SEEDED = '/uploads/seed/';

/** The seeded documents by address: a help article's text, or the shipped file the address is copied from. */
export const readSeedDocument: DocumentReader = async (url, item) => {
  if (!url.startsWith(SEEDED)) return null;
  if (url.startsWith(`${SEEDED}help/`)) return helpBody(item.title, item.summary ?? '');
  // The catalogues' generated documents (articles, lessons, the AI tenant's knowledge), as start-up writes them.
  const docs = /^\/uploads\/seed\/docs\/(\d+)\//.exec(url);
  if (docs) return seededDocumentText(Number(docs[1]), url);
  const file = resolve(ASSETS, url.slice(SEEDED.length));
  if (!file.startsWith(`${ASSETS}/`)) return null;
  return readFile(file, 'utf8').catch(() => null);
};

export async function seedAiIndex(trx: Transaction<DB>, tenantId: number): Promise<void> {
  await buildIndex(trx, tenantId, readSeedDocument);
}
