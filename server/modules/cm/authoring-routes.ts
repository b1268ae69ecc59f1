// The content authoring calls for a creator's works (issue 20 part V; spec learning §2 "Personal
// center" content: myWorks, myWorks/create; §7 "Content and learning": saveContent, uploadContent,
// applyAudit, searchUpload, contentInfo, getDownloadUrl, clearData, /cm/cmContent/save). The spec
// names the paths only: what each does is ours (docs/shop-and-content.md part V, docs/api.md). Only
// a work's author changes it, and nobody while it is in review; the chapter calls are in
// authoring-part-routes.ts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant, tenantSecret } from '../../lib/tenant-context';
import {
  addAttachment, createAuthor, deleteWork, findAttachment, insertWork, listMyWorks, myAuthor, myWorkDetail, readingCategoryExists,
  removeAttachment, setCover, submitWork, unpublishedCount, updateWork, workAttachments, type WorkCard, type WorkRow,
} from './authoring-repository';
import { workChapters } from './authoring-part-repository';
import {
  DOWNLOAD_TTL_SECONDS, downloadSignature, downloadSigned, invalid, optionalText, requireEditableWork, requiredText,
  uploadedFile, workNotFound,
} from './authoring-rules';
import { authoringPartRoutes } from './authoring-part-routes';
import {
  ATTACHMENTS_MAX, ClearResult, DownloadLink, DownloadQuery, DownloadRedirectQuery, MyAuthor, MyWork, MyWorkItem, MyWorksQuery, PatchWorkBody,
  RemoveWorkFileBody, SaveWorkBody, TenantQuery, UNPUBLISHED_WORKS_MAX, UploadWorkFileBody, UploadWorkFileResult, WorkIdBody, WorkIdQuery,
} from '../../../schemas/api/creators';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';

type Trx = Transaction<DB>;

/** The card fields of a save, checked: a category of the reading purpose, a cover from this tenant's uploads. */
async function cardOf(trx: Trx, tenantId: number, body: { title?: string | undefined; intro?: string | undefined; categoryId?: number | null | undefined; cover?: string | null | undefined; purpose?: 5 | 7 | undefined }, current?: WorkRow): Promise<Partial<WorkCard>> {
  const card: Partial<WorkCard> = {};
  if (body.title !== undefined) card.title = requiredText(body.title, '作品名称（1–60 字）');
  if (body.intro !== undefined) card.summary = optionalText(body.intro);
  if (body.categoryId !== undefined) {
    if (body.categoryId !== null && !(await readingCategoryExists(trx, body.categoryId))) throw invalid(`分类（编号 ${body.categoryId}）不存在或不是阅读分类，请重新选择。`);
    card.category_id = body.categoryId;
  }
  if (body.cover !== undefined) {
    const cover = optionalText(body.cover);
    // An unchanged cover (a seeded one included) is kept as it is; a new one must be this tenant's upload.
    card.cover = cover === null || cover === current?.cover ? cover : uploadedFile(cover, tenantId, true);
  }
  if (body.purpose !== undefined) card.purpose = body.purpose;
  return card;
}

/** The work's editor view, or WORK_NOT_FOUND (it was just read: only a race deletes it). */
async function detailOf(trx: Trx, userId: number, id: number): Promise<MyWork> {
  const work = await myWorkDetail(trx, userId, id);
  if (!work) throw workNotFound(id);
  return work;
}

