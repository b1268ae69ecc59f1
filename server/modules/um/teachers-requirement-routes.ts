// The requirements hall (issue 19 part G; spec learning §2 "Requirements": /pages/require/save,
// list, detail; §5 "requirement forms: not shown": the rules are ours, docs/growth.md). The spec
// names no call; ours live under /cm/api/requirement/ (docs/api.md), registered by the um module,
// which owns the hall here. Reading is public; publishing, responding, accepting and closing need a
// signed-in user of the tenant, and each write re-checks its rule inside the tenant's transaction.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { sanitizeRichTextHtml } from '../../lib/rich-text';
import { iso } from '../../lib/list-sql';
import type { DB } from '../../db/types';
import type { StoredFile } from '../../db/types-teachers';
import {
  REQUIREMENT_FILES_MAX, REQUIREMENT_TEXT_MAX, REQUIREMENT_TEXT_MIN, REQUIREMENT_TITLE_MAX, REQUIREMENT_TITLE_MIN, RequirementAcceptBody,
  RequirementCard, RequirementCloseBody, RequirementDetail, RequirementIdQuery, RequirementRespondBody, RequirementSaveBody,
  RequirementSearchQuery, type RequirementFile, type RequirementResponse,
} from '../../../schemas/api/teachers';
import {
  acceptResponse, cardOf, closeRequirement, findRequirement, findResponse, insertRequirement, listResponses, searchRequirements, statusOf,
  textOf, updateRequirement, upsertResponse, type RequirementRow, type ResponseRow,
} from './teachers-requirement-repository';
import { displayName } from './teachers-repository';

type Trx = Transaction<DB>;

/** The signed-in user of this tenant, or null for a guest (another tenant's token reads as a guest). */
export function viewerOf(req: FastifyRequest, tenantId: number): number | null {
  return req.user && req.user.tenantId === tenantId ? req.user.userId : null;
}

const fail = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });

async function requireRequirement(trx: Trx, id: number): Promise<RequirementRow> {
  const found = await findRequirement(trx, id);
  if (!found) throw fail(`需求不存在或已删除（编号 ${id}）。`, 'REQUIREMENT_NOT_FOUND', 404);
  return found;
}

const UPLOAD_PATH = (tenantId: number) => new RegExp(`^(/uploads/|https?://[^\\s]+/)u/${tenantId}/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.[a-z0-9]{1,5}$`);

/** Files must come from this tenant's upload flow (spec shell §7 "Upload"): no outside links, no other tenant's files. */
function checkFiles(tenantId: number, files: RequirementFile[]): StoredFile[] {
  if (files.length > REQUIREMENT_FILES_MAX) throw fail(`附件最多 ${REQUIREMENT_FILES_MAX} 个，当前 ${files.length} 个。`, 'VALIDATION');
  const pattern = UPLOAD_PATH(tenantId);
  const bad = files.find((f) => !pattern.test(f.url));
  if (bad) throw fail(`文件“${bad.name}”不是通过本站上传的文件，请重新上传。`, 'FILE_NOT_UPLOADED');
  return files.map((f) => ({ name: f.name.trim() || 'file', url: f.url, size: f.size, contentType: f.contentType }));
}

/** A budget or quote: null (面议) or yuan with at most two decimals. */
function checkMoney(value: number | null | undefined, what: string): number | null {
  if (value === null || value === undefined) return null;
  const cents = Math.round(value * 100);
  if (Math.abs(cents - value * 100) > 1e-6) throw fail(`${what}最多保留两位小数。`, 'VALIDATION');
  return cents / 100;
}

