// The writing help's rows (issue 21 part E, /robot/text): the contents and courses a learner
// studied (the picker; study_record as the personal center reads it, my-study-repository.ts), the
// text of one of them, and the runs (ai_writing_run). Callers pass a transaction scoped to the tenant.
import { sql, type Transaction } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/types';
import type { Page } from '../../lib/listing';
import { CONTENT_PURPOSE } from '../../lib/purposes';
import { iso } from '../../lib/list-sql';
import { helpLines, htmlToLines } from './robot-retrieval';
import type { StudiedItem, WritingRun } from '../../../schemas/api/ai-images';

type Trx = Transaction<DB>;

/** The picker: at most 50 published contents (help excluded) and courses the learner studied, newest study first. */
export async function studiedItems(trx: Trx, userId: number, keyword: string | undefined): Promise<StudiedItem[]> {
  const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await sql<{ kind: 'content' | 'course'; id: number; title: string; at: Date | string }>`
    with contents as (
      select r.content_id as id, max(r.updated_at) as at from study_record r where r.user_id = ${userId}::bigint group by r.content_id
    ), courses as (
      select r.course_id as id, max(r.updated_at) as at from study_record r
      where r.user_id = ${userId}::bigint and r.course_id is not null group by r.course_id
    )
    select 'content' as kind, c.id, c.title, s.at from contents s join content c on c.id = s.id and c.state = 1 and c.purpose <> ${CONTENT_PURPOSE.help}
      where ${like}::text is null or c.title ilike ${like}
    union all
    select 'course' as kind, c.id, c.title, s.at from courses s join course c on c.id = s.id and c.state = 1
      where ${like}::text is null or c.title ilike ${like}
    order by at desc, id desc
    limit 50`.execute(trx);
  return rows.map((r) => ({ kind: r.kind, id: Number(r.id), title: r.title, lastStudyTime: iso(r.at) }));
}

/** Whether the learner has a study record of this content, or of a lesson in this course. */
async function studied(trx: Trx, userId: number, kind: 'content' | 'course', id: number): Promise<boolean> {
  const q = trx.selectFrom('study_record').select('user_id').where('user_id', '=', userId);
  const row = await (kind === 'content' ? q.where('content_id', '=', id) : q.where('course_id', '=', id)).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A content's readable text: its summary, its article document and its chapters' text. */
async function contentText(app: FastifyInstance, trx: Trx, id: number): Promise<{ title: string; text: string } | null> {
  const row = await trx.selectFrom('content').select(['title', 'summary', 'media_url', 'kind']).where('id', '=', id).where('state', '=', 1).executeTakeFirst();
  if (!row) return null;
  // The title is the run's source title, not a line of the text (an outline would make it a point).
  const lines: string[] = [];
  const body = row.kind === 'article' ? await helpLines(app, { mediaUrl: row.media_url, summary: row.summary }) : (row.summary ? [row.summary] : []);
  lines.push(...body);
  const parts = await trx.selectFrom('content_part').select(['title', 'published_html', 'kind', 'media_url']).where('content_id', '=', id).where('state', '=', 1).orderBy('sort').orderBy('id').execute();
  for (const part of parts) {
    // A chapter's text: a creator's approved text, or the article document it points at (a lesson's chapters).
    const text = part.published_html ? htmlToLines(part.published_html)
      : part.kind === 'article' ? await helpLines(app, { mediaUrl: part.media_url, summary: null }) : [];
    if (text.length) lines.push(part.title, ...text);
  }
  return { title: row.title, text: lines.join('\n') };
}

/** A course's text: its summary, then each chapter as a heading with its lessons and their summaries. */
export async function courseText(trx: Trx, id: number): Promise<{ title: string; text: string } | null> {
  const course = await trx.selectFrom('course').select(['title', 'summary']).where('id', '=', id).where('state', '=', 1).executeTakeFirst();
  if (!course) return null;
  const lessons = await trx.selectFrom('course_phase as p')
    .innerJoin('course_phase_content as l', (j) => j.onRef('l.tenant_id', '=', 'p.tenant_id').onRef('l.phase_id', '=', 'p.id'))
    .leftJoin('content as c', (j) => j.onRef('c.tenant_id', '=', 'l.tenant_id').onRef('c.id', '=', 'l.content_id'))
    .select(['p.id as phaseId', 'p.title as phase', 'l.title as lesson', 'c.summary'])
    .where('p.course_id', '=', id)
    .orderBy('p.sort').orderBy('p.id').orderBy('l.sort').orderBy('l.id')
    .execute();
  const lines: string[] = [];
  if (course.summary) lines.push(course.summary);
  let phase: number | null = null;
  for (const l of lessons) {
    if (l.phaseId !== phase) {
      phase = l.phaseId;
      lines.push(l.phase);
    }
    const summary = l.summary?.trim();
    // A lesson reads as a sentence: its title, and what it teaches when the content says.
    lines.push(summary ? `${l.lesson}：${summary}` : `${l.lesson}。`);
  }
  return { title: course.title, text: lines.join('\n') };
}

/** The text of a content or course the learner studied; null when it is not theirs to use (or gone). */
export async function studiedText(app: FastifyInstance, trx: Trx, userId: number, kind: 'content' | 'course', id: number): Promise<{ title: string; text: string } | null> {
  if (!(await studied(trx, userId, kind, id))) return null;
  return kind === 'content' ? contentText(app, trx, id) : courseText(trx, id);
}

type RunRow = {
  id: number; tool: WritingRun['tool']; tone: WritingRun['tone']; source_kind: WritingRun['sourceKind']; source_id: number | null;
  source_title: string; input_chars: number; output: string; engine: WritingRun['engine']; note: string | null; created_at: Date | string;
};

const toRun = (r: RunRow): WritingRun => ({
  id: Number(r.id), tool: r.tool, tone: r.tone, sourceKind: r.source_kind, sourceId: r.source_id === null ? null : Number(r.source_id),
  sourceTitle: r.source_title, inputChars: r.input_chars, output: r.output, engine: r.engine, note: r.note, createdAt: iso(r.created_at),
});

const RUN_COLUMNS = ['id', 'tool', 'tone', 'source_kind', 'source_id', 'source_title', 'input_chars', 'output', 'engine', 'note', 'created_at'] as const;

/** Stores a run and returns it. */
export async function insertRun(trx: Trx, tenantId: number, userId: number, run: Omit<WritingRun, 'id' | 'createdAt'>): Promise<WritingRun> {
  const row = await trx.insertInto('ai_writing_run').values({
    tenant_id: tenantId, user_id: userId, tool: run.tool, tone: run.tone, source_kind: run.sourceKind, source_id: run.sourceId,
    source_title: run.sourceTitle, input_chars: run.inputChars, output: run.output, engine: run.engine, note: run.note,
  }).returning(RUN_COLUMNS).executeTakeFirstOrThrow();
  return toRun(row as RunRow);
}

/** A page of the learner's runs, newest first. */
export async function listRuns(trx: Trx, userId: number, q: { pageNo: number; pageSize: number }): Promise<Page<WritingRun>> {
  const [rows, count] = await Promise.all([
    trx.selectFrom('ai_writing_run').select(RUN_COLUMNS).where('user_id', '=', userId)
      .orderBy('id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    trx.selectFrom('ai_writing_run').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((r) => toRun(r as RunRow)), total: Number(count.n), pageNo: q.pageNo, pageSize: q.pageSize };
}
