// How the assistant finds the tenant's own material for a question (docs/decisions.md "The AI
// assistant answers from the tenant's material"): help articles (content purpose 99) scored by the
// question's terms in their titles and texts, and catalogue items (courses, subjects, contents,
// exams) found through the catalogue's search repositories by the same terms. Row-level security
// scopes every read to the calling tenant, so one tenant's question never sees another's rows.
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { ListOptions, Page } from '../../lib/listing';
import { CONTENT_PURPOSE } from '../../lib/purposes';
import { questionTerms } from '../../lib/ai/tokens';
import { searchContents, searchCourses, searchSubjects } from './repository';
import type { RobotLink } from '../../../schemas/api/cm/robot';
import type { ContentItem } from '../../../schemas/api/cm/catalogue';

type Trx = Transaction<DB>;

/** The question's terms (moved to the AI area's shared tokenizer, issue 21 B). */
export { questionTerms };

/** The readable lines of a help document: headings, paragraphs and numbered list items, tags and entities removed. */
export function htmlToLines(html: string): string[] {
  const decoded = (s: string) => s
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n))).replace(/&amp;/g, '&');
  const lines: string[] = [];
  const withoutScripts = html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, '');
  // Ordered lists are numbered per list; unordered items get a bullet.
  const blocks = withoutScripts.match(/<(ol|ul)[\s\S]*?<\/\1>|<(h[1-6]|p|li|div)[^>]*>[\s\S]*?<\/\2>/gi) ?? [withoutScripts];
  for (const block of blocks) {
    const list = /^<(ol|ul)/i.exec(block);
    if (list) {
      const items = block.match(/<li[^>]*>[\s\S]*?<\/li>/gi) ?? [];
      items.forEach((item, i) => {
        const text = decoded(item.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();
        if (text) lines.push(list[1]!.toLowerCase() === 'ol' ? `${i + 1}. ${text}` : `• ${text}`);
      });
      continue;
    }
    const text = decoded(block.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
    if (text) lines.push(text);
  }
  return lines;
}

/** Help documents this node read lately, by address (an upload never overwrites, so an address keeps its text). */
const textCache = new Map<string, { lines: string[]; until: number }>();
const TEXT_CACHE_MS = 10 * 60_000;
const TEXT_CACHE_MAX = 500;

/**
 * The lines of a help article's document. Site documents (/uploads/…) are read through the app's
 * own /uploads route, as a browser would; absolute addresses are not fetched (no outbound calls
 * for a question), and a missing document falls back to the summary.
 */
export async function helpLines(app: FastifyInstance, article: Pick<ContentItem, 'mediaUrl' | 'summary'>): Promise<string[]> {
  const summary = article.summary ? [article.summary] : [];
  const url = article.mediaUrl?.trim();
  if (!url || !url.startsWith('/uploads/') || url.includes('..')) return summary;
  const cached = textCache.get(url);
  if (cached && cached.until > Date.now()) return cached.lines;
  const res = await app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) return summary;
  const lines = htmlToLines(res.body);
  if (textCache.size >= TEXT_CACHE_MAX) textCache.delete(textCache.keys().next().value!);
  textCache.set(url, { lines, until: Date.now() + TEXT_CACHE_MS });
  return lines.length ? lines : summary;
}

/** The best help article for a question, with its text. */
export interface HelpMatch {
  id: number;
  title: string;
  lines: string[];
  score: number;
}

/** What the assistant found for a question. */
export interface Retrieved {
  help: HelpMatch | null;
  /** Other help articles and catalogue items, best first. */
  links: RobotLink[];
}

/** Help articles read per question at most: the help center of a tenant is a few dozen articles. */
const MAX_HELP = 200;
/** Terms searched in the catalogue per question, and items kept per kind and in all. */
const MAX_CATALOGUE_TERMS = 8;
const PER_KIND = 5;
const MAX_LINKS = 6;

/** Contents the library lists, by the kind the portal shows them as (help and course lessons are not listed). */
const LISTED_CONTENT = Object.values(CONTENT_PURPOSE).filter((p) => p !== CONTENT_PURPOSE.help && p !== CONTENT_PURPOSE.lesson);

async function allHelp(trx: Trx): Promise<ContentItem[]> {
  const rows: ContentItem[] = [];
  for (let pageNo = 1; rows.length < MAX_HELP; pageNo += 1) {
    const page = await searchContents(trx, { pageNo, pageSize: 50, sort: 'popular', purposes: [CONTENT_PURPOSE.help] });
    rows.push(...page.list);
    if (rows.length >= page.total || page.list.length === 0) break;
  }
  return rows;
}

