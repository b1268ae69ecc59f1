// The assistants' rows (migration 0047, issue 21 part D). Callers pass a transaction scoped to the
// tenant (withTenant / readTenant), so row-level security keeps every query inside it.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { PASSAGE_KINDS, type PassageKind } from '../../lib/ai/types';
import type { AppField, ApplicationCard, AssistantCard, AssistantDetail } from '../../../schemas/api/ai-assistants';

type Trx = Transaction<DB>;

/** What a conversation needs of an assistant (part C starts /robot/talk?assistant=ID with it). */
export interface LoadedAssistant {
  id: number;
  name: string;
  avatar: string;
  systemPrompt: string;
  kinds: PassageKind[];
  greeting: string;
}

/** Keeps only the kinds the index knows (the column's check allows no others; this narrows the type). */
export function passageKinds(kinds: readonly string[]): PassageKind[] {
  return kinds.filter((kind): kind is PassageKind => (PASSAGE_KINDS as readonly string[]).includes(kind));
}

/** An enabled assistant of the calling tenant, or null (none, disabled, or another tenant's). */
export async function loadAssistant(trx: Trx, id: number): Promise<LoadedAssistant | null> {
  const row = await trx.selectFrom('ai_assistant').select(['id', 'name', 'avatar', 'system_prompt', 'kinds', 'greeting'])
    .where('id', '=', id).where('enabled', '=', true).executeTakeFirst();
  if (!row) return null;
  return { id: Number(row.id), name: row.name, avatar: row.avatar, systemPrompt: row.system_prompt, kinds: passageKinds(row.kinds), greeting: row.greeting };
}

const assistantCardOf = (r: { id: number; name: string; avatar: string; description: string; kinds: string[] }): AssistantCard => ({
  id: Number(r.id), name: r.name, avatar: r.avatar, description: r.description, kinds: passageKinds(r.kinds),
});

/** The tenant's enabled assistants, in their order. */
export async function listAssistants(trx: Trx): Promise<AssistantCard[]> {
  const rows = await trx.selectFrom('ai_assistant').select(['id', 'name', 'avatar', 'description', 'kinds'])
    .where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
  return rows.map(assistantCardOf);
}

/** An enabled assistant's page: its card, greeting, examples and enabled applications; null when none. */
export async function assistantDetail(trx: Trx, id: number): Promise<AssistantDetail | null> {
  const row = await trx.selectFrom('ai_assistant').select(['id', 'name', 'avatar', 'description', 'kinds', 'greeting', 'examples'])
    .where('id', '=', id).where('enabled', '=', true).executeTakeFirst();
  if (!row) return null;
  const apps = await trx.selectFrom('ai_application').select(['id', 'name', 'icon', 'description'])
    .where('assistant_id', '=', id).where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
  return {
    ...assistantCardOf(row), greeting: row.greeting, examples: row.examples,
    applications: apps.map((a) => ({ id: Number(a.id), name: a.name, icon: a.icon, description: a.description })),
  };
}

/** An application as the run and the pages read it (the form parsed, the assistant's persona joined). */
export interface LoadedApplication extends ApplicationCard {
  fields: AppField[];
  promptTemplate: string;
  assistant: LoadedAssistant;
}

/** An enabled application on an enabled assistant (a disabled assistant hides its applications), or null. */
export async function loadApplication(trx: Trx, id: number): Promise<LoadedApplication | null> {
  const row = await trx.selectFrom('ai_application as a')
    .innerJoin('ai_assistant as s', (j) => j.onRef('s.tenant_id', '=', 'a.tenant_id').onRef('s.id', '=', 'a.assistant_id'))
    .select(['a.id', 'a.name', 'a.description', 'a.icon', 'a.task', 'a.output', 'a.fields', 'a.prompt_template', 'a.assistant_id'])
    .where('a.id', '=', id).where('a.enabled', '=', true).where('s.enabled', '=', true).executeTakeFirst();
  if (!row) return null;
  const assistant = await loadAssistant(trx, Number(row.assistant_id));
  if (!assistant) return null;
  return {
    id: Number(row.id), name: row.name, description: row.description, icon: row.icon, task: row.task, output: row.output,
    assistantId: assistant.id, assistantName: assistant.name, fields: row.fields as AppField[], promptTemplate: row.prompt_template, assistant,
  };
}

/** The enabled applications on enabled assistants (of one assistant when asked), in their order. */
export async function listApplications(trx: Trx, assistantId?: number): Promise<ApplicationCard[]> {
  let q = trx.selectFrom('ai_application as a')
    .innerJoin('ai_assistant as s', (j) => j.onRef('s.tenant_id', '=', 'a.tenant_id').onRef('s.id', '=', 'a.assistant_id'))
    .select(['a.id', 'a.name', 'a.description', 'a.icon', 'a.task', 'a.output', 'a.assistant_id', 's.name as assistant_name'])
    .where('a.enabled', '=', true).where('s.enabled', '=', true);
  if (assistantId !== undefined) q = q.where('a.assistant_id', '=', assistantId);
  const rows = await q.orderBy('a.sort').orderBy('a.id').execute();
  return rows.map((r) => ({
    id: Number(r.id), name: r.name, description: r.description, icon: r.icon, task: r.task, output: r.output,
    assistantId: Number(r.assistant_id), assistantName: r.assistant_name,
  }));
}
