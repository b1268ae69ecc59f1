// Issue 21 part E: the writing help (/robot/text): an outline, a rewrite in a tone, or a summary of
// pasted text or of a content or course the learner studied; each run charged (issue 21 "Credits")
// and kept. Offline the portal's own rules do the work (server/lib/ai/offline-writing.ts); with the
// tenant's provider the model does it, and a failing provider falls back to the offline result
// with the charge given back. docs/ai.md section E.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { withTenant } from '../../db/database';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { chargeCredits, refundCredits } from '../../lib/ai/credits';
import { offlineWriting, type WritingResult } from '../../lib/ai/offline-writing';
import { openSse } from '../../lib/ai/sse';
import { MAX_ANSWER_CHARS, type AiProvider, type ChatMessage } from '../../lib/ai/types';
import {
  StudiedList, StudiedQuery, WRITING_MAX, WRITING_MIN, WritingRun, WritingRunBody, WritingRunResult, WritingRunsQuery,
} from '../../../schemas/api/ai-images';
import { insertRun, listRuns, studiedItems, studiedText } from './ai-writing-repository';
import { tenantProvider } from './ai-image-store';
import { WRITING_MESSAGES as M, type Lang } from './ai-image-messages';

const chars = (s: string) => [...s].length;
type Task = { kind: 'outline' | 'summary' } | { kind: 'rewrite'; tone: 'formal' | 'plain' | 'concise' };

const INSTRUCTIONS = {
  zh: {
    outline: '把下面的文字整理成分级编号的提纲（1. 1.1 …），只用原文的信息，不要编造。',
    summary: '为下面的文字写一段摘要，约为原文五分之一的长度，只用原文的信息。',
    formal: '把下面的文字改写成正式、书面的语气，保留全部信息。',
    plain: '把下面的文字改写成通俗易懂的说法，适合初学者，保留全部信息。',
    concise: '把下面的文字改写得更精简，约为原文一半，保留要点。',
  },
  en: {
    outline: 'Turn the text below into a numbered outline (1. 1.1 …), using only its own information.',
    summary: 'Summarise the text below in about a fifth of its length, using only its own information.',
    formal: 'Rewrite the text below in a formal, written tone, keeping all its information.',
    plain: 'Rewrite the text below in plain words a beginner understands, keeping all its information.',
    concise: 'Rewrite the text below more concisely, about half its length, keeping the key points.',
  },
} as const;

/** The messages an OpenAI-compatible provider gets for a writing task. */
export function writingMessages(task: Task, input: string, lang: Lang): ChatMessage[] {
  const key = task.kind === 'rewrite' ? task.tone : task.kind;
  return [
    { role: 'system', content: lang === 'en' ? 'You are a writing assistant in a learning portal. Answer in English, plain text.' : '你是学习平台里的写作助手。用中文回答，输出纯文本。' },
    { role: 'user', content: `${INSTRUCTIONS[lang][key]}\n\n${input}` },
  ];
}

/** Runs the task with the provider, collecting its streamed pieces; null when it fails or says nothing. */
async function providerWriting(provider: AiProvider, task: Task, input: string, lang: Lang, signal: AbortSignal, onPiece: (piece: string) => void): Promise<string | null> {
  try {
    let text = '';
    for await (const piece of provider.chat({ messages: writingMessages(task, input, lang), task, material: [], input, lang, signal: AbortSignal.any([signal, AbortSignal.timeout(RUN_TIMEOUT_MS)]) })) {
      // As the chat: at most MAX_ANSWER_CHARS are read; a provider that goes on is cut off there.
      const part = piece.slice(0, Math.max(0, MAX_ANSWER_CHARS - text.length));
      if (part) {
        text += part;
        onPiece(part);
      }
      if (part.length < piece.length) break;
    }
    return text.trim() || null;
  } catch {
    return null;
  }
}

/** How long a provider's writing run may take. */
const RUN_TIMEOUT_MS = 120_000;

type Body = Static<typeof WritingRunBody>;
type User = { tenantId: number; userId: number };
interface Prepared { task: Task; input: string; title: string; notes: string[]; lang: Lang }

/** Every check that may refuse, before anything is charged: the tool, the text or the studied source. */
async function prepareRun(app: FastifyInstance, user: User, body: Body): Promise<Prepared> {
  const lang: Lang = body.lang ?? 'zh';
  if (body.tool === 'rewrite' && !body.tone) throw new ApiError(M[lang].needTone, { errorCode: 'AI_WRITING_INVALID' });
  const task: Task = body.tool === 'rewrite' ? { kind: 'rewrite', tone: body.tone! } : { kind: body.tool };
  const notes: string[] = [];
  if (body.sourceKind === 'text') {
    const input = (body.text ?? '').trim();
    const n = chars(input);
    if (n < WRITING_MIN) throw new ApiError(M[lang].tooShort(n), { errorCode: 'AI_WRITING_TOO_SHORT' });
    if (n > WRITING_MAX) throw new ApiError(M[lang].tooLong(n), { errorCode: 'AI_WRITING_TOO_LONG' });
    const first = input.split('\n')[0]!.trim();
    return { task, input, notes, lang, title: chars(first) > 30 ? `${[...first].slice(0, 30).join('')}…` : first || M[lang].pasted };
  }
  if (!body.sourceId) throw new ApiError(M[lang].needSource, { errorCode: 'AI_WRITING_INVALID' });
  const source = await readTenant(app, user.tenantId, (trx) => studiedText(app, trx, user.userId, body.sourceKind as 'content' | 'course', body.sourceId!));
  if (!source) throw new ApiError(M[lang].notStudied, { code: 404, errorCode: 'AI_WRITING_SOURCE_NOT_FOUND' });
  let input = source.text.trim();
  const n = chars(input);
  if (n < WRITING_MIN) throw new ApiError(M[lang].sourceShort(source.title, n), { errorCode: 'AI_WRITING_TOO_SHORT' });
  if (n > WRITING_MAX) {
    input = [...input].slice(0, WRITING_MAX).join('');
    notes.push(M[lang].cut);
  }
  return { task, input, notes, lang, title: source.title.slice(0, 200) };
}

