// Running an application (issue 21 part D; docs/ai.md D). In order: the form is checked and the
// picked items are found in the tenant, everything that would refuse is refused before any charge
// (a plan over a course without lessons, a quiz over material without text, a prompt template on
// the offline default); then one application run is charged (credits.ts), the provider does the
// task, and the run is saved. When the provider fails, is stopped, or produces nothing usable (a
// quiz with no question that parses), the charge is refunded and the run is saved as failed with
// the reason, so the learner's inputs are never lost.
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { withTenant } from '../../db/database';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { chargeCredits, refundCredits } from '../../lib/ai/credits';
import { providerFor } from '../../lib/ai/provider';
import { AiProviderError, MAX_ANSWER_CHARS, type AiTask, type Passage } from '../../lib/ai/types';
import { MAX_QUIZ, parseQuiz, quizText, type QuizQuestion } from '../../lib/ai/offline-apps';
import { iso } from '../../lib/list-sql';
import type { RunCard, RunDetail, RunResult } from '../../../schemas/api/ai-assistants';
import { loadApplication } from './ai-assistant-repository';
import { DEFAULT_COUNT, DEFAULT_DAYS, numberInput, pickerOf, validateInputs, fillTemplate, type InputValue, type Lang } from './ai-application-fields';
import { applicationMessages, courseLessons, itemPassages, materialChars, pickedTitle, runTitle } from './ai-application-material';

type Trx = Transaction<DB>;

/** Text a quiz's material must carry beyond titles. */
const MIN_QUIZ_CHARS = 30;

const MESSAGES = {
  zh: {
    notFound: '这个应用不存在或已停用，请回到应用列表重新选择。',
    itemGone: (label: string) => `「${label}」中选择的内容不存在或已下架，请重新选择。`,
    noLessons: (title: string) => `课程《${title}》还没有章节课时，无法排出学习计划，请换一门课程。`,
    noText: (title: string) => `《${title}》没有可以出题的文字内容（例如只有视频），请换一份文章或文档类的资料。`,
    needsProvider: '这个应用需要管理员在「AI 服务设置」中配置大模型服务后才能使用；学习计划和章节测验类应用可以离线使用。',
    failed: (why: string) => `生成失败：${why}。本次消耗的点数已退回，可以稍后重试。`,
    empty: '生成失败：没有得到可用的结果。本次消耗的点数已退回，可以换个输入再试。',
    noQuestions: (why: string) => `没能生成题目：${why}。本次消耗的点数已退回。`,
    stopped: '已停止生成，本次消耗的点数已退回。',
    timeout: 'AI 服务长时间没有完成',
    note: (name: string) => `应用：${name}`,
    refund: (name: string) => `应用运行失败退回：${name}`,
  },
  en: {
    notFound: 'This application does not exist or is disabled; please choose one from the list again.',
    itemGone: (label: string) => `The item chosen in "${label}" does not exist or is no longer published; please choose again.`,
    noLessons: (title: string) => `The course "${title}" has no lessons yet, so no plan can be made; please choose another course.`,
    noText: (title: string) => `"${title}" has no text to ask questions about (a video only, for example); please choose an article or a document.`,
    needsProvider: 'This application needs the AI provider, which an administrator sets up in "AI service settings"; study plans and quizzes work offline.',
    failed: (why: string) => `Generation failed: ${why}. The credits were refunded; please try again later.`,
    empty: 'Generation failed: nothing usable came back. The credits were refunded; try other inputs.',
    noQuestions: (why: string) => `No questions could be made: ${why}. The credits were refunded.`,
    stopped: 'Stopped. The credits were refunded.',
    timeout: 'the AI service took too long',
    note: (name: string) => `Application: ${name}`,
    refund: (name: string) => `Application run failed, refunded: ${name}`,
  },
} as const;

/** What the run needs, gathered and checked before the charge. */
interface Prepared {
  appId: number;
  name: string;
  task: AiTask;
  output: 'text' | 'questions';
  values: Record<string, InputValue>;
  title: string;
  material: Passage[];
  messages: ReturnType<typeof applicationMessages>;
}

