// The content authoring calls for a work's chapters (issue 20 part V; spec learning §7 "Content and
// learning": savePart, partListPage, partInfo, /cm/cmContentPart/saveBatch, updateStateBatch), the
// chapter text the reader fetches (partText, ours) and the reviewer's view of a work in review
// (work/audit/workDetail, ours). docs/shop-and-content.md part V has the rules.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { sanitizeRichTextHtml } from '../../lib/rich-text';
import { requireTeacherScope, reviewable, workScopeOf } from '../../lib/work-scope';
import { touchWork, workStateOf, type WorkRow } from './authoring-repository';
import {
  chapterDetail, chapterPage, deleteChapter, findChapter, insertChapter, publishedChapterText, reorderChapters, setChaptersState,
  updateChapter, workChapters,
} from './authoring-part-repository';
import { chapterNotFound, invalid, requireEditableWork, requiredText, workNotFound } from './authoring-rules';
import {
  ChapterBatchBody, ChapterDetail, ChapterIdBody, ChapterIdQuery, ChapterItem, ChapterPageQuery, ChapterStateBody, ChapterTextQuery,
  CHAPTERS_MAX, ReviewWork, SaveChapterBody, WorkIdQuery,
} from '../../../schemas/api/creators';

/** The signed-in user of this call's tenant, or null (a guest, or a token of another tenant). */
const callerOf = (req: FastifyRequest, tenantId: number) => (req.user && req.user.tenantId === tenantId ? req.user : null);