/**
 * Charges the run (issue 21 "Credits": before the work starts; refused when the balance is short),
 * does it offline or through the provider (its pieces sent to `emit` as they come), falls back to
 * the offline result with the charge given back when the provider fails, and keeps the run.
 */
async function executeRun(
  app: FastifyInstance, user: User, body: Body, p: Prepared, emit: (event: 'start' | 'delta', data: unknown) => void, signal: AbortSignal,
): Promise<WritingRunResult> {
  const { task, input, lang } = p;
  const notes = [...p.notes];
  const { provider, charge } = await withTenant(app.db.app, user.tenantId, async (trx) => ({
    provider: await tenantProvider(trx, user.tenantId),
    charge: await chargeCredits(trx, { userId: user.userId, use: 'writing', note: `AI 写作：${p.title.slice(0, 40)}`, lang }),
  }));
  emit('start', { cost: charge.cost, balance: charge.balance });
  const refund = (note: string) => withTenant(app.db.app, user.tenantId, (trx) => refundCredits(trx, { userId: user.userId, ledgerId: charge.ledgerId, note }));
  let result: WritingResult;
  let engine: 'offline' | 'openai' = 'offline';
  let cost = charge.cost;
  let balance = charge.balance;
  if (provider.kind === 'offline') {
    result = offlineWriting(task, input, lang);
    emit('delta', { text: result.text });
  } else {
    const text = await providerWriting(provider, task, input, lang, signal, (piece) => emit('delta', { text: piece }));
    if (signal.aborted) {
      // The learner stopped it: nothing is kept and the charge goes back.
      await refund('已停止，退回点数');
      throw new ApiError(lang === 'en' ? 'Stopped.' : '已停止。', { errorCode: 'AI_WRITING_STOPPED' });
    }
    if (text) {
      result = { text, note: null };
      engine = 'openai';
    } else {
      // The provider failed or said nothing: the charge goes back and the offline result stands, said so.
      await refund('AI 服务不可用，退回点数');
      result = offlineWriting(task, input, lang);
      emit('delta', { reset: true, text: result.text });
      notes.unshift(M[lang].providerFailed);
      cost = 0;
      balance += charge.cost;
    }
  }
  if (result.note) notes.push(result.note);
  const run = await withTenant(app.db.app, user.tenantId, (trx) => insertRun(trx, user.tenantId, user.userId, {
    tool: task.kind, tone: task.kind === 'rewrite' ? task.tone : null, sourceKind: body.sourceKind, sourceId: body.sourceKind === 'text' ? null : body.sourceId!,
    sourceTitle: p.title, inputChars: chars(input), output: result.text, engine, note: notes.length ? notes.join('\n') : null,
  }));
  return { run, cost, balance };
}

export async function aiWritingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/ai/writing/studied', {
    schema: {
      tags: ['cm'], summary: 'AI writing (ours): the contents and courses the caller studied (the picker of /robot/text), newest study first, at most 50',
      querystring: StudiedQuery, response: { 200: Envelope(StudiedList) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const keyword = req.query.keyword?.trim() || undefined;
    return ok({ list: await readTenant(app, user.tenantId, (trx) => studiedItems(trx, user.userId, keyword)) });
  });

  r.get('/cm/api/ai/writing/runs', {
    schema: { tags: ['cm'], summary: 'AI writing (ours): a page of the caller\'s runs, newest first', querystring: WritingRunsQuery, response: { 200: Envelope(Paged(WritingRun)) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => listRuns(trx, user.userId, { pageNo, pageSize })));
  });

  r.post('/cm/api/ai/writing/run', {
    schema: {
      tags: ['cm'], summary: 'AI writing (ours): an outline, a rewrite (formal, plain, concise) or a summary of pasted text or of a content or course the caller studied; charged per run and kept',
      body: WritingRunBody, response: { 200: Envelope(WritingRunResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const prepared = await prepareRun(app, user, req.body);
    return ok(await executeRun(app, user, req.body, prepared, () => undefined, AbortSignal.timeout(RUN_TIMEOUT_MS)));
  });

  r.post('/cm/api/ai/writing/stream', {
    schema: {
      tags: ['cm'], summary: 'AI writing (ours): the same run as /cm/api/ai/writing/run, answered as server-sent events: start {cost, balance}, delta {text} pieces, done {run, cost, balance} or error {message}; refusals before the run are envelopes',
      body: WritingRunBody, response: { 200: Envelope(WritingRunResult) },
    },
  }, async (req, reply) => {
    const user = requireUser(req, req.body.tenantId);
    const prepared = await prepareRun(app, user, req.body);
    const sse = openSse(req, reply);
    try {
      const result = await executeRun(app, user, req.body, prepared, (event, data) => sse.send(event, data), sse.signal);
      sse.send('done', result);
    } catch (error) {
      // Only an ApiError's sentence is meant for the learner; any other error's text stays in the log.
      if (error instanceof ApiError) req.log.warn({ err: error }, 'a streamed writing run failed');
      else req.log.error({ err: error }, 'a streamed writing run failed');
      if (!sse.closed) sse.send('error', { message: error instanceof ApiError ? error.message : M[prepared.lang].streamFailed });
    } finally {
      sse.end();
    }
  });
}
