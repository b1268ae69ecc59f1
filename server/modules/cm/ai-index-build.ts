// Builds a tenant's retrieval index (docs/ai.md B): every published, listed item of the catalogue
// (courses, subjects, contents, help articles, products, exams) cut into passages with their link
// and tsvector, replacing the tenant's old passages in one go. Every read names the tenant
// explicitly on top of row-level security (the seed calls this too), so no other tenant's row can
// reach the index even where RLS is not in force.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { PassageKind } from '../../lib/ai/types';
import { CONTENT_PURPOSE } from '../../lib/purposes';
import { cutPassages, htmlText, itemLink } from './ai-index-passages';
import { tsvectorLiteral } from '../../lib/ai/tokens';

type Trx = Transaction<DB>;

/** Reads a stored document (a help article's or an article content's HTML) by its site address; null when unreadable. */
export type DocumentReader = (url: string, item: { title: string; summary: string | null }) => Promise<string | null>;

/** Changes when the way passages are built changes, so every tenant's index is rebuilt once. */
const BUILD_VERSION = 'b5';
/** Chapters read per book (its opening ones), and sample chapters per reading product. */
const CHAPTERS_PER_BOOK = 6;
const SAMPLES_PER_PRODUCT = 3;
const INSERT_BATCH = 200;

/** One item to index: its kind and id, title, text paragraphs and link. */
interface Item {
  kind: PassageKind;
  refId: number;
  title: string;
  paragraphs: (string | null | undefined)[];
  link: string;
}

const readable = (url: string | null | undefined): url is string => Boolean(url && url.startsWith('/uploads/') && !url.includes('..'));

async function documentLines(read: DocumentReader | undefined, url: string | null | undefined, item: { title: string; summary: string | null }): Promise<string[]> {
  if (!read || !readable(url)) return [];
  try {
    return htmlText(await read(url, item));
  } catch {
    // An unreadable document leaves the item with its title and summary: the build goes on.
    return [];
  }
}

const labelLine = (labels: readonly string[] | null | undefined) => (labels?.length ? labels.join(' · ') : null);

/** Published courses with their teacher and the titles of their chapters and lessons. */
async function courseItems(trx: Trx, tenantId: number): Promise<Item[]> {
  const courses = await trx.selectFrom('course')
    .leftJoin('teacher', (j) => j.onRef('teacher.tenant_id', '=', 'course.tenant_id').onRef('teacher.id', '=', 'course.teacher_id'))
    .select(['course.id', 'course.title', 'course.summary', 'course.labels', 'teacher.name as teacher_name'])
    .where('course.tenant_id', '=', tenantId).where('course.state', '=', 1)
    .orderBy('course.id').execute();
  const outline = await trx.selectFrom('course_phase as p')
    .leftJoin('course_phase_content as l', (j) => j.onRef('l.tenant_id', '=', 'p.tenant_id').onRef('l.phase_id', '=', 'p.id'))
    .select(['p.course_id', 'p.id as phase_id', 'p.title as phase_title', 'l.title as lesson_title'])
    .where('p.tenant_id', '=', tenantId)
    .orderBy('p.course_id').orderBy('p.sort').orderBy('p.id').orderBy('l.sort').orderBy('l.id').execute();
  const chapters = new Map<number, Map<number, string[]>>();
  for (const row of outline) {
    const phases = chapters.get(row.course_id) ?? new Map<number, string[]>();
    const lessons = phases.get(row.phase_id) ?? [row.phase_title];
    if (row.lesson_title) lessons.push(row.lesson_title);
    phases.set(row.phase_id, lessons);
    chapters.set(row.course_id, phases);
  }
  return courses.map((c) => ({
    kind: 'course', refId: c.id, title: c.title, link: itemLink('course', c.id),
    paragraphs: [c.summary, c.teacher_name, labelLine(c.labels), ...[...(chapters.get(c.id)?.values() ?? [])].map((l) => l.join(' · '))],
  }));
}

