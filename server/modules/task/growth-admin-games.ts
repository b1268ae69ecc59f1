// The back-office's game editor (issue 19 part I; docs/growth.md "Back-office"): list, read, create
// and edit a game with its rounds and their questions (migration 0028: game_round,
// game_round_question), publish / unpublish, delete one nobody played, and the pickers (the tenant's
// contents for a round's material, the question bank's categories and questions to import).
// Callers pass a tenant transaction (asGrowthAdmin). The learner side is part B's (games-*.ts).
import { sql } from 'kysely';
import type { AdminGame, AdminGameRow, GameInput, GameQuestionInput, GameRoundInput } from '../../../schemas/api/growth-admin';
import { iso } from '../../lib/list-sql';
import { ApiError } from '../../plugins/envelope';
import type { Trx } from './growth-admin-guard';

const fail = (message: string, errorCode: string) => new ApiError(message, { errorCode });

/** 0002's card state: 1 published (the learner's lists), 0 a draft. */
const PUBLISHED = 1;
const DRAFT = 0;
const GAME_NAME_MIN = 2;
const GAME_NAME_MAX = 60;

interface GameRowDb { id: number; title: string; state: number; round_count: number; player_count: number; publish_time: Date; total?: number }
const toRow = (g: GameRowDb): AdminGameRow => ({
  id: Number(g.id), title: g.title, published: g.state === PUBLISHED, roundCount: g.round_count, playerCount: g.player_count, publishTime: iso(g.publish_time),
});