/** The chapter calls; registered from authoringRoutes. */
export async function authoringPartRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/cm/api/content/savePart', {
    schema: {
      tags: ['cm'], summary: 'Authoring: a new chapter of my work (no id; last unless sort) or my chapter\'s title and text; the HTML is sanitised on save; refused while the work is in review',
      body: SaveChapterBody, response: { 200: Envelope(ChapterDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const body = req.body;
    const title = requiredText(body.title, '章节标题（1–60 字）');
    // Part V rule: chapter text is sanitised on save with the portal's one rich-text policy (server/lib/rich-text.ts).
    const html = await sanitizeRichTextHtml(body.html);
    return readTenant(app, user.tenantId, async (trx) => {
      const work = await requireEditableWork(trx, user.userId, body.contentId);
      let id = body.id;
      if (id === undefined) {
        if ((await workChapters(trx, work.id)).length >= CHAPTERS_MAX) throw invalid(`每部作品最多 ${CHAPTERS_MAX} 章。`);
        id = await insertChapter(trx, user.tenantId, work.id, { title, html, sort: body.sort });
      } else {
        const chapter = await findChapter(trx, id);
        if (!chapter || chapter.content_id !== work.id) throw chapterNotFound(id);
        await updateChapter(trx, id, { title, html });
      }
      await touchWork(trx, work);
      const all = await workChapters(trx, work.id);
      const at = all.findIndex((c) => c.id === id);
      return ok(chapterDetail(all[at]!, at + 1, true), '已保存');
    });
  });

  r.post('/cm/api/content/delPart', {
    schema: { tags: ['cm'], summary: 'Authoring (ours): deletes my chapter (readers lose it too); refused while the work is in review', body: ChapterIdBody, response: { 200: Envelope(Paged(ChapterItem)) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const chapter = await findChapter(trx, req.body.id);
      if (!chapter || chapter.uploader_id !== user.userId) throw chapterNotFound(req.body.id);
      const work = await requireEditableWork(trx, user.userId, chapter.content_id);
      await deleteChapter(trx, work.id, chapter.id);
      await touchWork(trx, work);
      return ok(await chapterPage(trx, work.id, true, { pageNo: 1, pageSize: 50 }), '已删除');
    });
  });

  r.get('/cm/api/content/partListPage', {
    schema: {
      tags: ['cm'], summary: 'A work\'s chapters in reading order, a page at a time: every chapter for its author, the published ones for anyone once the work is published',
      querystring: ChapterPageQuery, response: { 200: Envelope(Paged(ChapterItem)) },
    },
  }, async (req) => {
    const { tenantId, contentId, pageNo = 1, pageSize = 10 } = req.query;
    const caller = callerOf(req, tenantId);
    return readTenant(app, tenantId, async (trx) => {
      const row = (await sql<{ state: number; uploader_id: number | null }>`
        select state, uploader_id from content where id = ${contentId}::bigint and purpose in (5, 6, 7)`.execute(trx)).rows[0];
      const forAuthor = row !== undefined && caller !== null && row.uploader_id !== null && Number(row.uploader_id) === caller.userId;
      if (!row || (!forAuthor && row.state !== 1)) throw workNotFound(contentId);
      return ok(await chapterPage(trx, contentId, forAuthor, { pageNo, pageSize }));
    });
  });

  r.get('/cm/api/content/partInfo', {
    schema: {
      tags: ['cm'], summary: 'One chapter whole: its author gets the text as saved, anyone the approved text of a published chapter',
      querystring: ChapterIdQuery, response: { 200: Envelope(ChapterDetail) },
    },
  }, async (req) => {
    const { tenantId, id } = req.query;
    const caller = callerOf(req, tenantId);
    return readTenant(app, tenantId, async (trx) => {
      const chapter = await findChapter(trx, id);
      const forAuthor = chapter !== undefined && caller !== null && chapter.uploader_id === caller.userId;
      const readable = chapter !== undefined && chapter.work_state === 1 && chapter.state === 1 && chapter.published_html !== null;
      if (!chapter || (!forAuthor && !readable)) throw chapterNotFound(id);
      const all = (await workChapters(trx, chapter.content_id)).filter((c) => forAuthor || (c.state === 1 && c.published_html !== null));
      const at = all.findIndex((c) => c.id === id);
      return ok(chapterDetail(all[at]!, at + 1, forAuthor));
    });
  });

  r.post('/cm/cmContentPart/saveBatch', {
    schema: {
      tags: ['cm'], summary: 'Authoring: every chapter of my work once, in its new order, with its title (reorder and rename in one call); refused while the work is in review',
      body: ChapterBatchBody, response: { 200: Envelope(Paged(ChapterItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const body = req.body;
    const parts = body.parts.map((p) => ({ id: p.id, title: requiredText(p.title, '章节标题（1–60 字）') }));
    return readTenant(app, user.tenantId, async (trx) => {
      const work = await requireEditableWork(trx, user.userId, body.contentId);
      const have = new Set((await workChapters(trx, work.id)).map((c) => c.id));
      const given = new Set(parts.map((p) => p.id));
      if (given.size !== parts.length || given.size !== have.size || [...given].some((id) => !have.has(id))) {
        throw invalid('章节列表与作品的章节不一致（可能在别处刚改过）；请刷新后重新排序。');
      }
      await reorderChapters(trx, parts);
      await touchWork(trx, work);
      return ok(await chapterPage(trx, work.id, true, { pageNo: 1, pageSize: CHAPTERS_MAX }), '章节已保存');
    });
  });

  r.post('/cm/cmContentPart/updateStateBatch', {
    schema: {
      tags: ['cm'], summary: 'Authoring: shows (1) or hides (0) chapters of my work from readers at once; a shown chapter appears once its text is approved; refused while in review',
      body: ChapterStateBody, response: { 200: Envelope(Paged(ChapterItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const body = req.body;
    return readTenant(app, user.tenantId, async (trx) => {
      const work: WorkRow = await requireEditableWork(trx, user.userId, body.contentId);
      const have = new Set((await workChapters(trx, work.id)).map((c) => c.id));
      const foreign = body.ids.find((id) => !have.has(id));
      if (foreign !== undefined) throw chapterNotFound(foreign);
      await setChaptersState(trx, work.id, body.ids, body.state);
      return ok(await chapterPage(trx, work.id, true, { pageNo: 1, pageSize: CHAPTERS_MAX }), body.state === 1 ? '章节已发布' : '章节已隐藏');
    });
  });

  r.get('/cm/api/content/partText', {
    schema: { tags: ['cm'], summary: 'Reading (ours): the approved text of a published chapter as an HTML fragment (sanitised); the reader\'s mediaUrl for a creator\'s chapter', querystring: ChapterTextQuery },
  }, async (req, reply) => {
    const { tenantId, id } = req.query;
    const html = await readTenant(app, tenantId, (trx) => publishedChapterText(trx, id));
    // An HTTP 404 too: the reader fetches this address as a document and checks the status.
    if (html === undefined) throw new ApiError(`章节不存在（编号 ${id}），或尚未发布。`, { code: 404, errorCode: 'CHAPTER_NOT_FOUND', httpStatus: 404 });
    // Shown only through the reader's sanitising <RichText>; opened directly it runs nothing (sandbox).
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache')
      .header('content-security-policy', 'sandbox; default-src \'none\'; img-src https: data:').header('x-content-type-options', 'nosniff').send(html);
  });

  r.get('/cm/api/work/audit/workDetail', {
    schema: {
      tags: ['cm'], summary: 'Work review (ours): a creator\'s work I may review, with every chapter\'s text as submitted, to read before deciding',
      querystring: WorkIdQuery, response: { 200: Envelope(ReviewWork) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { id } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const scope = await workScopeOf(trx, user.userId);
      requireTeacherScope(scope, '审核作品');
      const row = (await sql<WorkRow & { pen_name: string | null; uploader_name: string | null; uploader_id: number }>`
        select c.id, c.title, c.summary, c.cover, c.purpose, c.category_id, c.state, c.audit_state, c.audit_reason, c.audited_at, c.submitted_at,
          c.serial_state, c.author_id, c.edited_at, c.uploader_id, a.pen_name, coalesce(nullif(u.nick_name, ''), nullif(u.real_name, ''), u.account) as uploader_name
        from content c
        left join author a on a.tenant_id = c.tenant_id and a.id = c.author_id
        left join user_account u on u.tenant_id = c.tenant_id and u.id = c.uploader_id
        where c.id = ${id}::bigint and c.purpose in (5, 6, 7) and c.uploader_id is not null and ${reviewable(scope)}`.execute(trx)).rows[0];
      if (!row) throw new ApiError(`作品不存在，或不在你的审核范围内（编号 ${id}）。`, { code: 404, errorCode: 'WORK_NOT_FOUND' });
      const chapters = await workChapters(trx, id);
      return ok({
        id: Number(row.id), title: row.title, intro: row.summary, cover: row.cover, purpose: row.purpose, penName: row.pen_name, uploaderName: row.uploader_name,
        state: workStateOf(row), submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
        wordCount: chapters.reduce((n, c) => n + c.word_count, 0), chapters: chapters.map((c, i) => chapterDetail(c, i + 1, true)),
      });
    });
  });
}