/** Published subjects with the titles of the published courses and contents they collect. */
async function subjectItems(trx: Trx, tenantId: number): Promise<Item[]> {
  const rows = await trx.selectFrom('subject').select(['id', 'title', 'summary', 'labels'])
    .where('tenant_id', '=', tenantId).where('state', '=', 1).orderBy('id').execute();
  const members = await trx.selectFrom('subject_item as i')
    .leftJoin('course as c', (j) => j.onRef('c.tenant_id', '=', 'i.tenant_id').onRef('c.id', '=', 'i.course_id').on('c.state', '=', 1))
    .leftJoin('content as t', (j) => j.onRef('t.tenant_id', '=', 'i.tenant_id').onRef('t.id', '=', 'i.content_id').on('t.state', '=', 1))
    .select(['i.subject_id', 'c.title as course_title', 't.title as content_title'])
    .where('i.tenant_id', '=', tenantId).orderBy('i.subject_id').orderBy('i.sort').orderBy('i.id').execute();
  const titles = new Map<number, string[]>();
  for (const m of members) {
    const title = m.course_title ?? m.content_title;
    if (title) titles.set(m.subject_id, [...(titles.get(m.subject_id) ?? []), title]);
  }
  return rows.map((s) => ({
    kind: 'subject', refId: s.id, title: s.title, link: itemLink('subject', s.id),
    paragraphs: [s.summary, labelLine(s.labels), (titles.get(s.id) ?? []).join(' · ') || null],
  }));
}

/** Published contents the library lists and help articles (purpose 99); course lessons (8) open from their course and are not items. */
async function contentItems(trx: Trx, tenantId: number, read: DocumentReader | undefined): Promise<Item[]> {
  const rows = await trx.selectFrom('content')
    .select(['id', 'title', 'summary', 'labels', 'author', 'purpose', 'kind', 'media_url'])
    .where('tenant_id', '=', tenantId).where('state', '=', 1).where('purpose', '!=', CONTENT_PURPOSE.lesson)
    .orderBy('id').execute();
  // A book's readable chapters: a creator's approved, shown text, or a catalogue chapter's document.
  const parts = await trx.selectFrom('content_part')
    .select(['content_id', 'title', 'kind', 'media_url', 'published_html', 'body_html', 'state'])
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('body_html', 'is', null), eb.and([eb('state', '=', 1), eb('published_html', 'is not', null)])]))
    .orderBy('content_id').orderBy('sort').orderBy('id').execute();
  const byContent = new Map<number, typeof parts>();
  for (const p of parts) {
    const list = byContent.get(p.content_id) ?? [];
    if (list.length < CHAPTERS_PER_BOOK) list.push(p);
    byContent.set(p.content_id, list);
  }
  const items: Item[] = [];
  for (const c of rows) {
    const help = c.purpose === CONTENT_PURPOSE.help;
    const text = c.kind === 'article' ? await documentLines(read, c.media_url, c) : [];
    // A help article's author and labels say nothing about its subject, and its summary (often the
    // help center's stock line, 图文步骤说明…) only stands in for its text when the text is unreadable.
    const paragraphs: (string | null)[] = help ? (text.length ? [] : [c.summary]) : [c.summary, c.author, labelLine(c.labels)];
    paragraphs.push(...text);
    for (const part of byContent.get(c.id) ?? []) {
      paragraphs.push(part.title);
      if (part.published_html !== null) paragraphs.push(...htmlText(part.published_html));
      else if (part.kind === 'article') paragraphs.push(...await documentLines(read, part.media_url, { title: part.title, summary: null }));
    }
    items.push({
      kind: help ? 'help' : 'content', refId: c.id, title: c.title, paragraphs,
      link: help ? itemLink('help', c.id) : itemLink('content', c.id, { purpose: c.purpose }),
    });
  }
  return items;
}

/** Products on sale (state 1) whose store is not off shelf (spec learning §4: state 1 or -1), with a reading product's free sample chapters. */
async function productItems(trx: Trx, tenantId: number): Promise<Item[]> {
  const rows = await trx.selectFrom('product')
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'product.tenant_id').onRef('v.id', '=', 'product.provider_id'))
    .select(['product.id', 'product.title', 'product.summary', 'product.description', 'product.type', 'v.name as provider_name'])
    .where('product.tenant_id', '=', tenantId).where('product.state', '=', 1).where('v.state', 'not in', [1, -1])
    .orderBy('product.id').execute();
  const samples = await trx.selectFrom('reading_chapter').select(['product_id', 'title', 'body_html'])
    .where('tenant_id', '=', tenantId).where('is_free', '=', true).where('body_html', 'is not', null)
    .orderBy('product_id').orderBy('sort').orderBy('id').execute();
  const byProduct = new Map<number, { chapters: number; lines: string[] }>();
  for (const s of samples) {
    const sample = byProduct.get(s.product_id) ?? { chapters: 0, lines: [] };
    if (sample.chapters < SAMPLES_PER_PRODUCT) sample.lines.push(s.title, ...htmlText(s.body_html));
    sample.chapters += 1;
    byProduct.set(s.product_id, sample);
  }
  return rows.map((p) => ({
    kind: 'product', refId: p.id, title: p.title, link: itemLink('product', p.id, { productType: p.type }),
    paragraphs: [p.summary, p.provider_name, ...(p.description ?? '').split(/\n\s*\n/), ...(byProduct.get(p.id)?.lines ?? [])],
  }));
}