/** A response as this caller may see it (schemas/api/teachers.ts RequirementResponse; docs/growth.md). */
function responseView(p: ResponseRow, r: RequirementRow, viewer: number | null): RequirementResponse {
  const accepted = r.accepted_response_id === p.id;
  const mine = viewer !== null && p.user_id === viewer;
  // Ours: the owner sees every offer; a responder their own; the accepted one is public once chosen.
  const visible = (viewer !== null && viewer === r.owner_id) || mine || accepted;
  return {
    id: p.id, userId: p.user_id, userName: displayName(p, p.user_id), avatar: p.avatar_img, hidden: !visible,
    content: visible ? p.content : '', quote: visible && p.quote !== null ? Number(p.quote) : null,
    attachments: visible ? p.attachments : [], accepted, mine, createdAt: iso(p.created_at), updatedAt: iso(p.updated_at),
  };
}

/** The detail as the caller sees it. */
async function detailOf(trx: Trx, r: RequirementRow, viewer: number | null): Promise<RequirementDetail> {
  const responses = (await listResponses(trx, r.id)).map((p) => responseView(p, r, viewer));
  const isOwner = viewer !== null && viewer === r.owner_id;
  const status = statusOf(r);
  return {
    ...cardOf(r), description: r.description, attachments: r.attachments, ownerId: r.owner_id, ownerAvatar: r.owner_avatar,
    updatedAt: iso(r.updated_at), now: iso(r.now), isOwner, canEdit: isOwner && r.state === 'open',
    canRespond: viewer !== null && !isOwner && status === 'open',
    responses, myResponse: responses.find((p) => p.mine) ?? null,
  };
}