/** The authoring calls of works; registered from cm's index.ts. The chapter calls register below. */
export async function authoringRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/content/myAuthor', {
    schema: { tags: ['cm'], summary: 'Authoring (ours): my pen name, or null before my first work (the create page asks for it then)', querystring: TenantQuery, response: { 200: Envelope(MyAuthor) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const author = await myAuthor(trx, user.userId);
      return ok({ authorId: author?.id ?? null, penName: author?.penName ?? null });
    });
  });

  r.post('/cm/api/content/saveContent', {
    schema: {
      tags: ['cm'], summary: 'Authoring: creates a draft work (no id; my first work also needs penName, which creates my author page) or changes my work\'s card; refused while it is in review',
      body: SaveWorkBody, response: { 200: Envelope(MyWork) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const body = req.body;
    return readTenant(app, user.tenantId, async (trx) => {
      if (body.id !== undefined) {
        const work = await requireEditableWork(trx, user.userId, body.id);
        await updateWork(trx, work, await cardOf(trx, user.tenantId, body, work));
        return ok(await detailOf(trx, user.userId, work.id), '已保存');
      }
      if ((await unpublishedCount(trx, user.userId)) >= UNPUBLISHED_WORKS_MAX) {
        throw new ApiError(`未发布的作品最多 ${UNPUBLISHED_WORKS_MAX} 部；请先完成或删除一些草稿。`, { code: 409, errorCode: 'WORKS_LIMIT' });
      }
      let author = await myAuthor(trx, user.userId);
      if (!author) {
        const penName = optionalText(body.penName);
        if (!penName) throw new ApiError('第一次创作请先填写笔名（1–40 字），它会显示在作品和作者主页上。', { code: 400, errorCode: 'PEN_NAME_REQUIRED' });
        author = await createAuthor(trx, user.tenantId, user.userId, penName);
      }
      const card = await cardOf(trx, user.tenantId, body);
      const id = await insertWork(trx, user.tenantId, user.userId, author, {
        title: card.title!, summary: card.summary ?? null, category_id: card.category_id ?? null, cover: card.cover ?? null, purpose: card.purpose ?? 7,
      });
      return ok(await detailOf(trx, user.userId, id), '已创建草稿');
    });
  });

  r.post('/cm/cmContent/save', {
    schema: {
      tags: ['cm'], summary: 'Authoring: changes the fields given of my work (title, intro, category, cover, serial state); the others stay; refused while it is in review',
      body: PatchWorkBody, response: { 200: Envelope(MyWork) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const body = req.body;
    return readTenant(app, user.tenantId, async (trx) => {
      const work = await requireEditableWork(trx, user.userId, body.id);
      const card = await cardOf(trx, user.tenantId, body, work);
      await updateWork(trx, work, { ...card, ...(body.serialState ? { serial_state: body.serialState } : {}) });
      return ok(await detailOf(trx, user.userId, work.id), '已保存');
    });
  });

  r.post('/cm/api/content/uploadContent', {
    schema: {
      tags: ['cm'], summary: 'Authoring: puts a file I uploaded (sm upload flow) on my work: its cover (an image) or an attachment (at most 20)',
      body: UploadWorkFileBody, response: { 200: Envelope(UploadWorkFileResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const body = req.body;
    return readTenant(app, user.tenantId, async (trx) => {
      const work = await requireEditableWork(trx, user.userId, body.contentId);
      const url = uploadedFile(body.url, user.tenantId, body.role === 'cover');
      if (body.role === 'cover') {
        await setCover(trx, work, url);
        return ok({ cover: url, attachments: await workAttachments(trx, work.id) }, '封面已更新');
      }
      if ((await workAttachments(trx, work.id)).length >= ATTACHMENTS_MAX) throw invalid(`每部作品最多 ${ATTACHMENTS_MAX} 个附件，请先删除不需要的附件。`);
      const name = optionalText(body.name) ?? url.slice(url.lastIndexOf('/') + 1);
      await addAttachment(trx, user.tenantId, work.id, { name, url, size: body.size ?? null, mime: optionalText(body.mime) });
      await updateWork(trx, work, {});
      return ok({ cover: work.cover, attachments: await workAttachments(trx, work.id) }, '附件已添加');
    });
  });

  r.post('/cm/api/content/removeUpload', {
    schema: { tags: ['cm'], summary: 'Authoring (ours): removes an attachment of my work; refused while it is in review', body: RemoveWorkFileBody, response: { 200: Envelope(UploadWorkFileResult) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const file = await findAttachment(trx, req.body.id);
      if (!file || file.uploaderId !== user.userId) throw new ApiError(`附件不存在（编号 ${req.body.id}）。`, { code: 404, errorCode: 'ATTACHMENT_NOT_FOUND' });
      const work = await requireEditableWork(trx, user.userId, file.contentId);
      await removeAttachment(trx, file.id);
      await updateWork(trx, work, {});
      return ok({ cover: work.cover, attachments: await workAttachments(trx, work.id) }, '附件已删除');
    });
  });

  r.post('/cm/api/content/applyAudit', {
    schema: {
      tags: ['cm'], summary: 'Authoring: submits my work for review (a title and at least one chapter, none empty); a published work stays readable with its approved text meanwhile',
      body: WorkIdBody, response: { 200: Envelope(MyWork) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const work = await requireEditableWork(trx, user.userId, req.body.id);
      if (work.state === 1 && work.audit_state === 'approved') {
        throw new ApiError(`作品《${work.title}》已发布，且没有未提交的修改。`, { code: 409, errorCode: 'WORK_NOTHING_TO_SUBMIT' });
      }
      const chapters = await workChapters(trx, work.id);
      if (chapters.length === 0) throw invalid(`作品《${work.title}》还没有章节；请至少写一章再提交审核。`);
      const empty = chapters.find((c) => c.word_count === 0);
      if (empty) throw invalid(`第 ${chapters.indexOf(empty) + 1} 章《${empty.title}》还没有正文；请写完或删除它再提交审核。`);
      await submitWork(trx, work.id);
      return ok(await detailOf(trx, user.userId, work.id), '已提交审核');
    });
  });

  r.get('/cm/api/content/searchUpload', {
    schema: {
      tags: ['cm'], summary: 'Authoring: a page of my works, the latest edited first; state (draft, pending, published, rejected) filters',
      querystring: MyWorksQuery, response: { 200: Envelope(Paged(MyWorkItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, state } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => listMyWorks(trx, user.userId, { state, pageNo, pageSize })));
  });

  r.get('/cm/api/content/contentInfo', {
    schema: {
      tags: ['cm'], summary: 'Authoring: my work whole for the editor: its card, review state, the reviewer\'s reason, word count, pen name and attachments',
      querystring: WorkIdQuery, response: { 200: Envelope(MyWork) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => detailOf(trx, user.userId, req.query.id)));
  });

  // The spec lists clearData among the GET calls; it deletes, so it is also a POST (as takeDelivery).
  const clearSchema = { tags: ['cm'], summary: 'Authoring: deletes my unpublished work with its chapters and attachments; refused once published or while in review', response: { 200: Envelope(ClearResult) } };
  const clear = async (tenantId: number, userId: number, id: number) => readTenant(app, tenantId, async (trx) => {
    const work = await requireEditableWork(trx, userId, id);
    if (work.state === 1) {
      throw new ApiError(`作品《${work.title}》已发布，不能删除；可以在编辑页隐藏它的章节。`, { code: 409, errorCode: 'WORK_PUBLISHED' });
    }
    const chapters = await deleteWork(trx, work.id);
    return ok({ id: work.id, chapters }, '已删除');
  });
  r.get('/cm/api/content/clearData', { schema: { ...clearSchema, querystring: WorkIdQuery } }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return clear(user.tenantId, user.userId, req.query.id);
  });
  r.post('/cm/api/content/clearData', { schema: { ...clearSchema, body: WorkIdBody } }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return clear(user.tenantId, user.userId, req.body.id);
  });

  r.get('/cm/api/content/getDownloadUrl', {
    schema: {
      tags: ['cm'], summary: 'Authoring: a signed link (10 minutes) to a work\'s attachment: for its author always, for anyone once the work is published',
      querystring: DownloadQuery, response: { 200: Envelope(DownloadLink) },
    },
  }, async (req) => {
    const { tenantId, id } = req.query;
    const caller = req.user && req.user.tenantId === tenantId ? req.user : null;
    const file = await readTenant(app, tenantId, (trx) => findAttachment(trx, id));
    if (!file || !(file.published || (caller !== null && file.uploaderId === caller.userId))) {
      throw new ApiError(`附件不存在（编号 ${id}），或作品尚未发布。`, { code: 404, errorCode: 'ATTACHMENT_NOT_FOUND' });
    }
    const exp = Math.floor(Date.now() / 1000) + DOWNLOAD_TTL_SECONDS;
    const sig = downloadSignature(await tenantSecret(app, tenantId), tenantId, id, exp);
    const url = `/cm/api/content/download?${new URLSearchParams({ tenantId: String(tenantId), id: String(id), exp: String(exp), sig }).toString()}`;
    return ok({ url, name: file.name, expireTime: new Date(exp * 1000).toISOString() });
  });

  r.get('/cm/api/content/download', {
    schema: { tags: ['cm'], summary: 'Authoring (ours): where a getDownloadUrl link leads: checks its signature and expiry, then redirects to the file', querystring: DownloadRedirectQuery },
  }, async (req, reply) => {
    const q = req.query;
    if (!downloadSigned(await tenantSecret(app, q.tenantId), q)) {
      throw new ApiError('下载链接已过期或无效，请回到作品页重新下载。', { code: 403, errorCode: 'DOWNLOAD_LINK_INVALID' });
    }
    const file = await readTenant(app, q.tenantId, (trx) => findAttachment(trx, q.id));
    if (!file) throw new ApiError(`附件不存在（编号 ${q.id}），它可能已被删除。`, { code: 404, errorCode: 'ATTACHMENT_NOT_FOUND' });
    return reply.redirect(file.url, 302);
  });

  await app.register(authoringPartRoutes);
}