/** Published exams (not surveys), as the exam list shows them. */
async function examItems(trx: Trx, tenantId: number): Promise<Item[]> {
  const rows = await trx.selectFrom('exam').select(['id', 'title', 'summary'])
    .where('tenant_id', '=', tenantId).where('state', '=', 1).where('type', '=', 'exam').orderBy('id').execute();
  return rows.map((e) => ({ kind: 'exam', refId: e.id, title: e.title, link: itemLink('exam', e.id), paragraphs: [e.summary] }));
}

/**
 * The fingerprint of a tenant's sources: counts and max(updated_at) of each source table (kept by
 * migration 0045's trigger), the chapter tables' counts and highest ids, when a creator's chapters
 * were last approved (content.chapter_updated_at: a chapter's own updated_at moves with every
 * autosave of a draft readers never see), the off-shelf stores and the build version, hashed.
 */
export async function sourceFingerprint(trx: Kysely<DB>, tenantId: number): Promise<string> {
  const t = tenantId;
  const card = (table: string) => sql`(select count(*) || ',' || coalesce(max(updated_at)::text, '') from ${sql.table(table)} where tenant_id = ${t})`;
  const { rows } = await sql<{ fp: string }>`
    select md5(concat_ws('|', ${BUILD_VERSION}::text,
      ${card('course')}, ${card('subject')}, ${card('content')}, ${card('product')}, ${card('exam')},
      (select count(*) || ',' || coalesce(max(id), 0) from course_phase where tenant_id = ${t}),
      (select count(*) || ',' || coalesce(max(id), 0) from course_phase_content where tenant_id = ${t}),
      (select count(*) || ',' || coalesce(max(id), 0) from subject_item where tenant_id = ${t}),
      (select count(*) || ',' || coalesce(max(id), 0) || ',' || count(*) filter (where state = 1 and published_html is not null)
        from content_part where tenant_id = ${t}),
      (select coalesce(max(chapter_updated_at)::text, '') from content where tenant_id = ${t}),
      (select count(*) || ',' || coalesce(max(id), 0) || ',' || count(*) filter (where is_free) from reading_chapter where tenant_id = ${t}),
      (select count(*) || ',' || count(*) filter (where state in (1, -1)) from provider where tenant_id = ${t})
    )) as fp`.execute(trx);
  return rows[0]!.fp;
}

/** What a build wrote. */
export interface BuildResult {
  passages: number;
  fingerprint: string;
  ms: number;
}

/** Replaces the tenant's passages with a fresh build from its sources and records the fingerprint. */
export async function buildIndex(trx: Trx, tenantId: number, read?: DocumentReader): Promise<BuildResult> {
  const started = Date.now();
  const fingerprint = await sourceFingerprint(trx, tenantId);
  const items = [
    ...await courseItems(trx, tenantId), ...await subjectItems(trx, tenantId), ...await contentItems(trx, tenantId, read),
    ...await productItems(trx, tenantId), ...await examItems(trx, tenantId),
  ];
  const rows = items.flatMap((item) => cutPassages(item.paragraphs).map((body, seq) => ({
    tenant_id: tenantId, kind: item.kind, ref_id: item.refId, seq, title: item.title, body, link: item.link,
    tokens: sql`${tsvectorLiteral(item.title, body)}::tsvector`,
  })));
  await trx.deleteFrom('ai_passage').where('tenant_id', '=', tenantId).execute();
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await trx.insertInto('ai_passage').values(rows.slice(i, i + INSERT_BATCH)).execute();
  const ms = Date.now() - started;
  await trx.insertInto('ai_index_state')
    .values({ tenant_id: tenantId, fingerprint, passage_count: rows.length, build_ms: ms, built_at: new Date() })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ fingerprint, passage_count: rows.length, build_ms: ms, built_at: new Date() }))
    .execute();
  return { passages: rows.length, fingerprint, ms };
}