/** How rare a term is among the help documents: rarer terms weigh more; unseen terms weigh least. */
const weightOf = (df: number, n: number) => (df === 0 ? 0.5 : Math.log(1 + (n + 1) / df));

/**
 * Published exams whose title has the words (exam's searchExams). A module imports another only
 * through the shared kernel (issue 14 point 5), so app.ts hands exam's search to cm's entry.
 */
export type ExamSearch = (trx: Trx, q: ListOptions & { type: 'exam' }) => Promise<Page<{ id: number; title: string }>>;

/** Finds the tenant's material for a question. */
export async function retrieve(app: FastifyInstance, trx: Trx, question: string, searchExams: ExamSearch): Promise<Retrieved> {
  const terms = questionTerms(question);
  if (!terms.length) return { help: null, links: [] };

  const articles = await allHelp(trx);
  const docs = await Promise.all(articles.map(async (a) => {
    const lines = await helpLines(app, a);
    return { article: a, title: a.title.toLowerCase(), text: lines.join('\n').toLowerCase(), lines };
  }));
  const df = new Map(terms.map((t) => [t, docs.filter((d) => d.title.includes(t) || d.text.includes(t)).length]));
  const weight = (t: string) => weightOf(df.get(t)!, docs.length);

  const scored = docs.map((d) => {
    let score = 0;
    let inTitle = 0;
    for (const t of terms) {
      if (d.title.includes(t)) {
        score += 3 * weight(t);
        inTitle += 1;
      } else if (d.text.includes(t)) {
        score += weight(t);
      }
    }
    return { d, score, inTitle, matched: terms.filter((t) => d.title.includes(t) || d.text.includes(t)).length };
  }).filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.d.article.id - b.d.article.id);

  // An article answers when a term is in its title, or two different terms are in its text.
  const best = scored.find((s) => s.inTitle > 0 || s.matched >= 2);
  const help: HelpMatch | null = best ? { id: best.d.article.id, title: best.d.article.title, lines: best.d.lines, score: best.score } : null;

  // Catalogue items: the terms seen in the tenant's help first (rarest first), then the others.
  const ranked = [...terms].sort((a, b) => {
    const da = df.get(a)!;
    const db = df.get(b)!;
    if ((da === 0) !== (db === 0)) return da === 0 ? 1 : -1;
    return da - db || b.length - a.length;
  }).slice(0, MAX_CATALOGUE_TERMS);
  const found = new Map<string, { link: RobotLink; score: number }>();
  const add = (link: RobotLink, title: string) => {
    const key = `${link.kind}:${link.id}`;
    if (found.has(key)) return;
    const lower = title.toLowerCase();
    const hits = terms.filter((t) => lower.includes(t));
    // One shared word ("考试") is not enough to be about the question, unless the question is that short.
    if (hits.length < Math.min(2, terms.length)) return;
    found.set(key, { link, score: hits.reduce((s, t) => s + weight(t), 0) });
  };
  for (const term of ranked) {
    const q = { pageNo: 1, pageSize: PER_KIND, sort: 'popular' as const, searchValue: term };
    const [courses, subjects, contents, exams] = [
      await searchCourses(trx, q), await searchSubjects(trx, q),
      await searchContents(trx, { ...q, purposes: LISTED_CONTENT }), await searchExams(trx, { ...q, type: 'exam' }),
    ];
    for (const c of courses.list) add({ kind: 'course', id: c.id, title: c.title, purpose: null }, c.title);
    for (const s of subjects.list) add({ kind: 'subject', id: s.id, title: s.title, purpose: null }, s.title);
    for (const c of contents.list) add({ kind: 'content', id: c.id, title: c.title, purpose: c.purpose }, c.title);
    for (const e of exams.list) add({ kind: 'exam', id: e.id, title: e.title, purpose: null }, e.title);
  }
  // Other help articles that match well are worth a link too.
  for (const s of scored) {
    if (s.d.article.id !== help?.id && (s.inTitle > 0 || s.matched >= 2)) add({ kind: 'help', id: s.d.article.id, title: s.d.article.title, purpose: null }, s.d.article.title);
  }
  const links = [...found.values()].sort((a, b) => b.score - a.score).slice(0, MAX_LINKS).map((f) => f.link);
  return { help, links: help ? [{ kind: 'help', id: help.id, title: help.title, purpose: null }, ...links] : links };
}