async function prepare(trx: Trx, tenantId: number, id: number, inputs: Record<string, unknown>, lang: Lang): Promise<Prepared & { offline: boolean }> {
  const t = MESSAGES[lang];
  const app = await loadApplication(trx, id);
  if (!app) throw new ApiError(t.notFound, { code: 404, errorCode: 'AI_APP_NOT_FOUND' });
  const values = validateInputs(app.fields, inputs, lang);
  // The picked items must be published items of this tenant (row-level security hides the others).
  const titles: Record<string, string> = {};
  for (const field of app.fields) {
    if ((field.type !== 'course' && field.type !== 'content') || values[field.name] === null) continue;
    const title = await pickedTitle(trx, field.type, values[field.name] as number);
    if (title === null) throw new ApiError(t.itemGone(field.label), { errorCode: 'AI_APP_ITEM_NOT_FOUND' });
    titles[field.name] = title;
  }
  const picker = pickerOf(app.fields, app.task);
  const pickedId = picker ? (values[picker.name] as number | null) : null;
  const pickedName = picker ? titles[picker.name] ?? null : null;
  const days = numberInput(values, 'days', DEFAULT_DAYS);
  const count = Math.min(MAX_QUIZ, numberInput(values, 'count', DEFAULT_COUNT));
  let material: Passage[] = [];
  let task: AiTask;
  if (app.task === 'plan') {
    material = pickedId === null ? [] : await courseLessons(trx, pickedId, lang);
    if (material.length <= 1) throw new ApiError(t.noLessons(pickedName ?? ''), { errorCode: 'AI_APP_PLAN_NO_LESSONS' });
    task = { kind: 'plan', days };
  } else if (app.task === 'quiz') {
    material = pickedId === null || !picker ? [] : await itemPassages(trx, picker.type as 'course' | 'content', pickedId);
    if (materialChars(material) < MIN_QUIZ_CHARS) throw new ApiError(t.noText(pickedName ?? ''), { errorCode: 'AI_APP_MATERIAL_EMPTY' });
    task = { kind: 'quiz', count };
  } else {
    for (const field of app.fields) {
      if ((field.type === 'course' || field.type === 'content') && values[field.name] !== null) material.push(...await itemPassages(trx, field.type, values[field.name] as number));
    }
    task = { kind: 'answer' };
  }
  const provider = await providerFor(trx, tenantId);
  // The offline default cannot follow a free template: say what to configure, charge nothing.
  if (app.task === 'prompt' && provider.kind === 'offline') throw new ApiError(t.needsProvider, { errorCode: 'AI_NOT_CONFIGURED' });
  const firstText = app.fields.find((f) => (f.type === 'text' || f.type === 'textarea') && typeof values[f.name] === 'string');
  const title = runTitle(app.name, pickedName, firstText ? (values[firstText.name] as string) : null);
  const messages = applicationMessages({
    systemPrompt: app.assistant.systemPrompt, task: app.task, title: pickedName ?? app.name, days, count,
    prompt: fillTemplate(app.promptTemplate, values, titles), material, lang,
  });
  return { appId: app.id, name: app.name, task, output: app.output, values, title, material, messages, offline: provider.kind === 'offline' };
}

/** A run checked and charged, ready for the provider. */
export interface ChargedRun {
  tenantId: number;
  userId: number;
  lang: Lang;
  prepared: Prepared & { offline: boolean };
  charge: Awaited<ReturnType<typeof chargeCredits>>;
}

/** Everything that may refuse, then the charge: refusals are ApiErrors and nothing is charged. */
export async function chargeRun(app: FastifyInstance, run: { tenantId: number; userId: number; id: number; inputs: Record<string, unknown>; lang: Lang }): Promise<ChargedRun> {
  const t = MESSAGES[run.lang];
  const prepared = await withTenant(app.db.app, run.tenantId, (trx) => prepare(trx, run.tenantId, run.id, run.inputs, run.lang));
  const charge = await withTenant(app.db.app, run.tenantId, (trx) => chargeCredits(trx, { userId: run.userId, use: 'application', note: t.note(prepared.name), lang: run.lang }));
  return { tenantId: run.tenantId, userId: run.userId, lang: run.lang, prepared, charge };
}

/**
 * Has the provider do a charged run, passing each piece to `onDelta` as it comes, and saves it: a
 * failure after the charge (the provider failed, was stopped, or gave nothing usable) is refunded
 * and saved as a failed run with the reason.
 */
