// Issue 21 part B: the retrieval index over the tenant's whole catalogue (courses, subjects,
// contents, help, products, exams) kept in PostgreSQL, and its search (docs/ai.md B). The caller's
// transaction is scoped to its tenant (row-level security), so a search never sees another
// tenant's passages. Before searching, the sources' fingerprint is compared with the one the index
// was built from; a changed catalogue is re-indexed first, in its own transaction under an
// advisory lock (two API nodes never build the same tenant at once). Embeddings, when a tenant's
// provider offers them, are a later improvement (docs/ai.md B): this ranks with ts_rank_cd.
import { sql, type Kysely, type Transaction } from 'kysely';
import { withTenant } from '../../db/database';
import type { DB } from '../../db/types';
import type { Passage, PassageKind } from '../../lib/ai/types';
import { kindHints } from '../../lib/ai/offline-answer';
import { buildIndex, sourceFingerprint, type BuildResult, type DocumentReader } from './ai-index-build';
import { PASSAGES_PER_ITEM } from './ai-index-passages';
import { aboutTerms, anyTermQuery, phraseShare, queryTokens, textTokens } from '../../lib/ai/tokens';

type Trx = Transaction<DB>;

/** Where a rebuild opens its own transaction and reads documents; set by the index plugin (ai-index-routes.ts). */
let sources: IndexSources | undefined;

/** This node's builds in progress, by tenant. */
const building = new Map<number, Promise<BuildResult | null>>();

/** What a rebuild in its own transaction needs from the app. */
export interface IndexSources {
  db: Kysely<DB>;
  read: DocumentReader;
  /** Where a failed rebuild is reported (the search goes on with the index as it was). */
  warn: (message: string, error: unknown) => void;
}

/** Registers the app's database (for a rebuild's own transaction), its document reader and its log. */
export function useIndexSources(next: IndexSources): void {
  sources = next;
}

/** Forgets the sources registered with `db` (the app closing); another app's stay. */
export function dropIndexSources(db: Kysely<DB>): void {
  if (sources?.db === db) sources = undefined;
}

/** The advisory lock key of a tenant's index build: (class, tenant). */
const LOCK_CLASS = 21045;
/** Candidates read from the GIN index before the final scoring in TypeScript. */
const CANDIDATES = 80;
/** Passages kept per item: the best one, and a second only when it scores at least SECOND_PASSAGE of the first. */
const PER_ITEM = 2;
const SECOND_PASSAGE = 0.6;
const DEFAULT_LIMIT = 6;
/** Characters of a question read, and terms searched: a pasted page must not become a query of thousands of terms. */
const MAX_QUESTION = 1000;
const MAX_TERMS = 64;
/** A term held by at most this many items names something: one such term is enough to match. */
const RARE_ITEMS = 3;
/** Passages counted per term at most: a term in this many is common, whatever its exact count. */
const COMMON_PASSAGES = 200;
/** Words that name a kind of item rather than a subject. */
const KIND_TERMS: ReadonlySet<string> = new Set(['课程', '考试', '商品', '专题', '资料', 'course', 'exam', 'product', 'subject', 'lesson', 'class', 'test', 'quiz']);
const CJK_TERM = /[\u3400-\u9fff\uf900-\ufaff]/u;

/** The tenant the transaction is scoped to (withTenant's app.tenant_id). */
async function scopedTenant(trx: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ id: string | null }>`select nullif(current_setting('app.tenant_id', true), '') as id`.execute(trx);
  const id = Number(rows[0]?.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error('searchPassages needs a transaction scoped to a tenant (withTenant/readTenant).');
  return id;
}