/** Every game of the tenant, drafts too, newest first; keyword: part of the title. */
export async function listAdminGames(trx: Trx, q: { keyword?: string | undefined; pageNo: number; pageSize: number }) {
  const like = q.keyword?.trim() ? `%${q.keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await sql<GameRowDb>`select g.id::int as id, g.title, g.state, g.round_count, g.player_count, g.publish_time, count(*) over ()::int as total
    from game g ${like ? sql`where g.title ilike ${like}` : sql``}
    order by g.publish_time desc, g.id desc limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(trx);
  return { list: rows.map(toRow), total: rows[0]?.total ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}

async function requireGame(trx: Trx, id: number, lock = false) {
  let q = trx.selectFrom('game').select(['id', 'title', 'state', 'round_count', 'player_count', 'publish_time', 'cover', 'summary']).where('id', '=', id);
  if (lock) q = q.forUpdate();
  const g = await q.executeTakeFirst();
  if (!g) throw new ApiError('找不到这个闯关游戏，它可能已被删除。', { code: 404, errorCode: 'GAME_NOT_FOUND' });
  return g;
}

/** Whether anybody started the game (a player row): its rounds then stay, in their order. */
async function playerCount(trx: Trx, gameId: number): Promise<number> {
  const r = await trx.selectFrom('game_player').select((eb) => eb.fn.countAll<number>().as('n')).where('game_id', '=', gameId).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** One game with its rounds and questions (answers included: this is the editor). */
export async function getAdminGame(trx: Trx, id: number): Promise<AdminGame> {
  const g = await requireGame(trx, id);
  const rounds = await trx.selectFrom('game_round as r')
    .select(['r.id', 'r.sort', 'r.title', 'r.content', 'r.time_limit', 'r.pass_score',
      sql<number>`(select count(*)::int from game_user_round a where a.tenant_id = r.tenant_id and a.round_id = r.id)`.as('attempt_count')])
    .where('r.game_id', '=', id).orderBy('r.sort').execute();
  const questions = rounds.length ? await trx.selectFrom('game_round_question').selectAll()
    .where('round_id', 'in', rounds.map((r) => r.id)).orderBy('sort').orderBy('id').execute() : [];
  const players = await playerCount(trx, id);
  return {
    ...toRow(g), cover: g.cover, summary: g.summary ?? '', played: players > 0,
    rounds: rounds.map((r) => ({
      id: Number(r.id), sort: r.sort, title: r.title, content: r.content, timeLimit: r.time_limit, passScore: r.pass_score, attemptCount: r.attempt_count,
      questions: questions.filter((q) => Number(q.round_id) === Number(r.id)).map((q) => ({
        id: Number(q.id), kind: q.kind, stem: q.stem, options: q.options, answer: q.answer, explanation: q.explanation, score: q.score,
      })),
    })),
  };
}

function checkQuestion(q: GameQuestionInput, where: string): void {
  if (!q.stem.trim()) throw fail(`${where}需要题干。`, 'GAME_QUESTION_STEM');
  const keys = q.options.map((o) => o.key.trim());
  if (new Set(keys).size !== keys.length) throw fail(`${where}的选项标记重复了。`, 'GAME_QUESTION_OPTIONS');
  if (q.kind === 'judge') {
    if (keys.length !== 2 || !keys.includes('T') || !keys.includes('F')) throw fail(`${where}是判断题，选项只能是“正确”和“错误”。`, 'GAME_QUESTION_OPTIONS');
  } else {
    if (keys.length < 2) throw fail(`${where}至少需要两个选项。`, 'GAME_QUESTION_OPTIONS');
    if (q.options.some((o) => !o.text.trim())) throw fail(`${where}有空白的选项。`, 'GAME_QUESTION_OPTIONS');
  }
  // Publishing needs every question with an answer (issue 19 part I); the table needs it anyway.
  if (q.answer.length === 0) throw fail(`${where}还没有设置答案。`, 'GAME_QUESTION_ANSWER');
  if (q.answer.some((a) => !keys.includes(a))) throw fail(`${where}的答案不在选项里。`, 'GAME_QUESTION_ANSWER');
  if (q.kind !== 'multiple' && q.answer.length !== 1) throw fail(`${where}只能有一个答案。`, 'GAME_QUESTION_ANSWER');
  if (q.kind === 'multiple' && q.answer.length < 2) throw fail(`${where}是多选题，至少需要两个答案。`, 'GAME_QUESTION_ANSWER');
}

function checkGame(g: GameInput): void {
  const title = g.title.trim();
  if (title.length < GAME_NAME_MIN || title.length > GAME_NAME_MAX) throw fail(`游戏名称需要 ${GAME_NAME_MIN} 到 ${GAME_NAME_MAX} 个字。`, 'GAME_TITLE_INVALID');
  g.rounds.forEach((r, i) => {
    if (!r.title.trim() || r.title.trim().length > 60) throw fail(`第 ${i + 1} 关需要名称（最多 60 个字）。`, 'GAME_ROUND_TITLE');
    r.questions.forEach((q, j) => checkQuestion(q, `第 ${i + 1} 关第 ${j + 1} 题`));
  });
}

/** What publishing needs: at least one round, and every round at least one question (with its answer, checked on save). */
function checkPublishable(rounds: Array<{ title: string; questionCount: number }>): void {
  if (rounds.length === 0) throw fail('发布前请至少添加一关。', 'GAME_NO_ROUNDS');
  const empty = rounds.findIndex((r) => r.questionCount === 0);
  if (empty >= 0) throw fail(`第 ${empty + 1} 关「${rounds[empty]!.title}」还没有题目，不能发布。`, 'GAME_ROUND_NO_QUESTIONS');
}

/** Creates (a draft; no id) or edits a game, its rounds in the order given and their questions. */
export async function saveAdminGame(trx: Trx, tenantId: number, input: GameInput): Promise<AdminGame> {
  checkGame(input);
  const values = { title: input.title.trim(), cover: input.cover?.trim() || null, summary: input.summary.trim() || null };
  let gameId: number;
  if (input.id) {
    const g = await requireGame(trx, input.id, true);
    // A published game stays playable: what publishing needs holds for every save while it is published.
    if (g.state === PUBLISHED) checkPublishable(input.rounds.map((r) => ({ title: r.title.trim(), questionCount: r.questions.length })));
    gameId = input.id;
    await trx.updateTable('game').set(values).where('id', '=', gameId).execute();
  } else {
    const row = await trx.insertInto('game').values({ tenant_id: tenantId, ...values, state: DRAFT }).returning('id').executeTakeFirstOrThrow();
    gameId = Number(row.id);
  }
  await saveRounds(trx, tenantId, gameId, input.rounds);
  return getAdminGame(trx, gameId);
}

async function saveRounds(trx: Trx, tenantId: number, gameId: number, rounds: GameRoundInput[]): Promise<void> {
  const existing = await trx.selectFrom('game_round').select(['id', 'sort', 'title']).where('game_id', '=', gameId).orderBy('sort').execute();
  const ids = existing.map((r) => Number(r.id));
  const sent = rounds.filter((r) => r.id !== undefined).map((r) => r.id!);
  if (sent.some((id) => !ids.includes(id))) throw new ApiError('有一关不属于这个游戏，请刷新后再试。', { code: 404, errorCode: 'GAME_ROUND_NOT_FOUND' });
  if (new Set(sent).size !== sent.length) throw fail('同一关出现了两次。', 'GAME_ROUND_DUPLICATE');
  if (await playerCount(trx, gameId) > 0) {
    // A game somebody has played cannot lose rounds, and its rounds keep their order (unlocking
    // follows it); new rounds go after them.
    const lost = existing.find((r) => !sent.includes(Number(r.id)));
    if (lost) throw fail(`已有学员玩过这个游戏，不能删除「${lost.title}」；可以新增关卡或修改题目。`, 'GAME_PLAYED_ROUNDS_KEPT');
    const prefix = rounds.slice(0, ids.length).map((r) => r.id);
    if (prefix.some((id, i) => id !== ids[i])) throw fail('已有学员玩过这个游戏，原有关卡的顺序不能改变，新关卡只能加在后面。', 'GAME_PLAYED_ORDER_KEPT');
  }
  const removed = ids.filter((id) => !sent.includes(id));
  if (removed.length) await trx.deleteFrom('game_round').where('game_id', '=', gameId).where('id', 'in', removed).execute();
  // (game_id, sort) is unique: move the kept rounds out of the way before numbering them afresh.
  if (sent.length) await sql`update game_round set sort = sort + 100000 where game_id = ${gameId}::bigint`.execute(trx);
  for (const [i, r] of rounds.entries()) {
    const values = { sort: i + 1, title: r.title.trim(), content: r.content.trim(), time_limit: r.timeLimit, pass_score: r.passScore };
    let roundId: number;
    if (r.id !== undefined) {
      roundId = r.id;
      await trx.updateTable('game_round').set(values).where('id', '=', roundId).execute();
    } else {
      roundId = Number((await trx.insertInto('game_round').values({ tenant_id: tenantId, game_id: gameId, ...values }).returning('id').executeTakeFirstOrThrow()).id);
    }
    await saveQuestions(trx, tenantId, roundId, r.questions);
  }
  await trx.updateTable('game').set({ round_count: rounds.length }).where('id', '=', gameId).execute();
}

async function saveQuestions(trx: Trx, tenantId: number, roundId: number, questions: GameQuestionInput[]): Promise<void> {
  const existing = (await trx.selectFrom('game_round_question').select('id').where('round_id', '=', roundId).execute()).map((q) => Number(q.id));
  const sent = questions.filter((q) => q.id !== undefined).map((q) => q.id!);
  if (sent.some((id) => !existing.includes(id))) throw new ApiError('有一道题不属于这一关，请刷新后再试。', { code: 404, errorCode: 'GAME_QUESTION_NOT_FOUND' });
  const removed = existing.filter((id) => !sent.includes(id));
  // Finished attempts keep their scores (game_user_round); an open attempt's removed question simply no longer counts.
  if (removed.length) await trx.deleteFrom('game_round_question').where('round_id', '=', roundId).where('id', 'in', removed).execute();
  for (const [i, q] of questions.entries()) {
    const values = {
      sort: i + 1, kind: q.kind, stem: q.stem.trim(), options: JSON.stringify(q.options.map((o) => ({ key: o.key.trim(), text: o.text.trim() }))),
      answer: [...q.answer].sort(), explanation: q.explanation?.trim() || null, score: q.score,
    };
    if (q.id !== undefined) await trx.updateTable('game_round_question').set(values).where('id', '=', q.id).execute();
    else await trx.insertInto('game_round_question').values({ tenant_id: tenantId, round_id: roundId, ...values }).execute();
  }
}

/** Publishes (needs ≥ 1 round, every round ≥ 1 question) or unpublishes a game. */
export async function publishAdminGame(trx: Trx, id: number, published: boolean): Promise<AdminGame> {
  await requireGame(trx, id, true);
  if (published) {
    const rounds = await trx.selectFrom('game_round as r').select(['r.title',
      sql<number>`(select count(*)::int from game_round_question q where q.tenant_id = r.tenant_id and q.round_id = r.id)`.as('n')])
      .where('r.game_id', '=', id).orderBy('r.sort').execute();
    checkPublishable(rounds.map((r) => ({ title: r.title, questionCount: r.n })));
  }
  await trx.updateTable('game').set(published ? { state: PUBLISHED, publish_time: sql<Date>`now()` } : { state: DRAFT }).where('id', '=', id).execute();
  return getAdminGame(trx, id);
}

/** Deletes a game nobody played; otherwise refused (unpublish it instead). */
export async function deleteAdminGame(trx: Trx, id: number): Promise<void> {
  await requireGame(trx, id, true);
  const players = await playerCount(trx, id);
  if (players > 0) throw fail(`已有 ${players} 人玩过这个游戏，不能删除；可以取消发布。`, 'GAME_PLAYED');
  await trx.deleteFrom('game').where('id', '=', id).execute();
}

/** The round editor's content picker: the tenant's published contents (title, kind, summary). */
export async function contentChoices(trx: Trx, keyword: string | undefined) {
  const like = keyword?.trim() ? `%${keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  let q = trx.selectFrom('content').select(['id', 'title', 'kind', 'summary']).where('state', '=', PUBLISHED);
  if (like) q = q.where('title', 'ilike', like);
  const rows = await q.orderBy('publish_time', 'desc').limit(50).execute();
  return rows.map((c) => ({ id: Number(c.id), title: c.title, kind: c.kind, summary: c.summary ?? '' }));
}

/** The bank's categories with how many single, multiple and judge questions each holds itself. */
export async function bankCategoryChoices(trx: Trx) {
  const { rows } = await sql<{ id: number; name: string; parent_id: number | null; n: number }>`
    select c.id::int as id, c.name, c.parent_id::int as parent_id,
      (select count(*)::int from bank_question q where q.tenant_id = c.tenant_id and q.category_id = c.id and q.state = 'active'
        and q.parent_id is null and q.kind in ('single', 'multiple', 'judge')) as n
    from question_category c order by c.sort, c.id`.execute(trx);
  return rows.map((c) => ({ id: c.id, name: c.name, parentId: c.parent_id, questionCount: c.n }));
}

/**
 * Bank questions of a category (not below it) a round can hold (single, multiple, judge), oldest
 * first, as round questions without ids: the editor appends them, the save stores copies.
 */
export async function bankQuestionsFor(trx: Trx, categoryId: number, count: number): Promise<GameQuestionInput[]> {
  const cat = await trx.selectFrom('question_category').select('id').where('id', '=', categoryId).executeTakeFirst();
  if (!cat) throw new ApiError('找不到这个题目分类。', { code: 404, errorCode: 'CATEGORY_NOT_FOUND' });
  const rows = await trx.selectFrom('bank_question').select(['kind', 'stem', 'options', 'answer', 'explanation'])
    .where('category_id', '=', categoryId).where('state', '=', 'active').where('parent_id', 'is', null)
    .where('kind', 'in', ['single', 'multiple', 'judge']).orderBy('sort').orderBy('id').limit(count).execute();
  return rows.map((q) => {
    const answer = (q.answer ?? []).filter((a): a is string => typeof a === 'string');
    if (q.kind !== 'judge') return { kind: q.kind as GameQuestionInput['kind'], stem: q.stem, options: q.options, answer, explanation: q.explanation, score: 1 };
    // A round's judge question keys its options T and F (0028); the bank's first option is "true".
    const keyOf = new Map(q.options.map((o, i) => [o.key, i === 0 ? 'T' : 'F']));
    return {
      kind: 'judge' as const, stem: q.stem, options: q.options.slice(0, 2).map((o, i) => ({ key: i === 0 ? 'T' : 'F', text: o.text })),
      answer: answer.map((a) => keyOf.get(a) ?? a), explanation: q.explanation, score: 1,
    };
  });
}
