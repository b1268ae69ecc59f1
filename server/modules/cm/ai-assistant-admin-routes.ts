// Issue 21 part D: the back office's assistants and applications (/sub_admin/aiAssistants; docs/api.md
// "Issue 21 D"). Every call is guarded by asBackOfficeAdmin (a learner is refused) and runs in the
// tenant's transaction, so an id of another tenant is simply not found.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql, type Transaction } from 'kysely';
import { Envelope } from '../../../schemas/common';
import { Type } from 'typebox';
import type { DB } from '../../db/types';
import { ApiError, ok } from '../../plugins/envelope';
import { asBackOfficeAdmin } from '../../lib/back-office';
import { iso } from '../../lib/list-sql';
import {
  AdminIdBody, AdminOverview, ApplicationSaveBody, AssistantSaveBody, BUILTIN_AVATARS, SavedId, SortBody, TenantQuery,
  type AppField, type ApplicationAdminRow, type AssistantAdminRow,
} from '../../../schemas/api/ai-assistants';
import { passageKinds } from './ai-assistant-repository';
import { validateForm } from './ai-application-fields';

type Trx = Transaction<DB>;

const assistantGone = () => new ApiError('这个助手不存在或已被删除，请刷新列表。', { code: 404, errorCode: 'AI_ASSISTANT_NOT_FOUND' });
const applicationGone = () => new ApiError('这个应用不存在或已被删除，请刷新列表。', { code: 404, errorCode: 'AI_APP_NOT_FOUND' });

/** builtin:<one of ours>, an uploaded /uploads/ address or an http(s) address. */
export function avatarAllowed(avatar: string): boolean {
  if (avatar.startsWith('builtin:')) return (BUILTIN_AVATARS as readonly string[]).includes(avatar.slice('builtin:'.length));
  return (avatar.startsWith('/uploads/') && !avatar.includes('..')) || /^https?:\/\/[^\s]+$/u.test(avatar);
}

async function overview(trx: Trx): Promise<{ assistants: AssistantAdminRow[]; applications: ApplicationAdminRow[] }> {
  const assistants = await trx.selectFrom('ai_assistant').selectAll()
    .select((eb) => eb.selectFrom('ai_application as a').select(eb.fn.countAll<number>().as('n'))
      .whereRef('a.tenant_id', '=', 'ai_assistant.tenant_id').whereRef('a.assistant_id', '=', 'ai_assistant.id').as('application_count'))
    .orderBy('sort').orderBy('id').execute();
  const applications = await trx.selectFrom('ai_application as a')
    .innerJoin('ai_assistant as s', (j) => j.onRef('s.tenant_id', '=', 'a.tenant_id').onRef('s.id', '=', 'a.assistant_id'))
    .selectAll('a').select('s.name as assistant_name')
    .select((eb) => eb.selectFrom('ai_application_run as r').select(eb.fn.countAll<number>().as('n'))
      .whereRef('r.tenant_id', '=', 'a.tenant_id').whereRef('r.application_id', '=', 'a.id').as('run_count'))
    .orderBy('a.sort').orderBy('a.id').execute();
  return {
    assistants: assistants.map((r) => ({
      id: Number(r.id), name: r.name, avatar: r.avatar, description: r.description, kinds: passageKinds(r.kinds), greeting: r.greeting,
      systemPrompt: r.system_prompt, examples: r.examples, sort: r.sort, enabled: r.enabled, applicationCount: Number(r.application_count ?? 0), updatedAt: iso(r.updated_at),
    })),
    applications: applications.map((r) => ({
      id: Number(r.id), name: r.name, description: r.description, icon: r.icon, task: r.task, output: r.output, assistantId: Number(r.assistant_id),
      assistantName: r.assistant_name, fields: r.fields as AppField[], promptTemplate: r.prompt_template, sort: r.sort, enabled: r.enabled,
      runCount: Number(r.run_count ?? 0), updatedAt: iso(r.updated_at),
    })),
  };
}

/** Sets sort 10, 20, 30… in the given order; every id must be one of the table's rows. */
async function reorder(trx: Trx, table: 'ai_assistant' | 'ai_application', ids: readonly number[]): Promise<void> {
  const found = await trx.selectFrom(table).select('id').where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw new ApiError('排序中有不存在的条目，请刷新列表后重试。', { errorCode: 'VALIDATION' });
  for (const [i, id] of ids.entries()) await trx.updateTable(table).set({ sort: (i + 1) * 10 }).where('id', '=', id).execute();
}