/** Builds under the tenant's advisory lock, unless another node finished a build of the same sources meanwhile. */
async function lockedBuild(trx: Trx, tenantId: number, read: DocumentReader | undefined, force: boolean): Promise<BuildResult | null> {
  await sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, ${tenantId}::int)`.execute(trx);
  if (!force) {
    const state = await trx.selectFrom('ai_index_state').select('fingerprint').where('tenant_id', '=', tenantId).executeTakeFirst();
    if (state && state.fingerprint === await sourceFingerprint(trx, tenantId)) return null;
  }
  return buildIndex(trx, tenantId, read);
}

/**
 * Rebuilds the tenant's index now (the back office's rebuild call), in its own transaction when the
 * app's database is registered, else in the caller's.
 */
export async function rebuildIndex(trx: Trx, force = true): Promise<BuildResult | null> {
  const tenantId = await scopedTenant(trx);
  if (!sources) return lockedBuild(trx, tenantId, undefined, force);
  // One build per tenant at a time on this node: other callers wait for it instead of each taking a
  // second pooled connection (a burst of questions after a catalogue change could drain the pool).
  const running = building.get(tenantId);
  if (running && !force) return running;
  const { db, read } = sources;
  const build = withTenant(db, tenantId, (own) => lockedBuild(own, tenantId, read, force))
    .finally(() => { if (building.get(tenantId) === build) building.delete(tenantId); });
  building.set(tenantId, build);
  return build;
}

/** Rebuilds when the catalogue changed since the last build; returns whether it did. */
export async function ensureFreshIndex(trx: Trx): Promise<boolean> {
  const tenantId = await scopedTenant(trx);
  const state = await trx.selectFrom('ai_index_state').select('fingerprint').where('tenant_id', '=', tenantId).executeTakeFirst();
  if (state && state.fingerprint === await sourceFingerprint(trx, tenantId)) return false;
  const own = sources;
  try {
    return (await rebuildIndex(trx, false)) !== null;
  } catch (error) {
    // A rebuild in its own transaction failed: the caller's is untouched, so search the index as it was.
    if (!own) throw error;
    own.warn('The AI index could not be rebuilt; searching the index as it was built last.', error);
    return false;
  }
}

interface Candidate {
  kind: PassageKind;
  ref_id: number | string;
  seq: number;
  title: string;
  body: string;
  link: string;
  rank: number;
}

/**
 * How often each term occurs in the tenant's index: the passages holding it (counted up to
 * COMMON_PASSAGES: past that, a term is common and its exact count changes nothing) and the items
 * holding it when it could be rare (an item has at most PASSAGES_PER_ITEM passages, so a term in
 * more than RARE_ITEMS × that many passages is in more than RARE_ITEMS items); and all passages.
 * Each count stops early, so a word every passage holds costs no more than a rare one.
 */
async function termStats(trx: Trx, terms: readonly string[]) {
  const rareCap = RARE_ITEMS * PASSAGES_PER_ITEM + 1;
  const df = await sql<{ term: string; n: string; items: string }>`
    select t.term,
      (select count(*) from (select 1 from ai_passage p where p.tokens @@ t.term::tsquery limit ${COMMON_PASSAGES}) s) as n,
      (select count(distinct (s.kind, s.ref_id)) from (select p.kind, p.ref_id from ai_passage p where p.tokens @@ t.term::tsquery limit ${rareCap}) s) as items
    from unnest(${terms.map((t) => `'${t}'`)}::text[]) as t(term)`.execute(trx);
  const state = await trx.selectFrom('ai_index_state').select('passage_count').executeTakeFirst();
  const total = state?.passage_count ?? 0;
  const passages = new Map(df.rows.map((r) => [r.term.slice(1, -1), Number(r.n)]));
  // A count that reached its cap is more than RARE_ITEMS items.
  const items = new Map(df.rows.map((r) => [r.term.slice(1, -1), Number(r.n) >= rareCap ? RARE_ITEMS + 1 : Number(r.items)]));
  return { total, passages, items };
}

/** A question that names only a kind ("有哪些考试", "any courses?"): that kind's items, each by its first passage. */
async function browseKinds(trx: Trx, kinds: PassageKind[], limit: number): Promise<Passage[]> {
  const rows = await trx.selectFrom('ai_passage').select(['kind', 'ref_id', 'title', 'body', 'link'])
    .where('seq', '=', 0).where('kind', 'in', kinds).orderBy('ref_id', 'desc').limit(limit * kinds.length).execute();
  const order = (kind: PassageKind) => kinds.indexOf(kind);
  return rows.sort((a, b) => order(a.kind) - order(b.kind)).slice(0, limit)
    .map((r) => ({ kind: r.kind, refId: Number(r.ref_id), title: r.title, text: r.body, link: r.link, score: 0 }));
}

/** The passages closest to `query` in the calling tenant's index, best first, at most `limit`. */
export async function searchPassages(trx: Transaction<DB>, query: { text: string; kinds?: readonly PassageKind[]; limit?: number }): Promise<Passage[]> {
  const limit = Math.max(1, Math.min(50, Math.floor(query.limit ?? DEFAULT_LIMIT)));
  const text = query.text.slice(0, MAX_QUESTION);
  const terms = queryTokens(text).slice(0, MAX_TERMS);
  if (!terms.length || (query.kinds && query.kinds.length === 0)) return [];
  await ensureFreshIndex(trx);

  // Rarer terms weigh more (how many passages hold each term), so "course" counts for less than a course's name.
  const stats = await termStats(trx, terms);
  const weight = (t: string) => Math.log(1 + (stats.total + 1) / ((stats.passages.get(t) ?? 0) + 1));
  const allowed = (kind: PassageKind) => !query.kinds || query.kinds.includes(kind);
  const hinted = kindHints(text).filter(allowed);
  // The terms that say what the question is about: not the kind it names (课程, exam: the hint
  // weighs those), nor a Latin word no passage holds ("teach" in "which courses teach react").
  // An unseen CJK piece stays: it is usually part of a name the catalogue lacks (量子纠缠).
  const known = (t: string) => (stats.passages.get(t) ?? 0) > 0;
  const about = aboutTerms(text, (t) => KIND_TERMS.has(t), known).filter((t) => terms.includes(t) && (CJK_TERM.test(t) || known(t)));
  if (!about.length && hinted.length) return browseKinds(trx, hinted, limit);
  /** A term few items hold (a name: "react", "纠缠") is enough on its own. */
  const rare = (t: string) => (stats.items.get(t) ?? 0) <= RARE_ITEMS;
  const need = Math.min(2, about.length);
  const all = terms.reduce((sum, t) => sum + weight(t), 0);

  // OR of what the question is about (the literal is a bound parameter): a passage with none of it
  // is never kept, and the kind word (课程) in hundreds of passages would crowd the candidates out.
  // ts_rank_cd weighs title (A) over body (D).
  const tsquery = anyTermQuery(about.length ? about : terms)!;
  let select = trx.selectFrom('ai_passage')
    .select(['kind', 'ref_id', 'seq', 'title', 'body', 'link',
      sql<number>`ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', tokens, ${tsquery}::tsquery, 1)`.as('rank')])
    .where(sql<boolean>`tokens @@ ${tsquery}::tsquery`);
  if (query.kinds) select = select.where('kind', 'in', [...query.kinds]);
  const candidates: Candidate[] = await select.orderBy('rank', 'desc').orderBy('id').limit(CANDIDATES).execute();

  const scored = candidates.flatMap((c) => {
    const inTitle = new Set(textTokens(c.title));
    const inBody = new Set(textTokens(c.body));
    let hit = 0;
    let matched = 0;
    let rareHit = false;
    for (const t of terms) {
      const found = inTitle.has(t) ? 2 : inBody.has(t) ? 1 : 0;
      if (!found) continue;
      hit += found * weight(t);
      if (!about.includes(t)) continue;
      matched += 1;
      rareHit ||= rare(t);
    }
    // One common shared piece is not enough to be about the question, unless the question is that short.
    if (matched < need && !rareHit) return [];
    const phrase = phraseShare(text, `${c.title}\n${c.body}`);
    const score = (hit / (2 * all) + phrase) * (hinted.includes(c.kind) ? 1.5 : 1) + Number(c.rank);
    return [{ c, score }];
  }).sort((a, b) => b.score - a.score || Number(a.c.ref_id) - Number(b.c.ref_id) || a.c.seq - b.c.seq);

  const perItem = new Map<string, { taken: number; best: number }>();
  const passages: Passage[] = [];
  for (const { c, score } of scored) {
    const key = `${c.kind}:${c.ref_id}`;
    const item = perItem.get(key);
    if (item && (item.taken >= PER_ITEM || score < SECOND_PASSAGE * item.best)) continue;
    perItem.set(key, { taken: (item?.taken ?? 0) + 1, best: item?.best ?? score });
    passages.push({ kind: c.kind, refId: Number(c.ref_id), title: c.title, text: c.body, link: c.link, score: Math.round(score * 1000) / 1000 });
    if (passages.length >= limit) break;
  }
  return passages;
}