/** The requirements hall's calls; registered from teachersRoutes. */
export async function requirementRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/requirement/search', {
    schema: {
      tags: ['cm'], summary: 'The requirements hall: open or closed, by category and words in the title, newest or nearest deadline first; mine (signed in)',
      querystring: RequirementSearchQuery, response: { 200: Envelope(Paged(RequirementCard)) },
    },
  }, async (req) => {
    const { tenantId, pageNo = 1, pageSize = 10, searchValue, state, category, sort = 'newest', mine } = req.query;
    const ownerId = mine ? requireUser(req, tenantId).userId : undefined;
    return readTenant(app, tenantId, async (trx) => ok(await searchRequirements(trx, { pageNo, pageSize, searchValue, state, category, sort, ownerId })));
  });

  r.get('/cm/api/requirement/detail', {
    schema: {
      tags: ['cm'], summary: 'A requirement with its responses as the caller may see them (the owner all, a responder theirs, everyone the accepted one)',
      querystring: RequirementIdQuery, response: { 200: Envelope(RequirementDetail) },
    },
  }, async (req) => {
    const viewer = viewerOf(req, req.query.tenantId);
    return readTenant(app, req.query.tenantId, async (trx) => ok(await detailOf(trx, await requireRequirement(trx, req.query.id), viewer)));
  });

  r.post('/cm/api/requirement/save', {
    schema: {
      tags: ['cm'], summary: 'Publishes a requirement (no id) or edits my open one: title 2–60, description 10–5000 (sanitised), budget or 面议, future deadline, up to 9 files',
      body: RequirementSaveBody, response: { 200: Envelope(RequirementDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const b = req.body;
    const title = b.title.trim();
    if ([...title].length < REQUIREMENT_TITLE_MIN || [...title].length > REQUIREMENT_TITLE_MAX) {
      throw fail(`需求标题需要 ${REQUIREMENT_TITLE_MIN}–${REQUIREMENT_TITLE_MAX} 个字。`, 'VALIDATION');
    }
    // DESIGN "No eval": rich text is sanitised on save; the length rule counts what a reader sees.
    const description = await sanitizeRichTextHtml(b.description);
    const textLength = [...textOf(description)].length;
    if (textLength < REQUIREMENT_TEXT_MIN || textLength > REQUIREMENT_TEXT_MAX) {
      throw fail(`需求描述需要 ${REQUIREMENT_TEXT_MIN}–${REQUIREMENT_TEXT_MAX} 个字，当前 ${textLength} 个字。`, 'VALIDATION');
    }
    const budget = checkMoney(b.budget, '预算');
    const deadline = new Date(b.deadline);
    if (!(deadline.getTime() > Date.now())) throw fail('截止时间需要晚于现在。', 'VALIDATION');
    const attachments = checkFiles(user.tenantId, b.attachments ?? []);
    const values = { title, description, category: b.category, budget, deadline, attachments };
    return readTenant(app, user.tenantId, async (trx) => {
      let id = b.id;
      if (id === undefined) {
        id = await insertRequirement(trx, user.tenantId, user.userId, values);
      } else {
        const old = await requireRequirement(trx, id);
        if (old.owner_id !== user.userId) throw fail('只有需求的发布者可以修改它。', 'NOT_OWNER', 403);
        if (old.state !== 'open') throw fail('需求已对接或已关闭，不能再修改。', 'REQUIREMENT_NOT_OPEN', 409);
        await updateRequirement(trx, id, values);
      }
      return ok(await detailOf(trx, await requireRequirement(trx, id), user.userId), b.id === undefined ? '需求已发布' : '需求已保存');
    });
  });

  r.post('/cm/api/requirement/respond', {
    schema: {
      tags: ['cm'], summary: 'Responds to an open requirement before its deadline (not its owner): text ≤ 2000, a quote or 面议, up to 9 files; again to edit mine',
      body: RequirementRespondBody, response: { 200: Envelope(RequirementDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const content = req.body.content.trim();
    if (!content) throw fail('请填写响应内容。', 'VALIDATION');
    const quote = checkMoney(req.body.quote, '报价');
    const attachments = checkFiles(user.tenantId, req.body.attachments ?? []);
    return readTenant(app, user.tenantId, async (trx) => {
      const q = await requireRequirement(trx, req.body.requirementId);
      if (q.owner_id === user.userId) throw fail('不能响应自己发布的需求。', 'OWN_REQUIREMENT', 403);
      const status = statusOf(q);
      if (status === 'expired') throw fail('需求已过截止时间，不再接受响应。', 'REQUIREMENT_EXPIRED', 409);
      if (status !== 'open') throw fail('需求已对接或已关闭，不能再响应或修改响应。', 'REQUIREMENT_NOT_OPEN', 409);
      const had = (await listResponses(trx, q.id)).some((p) => p.user_id === user.userId);
      await upsertResponse(trx, user.tenantId, q.id, user.userId, { content, quote, attachments });
      return ok(await detailOf(trx, await requireRequirement(trx, q.id), user.userId), had ? '响应已修改' : '响应已提交');
    });
  });

  r.post('/cm/api/requirement/accept', {
    schema: {
      tags: ['cm'], summary: 'The owner accepts one response of an open requirement (also past its deadline): it becomes 已对接',
      body: RequirementAcceptBody, response: { 200: Envelope(RequirementDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const p = await findResponse(trx, req.body.responseId);
      if (!p) throw fail(`响应不存在（编号 ${req.body.responseId}）。`, 'RESPONSE_NOT_FOUND', 404);
      const q = await requireRequirement(trx, p.requirement_id);
      if (q.owner_id !== user.userId) throw fail('只有需求的发布者可以采纳响应。', 'NOT_OWNER', 403);
      if (!(await acceptResponse(trx, q.id, p.id))) throw fail('需求已对接或已关闭，不能再采纳。', 'REQUIREMENT_NOT_OPEN', 409);
      return ok(await detailOf(trx, await requireRequirement(trx, q.id), user.userId), '已采纳，需求已对接');
    });
  });

  r.post('/cm/api/requirement/close', {
    schema: {
      tags: ['cm'], summary: 'The owner closes an open requirement (no more responses; nothing accepted)',
      body: RequirementCloseBody, response: { 200: Envelope(RequirementDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const q = await requireRequirement(trx, req.body.id);
      if (q.owner_id !== user.userId) throw fail('只有需求的发布者可以关闭它。', 'NOT_OWNER', 403);
      if (!(await closeRequirement(trx, q.id))) throw fail('需求已对接或已关闭。', 'REQUIREMENT_NOT_OPEN', 409);
      return ok(await detailOf(trx, await requireRequirement(trx, q.id), user.userId), '需求已关闭');
    });
  });
}