export async function aiAssistantAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/ai/admin/assistants', {
    schema: { tags: ['cm'], summary: 'Back office: every assistant and application of the tenant, disabled ones too', querystring: TenantQuery, response: { 200: Envelope(AdminOverview) } },
  }, async (req) => ok(await asBackOfficeAdmin(app, req, req.query.tenantId, (trx) => overview(trx))));

  r.post('/cm/api/ai/admin/assistant/save', {
    schema: { tags: ['cm'], summary: 'Back office: creates or updates an assistant', body: AssistantSaveBody, response: { 200: Envelope(SavedId) } },
  }, async (req) => {
    const b = req.body;
    if (!avatarAllowed(b.avatar)) throw new ApiError('头像只能选择内置头像，或上传的图片（/uploads/…）、http(s) 图片地址。', { errorCode: 'VALIDATION' });
    return ok(await asBackOfficeAdmin(app, req, b.tenantId, async (trx) => {
      const values = {
        name: b.name.trim(), avatar: b.avatar, description: b.description.trim(), greeting: b.greeting.trim(), system_prompt: b.systemPrompt.trim(),
        kinds: [...b.kinds], examples: b.examples.map((e) => e.trim()).filter(Boolean), enabled: b.enabled, ...(b.sort !== undefined ? { sort: b.sort } : {}),
      };
      if (!values.name) throw new ApiError('请填写助手名称。', { errorCode: 'VALIDATION' });
      if (b.id) {
        const row = await trx.updateTable('ai_assistant').set({ ...values, updated_at: sql<Date>`now()` }).where('id', '=', b.id).returning('id').executeTakeFirst();
        if (!row) throw assistantGone();
        return { id: Number(row.id) };
      }
      const sort = b.sort ?? Number((await trx.selectFrom('ai_assistant').select(sql<number>`coalesce(max(sort), 0) + 10`.as('next')).executeTakeFirstOrThrow()).next);
      const row = await trx.insertInto('ai_assistant').values({ tenant_id: b.tenantId, ...values, sort }).returning('id').executeTakeFirstOrThrow();
      return { id: Number(row.id) };
    }));
  });

  r.post('/cm/api/ai/admin/assistant/delete', {
    schema: { tags: ['cm'], summary: 'Back office: deletes an assistant that has no applications', body: AdminIdBody, response: { 200: Envelope(Type.Null()) } },
  }, async (req) => {
    await asBackOfficeAdmin(app, req, req.body.tenantId, async (trx) => {
      const apps = await trx.selectFrom('ai_application').select((eb) => eb.fn.countAll<number>().as('n')).where('assistant_id', '=', req.body.id).executeTakeFirstOrThrow();
      if (Number(apps.n) > 0) {
        throw new ApiError(`这个助手上还有 ${apps.n} 个应用，请先删除这些应用或把它们改到其他助手，再删除助手。`, { code: 409, errorCode: 'AI_ASSISTANT_IN_USE' });
      }
      const gone = await trx.deleteFrom('ai_assistant').where('id', '=', req.body.id).executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) throw assistantGone();
    });
    return ok(null);
  });

  r.post('/cm/api/ai/admin/assistant/sort', {
    schema: { tags: ['cm'], summary: 'Back office: orders the assistants as listed', body: SortBody, response: { 200: Envelope(Type.Null()) } },
  }, async (req) => {
    await asBackOfficeAdmin(app, req, req.body.tenantId, (trx) => reorder(trx, 'ai_assistant', req.body.ids));
    return ok(null);
  });

  r.post('/cm/api/ai/admin/application/save', {
    schema: { tags: ['cm'], summary: 'Back office: creates or updates an application (its form checked against its task)', body: ApplicationSaveBody, response: { 200: Envelope(SavedId) } },
  }, async (req) => {
    const b = req.body;
    validateForm({ fields: b.fields, task: b.task, promptTemplate: b.promptTemplate, output: b.output });
    return ok(await asBackOfficeAdmin(app, req, b.tenantId, async (trx) => {
      const assistant = await trx.selectFrom('ai_assistant').select('id').where('id', '=', b.assistantId).executeTakeFirst();
      if (!assistant) throw assistantGone();
      const values = {
        assistant_id: b.assistantId, name: b.name.trim(), description: b.description.trim(), icon: b.icon, fields: JSON.stringify(b.fields),
        task: b.task, prompt_template: b.promptTemplate, output: b.output, enabled: b.enabled, ...(b.sort !== undefined ? { sort: b.sort } : {}),
      };
      if (!values.name) throw new ApiError('请填写应用名称。', { errorCode: 'VALIDATION' });
      if (b.id) {
        const row = await trx.updateTable('ai_application').set({ ...values, updated_at: sql<Date>`now()` }).where('id', '=', b.id).returning('id').executeTakeFirst();
        if (!row) throw applicationGone();
        return { id: Number(row.id) };
      }
      const sort = b.sort ?? Number((await trx.selectFrom('ai_application').select(sql<number>`coalesce(max(sort), 0) + 10`.as('next')).executeTakeFirstOrThrow()).next);
      const row = await trx.insertInto('ai_application').values({ tenant_id: b.tenantId, ...values, sort }).returning('id').executeTakeFirstOrThrow();
      return { id: Number(row.id) };
    }));
  });

  r.post('/cm/api/ai/admin/application/delete', {
    schema: { tags: ['cm'], summary: 'Back office: deletes an application and the learners\' runs of it', body: AdminIdBody, response: { 200: Envelope(Type.Null()) } },
  }, async (req) => {
    await asBackOfficeAdmin(app, req, req.body.tenantId, async (trx) => {
      const gone = await trx.deleteFrom('ai_application').where('id', '=', req.body.id).executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) throw applicationGone();
    });
    return ok(null);
  });

  r.post('/cm/api/ai/admin/application/sort', {
    schema: { tags: ['cm'], summary: 'Back office: orders the applications as listed', body: SortBody, response: { 200: Envelope(Type.Null()) } },
  }, async (req) => {
    await asBackOfficeAdmin(app, req, req.body.tenantId, (trx) => reorder(trx, 'ai_application', req.body.ids));
    return ok(null);
  });
}