export async function executeRun(app: FastifyInstance, run: ChargedRun, onDelta: (text: string) => void, signal: AbortSignal): Promise<RunResult> {
  const { prepared, charge } = run;
  const t = MESSAGES[run.lang];
  let output = '';
  let failure: string | null = null;
  try {
    const provider = await withTenant(app.db.app, run.tenantId, (trx) => providerFor(trx, run.tenantId));
    // A stop or timeout that came while the provider was being chosen ends the run here: a provider
    // that only listens for the signal's next abort would otherwise wait for ever.
    signal.throwIfAborted();
    for await (const piece of provider.chat({ messages: prepared.messages, task: prepared.task, material: prepared.material, lang: run.lang, signal })) {
      // As the chat: at most MAX_ANSWER_CHARS are read; a provider that goes on is cut off there.
      const part = piece.slice(0, Math.max(0, MAX_ANSWER_CHARS - output.length));
      if (part) {
        output += part;
        onDelta(part);
      }
      if (part.length < piece.length) break;
    }
    output = output.trim();
    if (!output) failure = t.empty;
  } catch (error) {
    // A timeout (AbortSignal.timeout's TimeoutError) is the provider's failure; any other abort is the learner's stop.
    if (signal.aborted && (signal.reason as { name?: string } | undefined)?.name === 'TimeoutError') failure = t.failed(t.timeout);
    else if (signal.aborted) failure = t.stopped;
    else {
      app.log.warn({ err: error, application: prepared.appId }, 'application run failed');
      failure = t.failed(error instanceof AiProviderError ? error.message : run.lang === 'zh' ? 'AI 服务暂时不可用' : 'the AI service is unavailable');
    }
  }
  let questions: QuizQuestion[] | null = null;
  if (!failure && prepared.output === 'questions') {
    questions = parseQuiz(output);
    // The offline quiz says why in its text when it finds nothing to ask.
    if (questions.length === 0) failure = t.noQuestions(output.slice(0, 200));
    else output = quizText(questions, run.lang);
  }
  return withTenant(app.db.app, run.tenantId, async (trx) => {
    if (failure) await refundCredits(trx, { userId: run.userId, ledgerId: charge.ledgerId, note: t.refund(prepared.name) });
    const row = await trx.insertInto('ai_application_run').values({
      tenant_id: run.tenantId, application_id: prepared.appId, user_id: run.userId, title: prepared.title,
      inputs: JSON.stringify(prepared.values), output: failure ?? output, questions: failure || !questions ? null : JSON.stringify(questions),
      source: prepared.offline ? 'offline' : 'openai', status: failure ? 'failed' : 'done', cost: failure ? 0 : charge.cost,
    }).returning('id').executeTakeFirstOrThrow();
    const saved = await findRun(trx, run.userId, Number(row.id));
    return { run: saved!, balance: failure ? charge.balance + charge.cost : charge.balance };
  });
}

const runColumns = ['r.id', 'r.application_id', 'a.name as application_name', 'r.title', 'r.status', 'r.cost', 'r.created_at'] as const;

const cardOf = (r: { id: number; application_id: number; application_name: string; title: string; status: 'done' | 'failed'; cost: number; created_at: Date | string }): RunCard => ({
  id: Number(r.id), applicationId: Number(r.application_id), applicationName: r.application_name, title: r.title, status: r.status, cost: r.cost, createdAt: iso(r.created_at),
});

const runsOf = (trx: Trx, userId: number) => trx.selectFrom('ai_application_run as r')
  .innerJoin('ai_application as a', (j) => j.onRef('a.tenant_id', '=', 'r.tenant_id').onRef('a.id', '=', 'r.application_id'))
  .where('r.user_id', '=', userId);

/** One run of the learner's, or undefined (none, or another learner's). */
export async function findRun(trx: Trx, userId: number, id: number): Promise<RunDetail | undefined> {
  const row = await runsOf(trx, userId).select([...runColumns, 'r.inputs', 'r.output', 'r.questions', 'r.source']).where('r.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return { ...cardOf(row), inputs: row.inputs as Record<string, InputValue>, output: row.output, questions: row.questions as QuizQuestion[] | null, source: row.source };
}

/** A page of the learner's runs (of one application when asked), newest first. */
export async function searchRuns(trx: Trx, userId: number, q: { pageNo: number; pageSize: number; applicationId?: number }) {
  let base = runsOf(trx, userId);
  if (q.applicationId !== undefined) base = base.where('r.application_id', '=', q.applicationId);
  const [rows, total] = await Promise.all([
    base.select([...runColumns]).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(cardOf), total: Number(total.n), pageNo: q.pageNo, pageSize: q.pageSize };
}
