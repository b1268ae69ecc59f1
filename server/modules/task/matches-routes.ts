// Match calls (issue 19 part F; spec learning §2 "Ranking and competitions"; schemas/api/matches.ts).
// The spec names no calls for matches: these are ours, under /task/api/match/ (docs/api.md "Matches").
// Guests read the list, a match and its scoreboard; signed-in learners enrol, withdraw and submit;
// judges (a marker over the match, or tenant-wide) score submissions. Every call checks its rule
// here, inside the tenant's transaction (row-level security). Rules: docs/growth.md "Matches".
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { hasRole } from '../../lib/roles';
import { sanitizeRichTextHtml } from '../../lib/rich-text';
import { charCount } from '../../lib/text-filter';
import { iso } from '../../lib/list-sql';
import type { DB } from '../../db/types';
import {
  JudgeList, JudgeListQuery, JudgeRow, MATCH_FILES_MAX, MATCH_TEXT_MAX, MATCH_TITLE_MAX, MATCH_TITLE_MIN, MatchDetail, MatchEnrollBody, MatchIdQuery,
  MatchItem, MatchScoreBody, MatchSearchQuery, MatchSubmitBody, MyMatchItem, MyMatchQuery, Scoreboard, type MatchFile,
} from '../../../schemas/api/matches';
import {
  countEnrolled, countMySubmissions, enrol, examCells, findEntrant, findForJudges, findMatch, findStage, listForJudges, listMatches,
  listMyEntries, listStages, lockMatch, mySubmission, mySubmissions, saveScore, stageView, toItem, upsertSubmission, withdraw, type MatchRow,
} from './matches-repository';
import { finaliseIfEnded, scoreboardOf, standingOf } from './matches-scoreboard';

type Trx = Transaction<DB>;

const fail = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });

/** The signed-in user of this tenant, or null for a guest (or a token of another tenant). */
const viewerOf = (req: FastifyRequest, tenantId: number) => (req.user && req.user.tenantId === tenantId ? req.user.userId : null);

/** The published match or MATCH_NOT_FOUND (another tenant's is not visible under row-level security). */
async function requireMatch(trx: Trx, id: number, viewerId: number | null): Promise<MatchRow> {
  const match = await findMatch(trx, id, viewerId);
  if (!match) throw fail(`竞赛不存在或已下线（编号 ${id}）。`, 'MATCH_NOT_FOUND', 404);
  return match;
}

/** Whether the user judges the match: a marker over it, or a tenant-wide marker (ours: spec learning §6 "not shown"). */
const isJudge = (trx: Trx, userId: number, matchId: number) => hasRole(trx, userId, 'marker', { type: 'match', id: matchId });

/** Refuses an enrolled entrant on the judges' calls, whatever roles they hold (a tenant-wide marker too). */
async function refuseEntrantJudge(trx: Trx, userId: number, matchId: number): Promise<void> {
  // Ours (docs/growth.md "Matches"): a judge may not enrol, so an entrant may not judge.
  if ((await findEntrant(trx, matchId, userId))?.state === 'enrolled') {
    throw fail('你已报名参加这场竞赛，参赛者不能担任评委，不能查看或评分参赛作品。', 'JUDGE_IS_ENTRANT', 403);
  }
}

/** The most characters of sanitised HTML a submission's text keeps (competition_submission.content, migration 0032). */
const MATCH_HTML_MAX = 20_000;

const UPLOAD_PATH = (tenantId: number) => new RegExp(`^(/uploads/|https?://[^\\s]+/)u/${tenantId}/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.[a-z0-9]{1,5}$`);

/** spec learning §5 "other rules: not shown" (ours): at most 9 files, each from this tenant's upload flow. */
function checkFiles(tenantId: number, files: MatchFile[]): MatchFile[] {
  if (files.length > MATCH_FILES_MAX) throw fail(`附件最多 ${MATCH_FILES_MAX} 个，当前 ${files.length} 个；请删去一些后再提交。`, 'VALIDATION');
  const pattern = UPLOAD_PATH(tenantId);
  const bad = files.find((f) => !pattern.test(f.url));
  if (bad) throw fail(`文件“${bad.name}”不是通过本站上传的文件，请重新上传后再提交。`, 'FILE_NOT_UPLOADED');
  return files.map((f) => ({ name: f.name.trim() || 'file', url: f.url, size: f.size, contentType: f.contentType }));
}

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': '\'' };

/** The characters a reader sees in sanitised rich text (tags removed, common entities as one character). */
export function plainLength(html: string): number {
  return charCount(html.replace(/<[^>]*>/g, '').replace(/&(nbsp|lt|gt|amp|quot|#39);/g, (e) => ENTITIES[e] ?? e));
}

/** The whole detail of a match as `viewerId` sees it. */
async function detailOf(trx: Trx, m: MatchRow, viewerId: number | null): Promise<MatchDetail> {
  const finalised = await finaliseIfEnded(trx, m);
  const stages = await listStages(trx, m.id);
  const entrant = viewerId === null ? undefined : await findEntrant(trx, m.id, viewerId);
  const enrolled = entrant?.state === 'enrolled';
  const mine = enrolled ? await mySubmissions(trx, m.id, viewerId!) : new Map();
  const exams = enrolled ? await examCells(trx, m.id, viewerId!) : [];
  const judge = viewerId !== null && (await isJudge(trx, viewerId, m.id));
  const full = m.entrant_limit !== null && m.entrant_count >= m.entrant_limit;
  return {
    ...toItem(m), rules: m.rules, now: iso(m.now),
    stages: stages.map((s) => {
      const my = mine.get(s.id) ?? null;
      return {
        ...stageView(s), mine: my,
        canSubmit: enrolled && s.kind === 'submission' && s.state === 'open' && (my === null || my.score === null),
        myExamScore: exams.find((c) => c.stage_id === s.id)?.score ?? null,
      };
    }),
    canEnroll: viewerId !== null && !enrolled && !judge && m.enroll_open && !full,
    canWithdraw: enrolled && m.enroll_open && mine.size === 0,
    // An entrant is no judge of their own match, whatever role they hold (refuseEntrantJudge).
    isJudge: judge && !enrolled,
    finalised,
    myPlace: enrolled && finalised ? (entrant?.place ?? null) : null,
    myPlacePoints: enrolled && finalised ? (entrant?.place_points ?? null) : null,
  };
}

/** The match calls; registered from taskService. */
export async function matchesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/task/api/match/search', {
    schema: {
      tags: ['task'], summary: 'Published matches (ours): status (upcoming, enrolling, in_progress, ended), keyword, paging; guests too',
      querystring: MatchSearchQuery, response: { 200: Envelope(Paged(MatchItem)) },
    },
  }, async (req) => {
    const { tenantId, pageNo = 1, pageSize = 10, status, keyword } = req.query;
    return readTenant(app, tenantId, async (trx) => ok({ ...(await listMatches(trx, viewerOf(req, tenantId), { pageNo, pageSize, status, keyword })), pageNo, pageSize }));
  });

  r.get('/task/api/match/detail', {
    schema: {
      tags: ['task'], summary: 'A match (ours): rules, stages with my submission and exam score, entrants, what I may do; an ended match gets its final places here',
      querystring: MatchIdQuery, response: { 200: Envelope(MatchDetail) },
    },
  }, async (req) => {
    const { tenantId, id } = req.query;
    const viewerId = viewerOf(req, tenantId);
    return readTenant(app, tenantId, async (trx) => ok(await detailOf(trx, await requireMatch(trx, id, viewerId), viewerId)));
  });

  r.post('/task/api/match/enroll', {
    schema: {
      tags: ['task'], summary: 'Enrols me in a match (ours): inside its enrolment window and under its entrant limit',
      body: MatchEnrollBody, response: { 200: Envelope(MatchDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const m = await requireMatch(trx, req.body.matchId, user.userId);
      // Ours (spec learning §5 "other rules: not shown"): enrolment only in its window and under the limit.
      if (m.enrolled) throw fail('你已报名这个竞赛。', 'MATCH_ALREADY_ENROLLED', 409);
      if (m.now < m.enroll_start) throw fail('报名尚未开始，请在报名开始后再来。', 'MATCH_ENROLL_NOT_OPEN', 409);
      if (m.now >= m.enroll_end) throw fail('报名已截止，不能再报名这个竞赛。', 'MATCH_ENROLL_CLOSED', 409);
      // Ours: a judge does not compete in the match they score.
      if (await isJudge(trx, user.userId, m.id)) throw fail('你是这个竞赛的评委，不能报名参赛。', 'JUDGE_CANNOT_ENROLL', 409);
      await lockMatch(trx, m.id);
      if (m.entrant_limit !== null && (await countEnrolled(trx, m.id)) >= m.entrant_limit) {
        throw fail(`名额已满（限 ${m.entrant_limit} 人），不能再报名。`, 'MATCH_FULL', 409);
      }
      await enrol(trx, user.tenantId, m.id, user.userId);
      return ok(await detailOf(trx, (await findMatch(trx, m.id, user.userId))!, user.userId), '报名成功');
    });
  });

  r.post('/task/api/match/cancelEnroll', {
    schema: {
      tags: ['task'], summary: 'Withdraws my enrolment (ours): while enrolment is open and before I have submitted anything',
      body: MatchEnrollBody, response: { 200: Envelope(MatchDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const m = await requireMatch(trx, req.body.matchId, user.userId);
      if (!m.enrolled) throw fail('你没有报名这个竞赛，无需退出。', 'MATCH_NOT_ENROLLED', 409);
      if (!m.enroll_open) throw fail('报名已截止，不能再退出这个竞赛。', 'MATCH_WITHDRAW_CLOSED', 409);
      if ((await countMySubmissions(trx, m.id, user.userId)) > 0) throw fail('你已提交作品，不能再退出这个竞赛。', 'MATCH_HAS_SUBMISSIONS', 409);
      await withdraw(trx, m.id, user.userId);
      return ok(await detailOf(trx, (await findMatch(trx, m.id, user.userId))!, user.userId), '已退出竞赛');
    });
  });

  r.post('/task/api/match/submit', {
    schema: {
      tags: ['task'], summary: 'Submits my work to an open submission stage (ours): title 2–60, text ≤ 5000 (sanitised), ≤ 9 files; again while unscored',
      body: MatchSubmitBody, response: { 200: Envelope(MatchDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const title = req.body.title.trim();
    // Ours (spec learning §5 "other rules: not shown").
    const titleLength = charCount(title);
    if (titleLength < MATCH_TITLE_MIN || titleLength > MATCH_TITLE_MAX) {
      throw fail(`作品标题需 ${MATCH_TITLE_MIN}–${MATCH_TITLE_MAX} 个字，当前 ${titleLength} 个字。`, 'VALIDATION');
    }
    const attachments = checkFiles(user.tenantId, req.body.attachments ?? []);
    // DESIGN "No eval": user rich text is sanitised on save with the server's rules.
    const content = await sanitizeRichTextHtml(req.body.content ?? '');
    const textLength = plainLength(content);
    const storedLength = charCount(content);
    // Migration 0032: the column holds at most 20000 characters of the sanitised HTML, markup included.
    if (textLength > MATCH_TEXT_MAX || storedLength > MATCH_HTML_MAX) {
      throw fail(`作品正文最多 ${MATCH_TEXT_MAX} 字（连同排版最多 ${MATCH_HTML_MAX} 个字符），当前 ${textLength} 字、${storedLength} 个字符；请删减后再提交。`, 'VALIDATION');
    }
    if (textLength === 0 && attachments.length === 0) throw fail('请填写作品正文或上传至少一个附件后再提交。', 'VALIDATION');
    return readTenant(app, user.tenantId, async (trx) => {
      const stage = await findStage(trx, req.body.stageId);
      if (!stage || stage.match_state !== 'published') throw fail(`竞赛阶段不存在（编号 ${req.body.stageId}）。`, 'STAGE_NOT_FOUND', 404);
      if (stage.kind !== 'submission') throw fail('这个阶段是考试轮次，请到考试页面作答，通过后的最好成绩自动计入。', 'STAGE_IS_EXAM', 409);
      const entrant = await findEntrant(trx, stage.match_id, user.userId);
      if (entrant?.state !== 'enrolled') throw fail(`报名参加“${stage.match_title}”后才能提交作品。`, 'MATCH_NOT_ENROLLED', 403);
      if (stage.state === 'upcoming') throw fail(`“${stage.title}”尚未开始，开始后才能提交。`, 'STAGE_NOT_OPEN', 409);
      if (stage.state === 'closed') throw fail(`“${stage.title}”已结束，不能再提交。`, 'STAGE_CLOSED', 409);
      const mine = await mySubmission(trx, stage.id, user.userId);
      if (mine && mine.score !== null) throw fail('你的作品已被评分，成绩为最终结果，不能再修改。', 'SUBMISSION_SCORED', 409);
      await upsertSubmission(trx, user.tenantId, stage, user.userId, { title, content, attachments });
      return ok(await detailOf(trx, (await findMatch(trx, stage.match_id, user.userId))!, user.userId), mine ? '作品已更新' : '提交成功');
    });
  });

  r.get('/task/api/match/scoreboard', {
    schema: {
      tags: ['task'], summary: 'The scoreboard of a match (ours): totals of stage scores, ties to the earlier submission; final once the match ended; guests too',
      querystring: MatchIdQuery, response: { 200: Envelope(Scoreboard) },
    },
  }, async (req) => {
    const { tenantId, id } = req.query;
    const viewerId = viewerOf(req, tenantId);
    return readTenant(app, tenantId, async (trx) => {
      const m = await requireMatch(trx, id, viewerId);
      const final = await finaliseIfEnded(trx, m);
      return ok(await scoreboardOf(trx, m.id, viewerId, final));
    });
  });

  r.get('/task/api/match/searchByUser', {
    schema: {
      tags: ['task'], summary: 'My matches (ours): every match I enrolled in (withdrawn too), with my total, place and points',
      querystring: MyMatchQuery, response: { 200: Envelope(Paged(MyMatchItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, status } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const { rows, total } = await listMyEntries(trx, user.userId, { pageNo, pageSize, status });
      const list: MyMatchItem[] = [];
      for (const row of rows) {
        const final = await finaliseIfEnded(trx, row);
        const entrant = await findEntrant(trx, row.id, user.userId);
        const standing = row.my_state === 'enrolled' ? await standingOf(trx, row.id, user.userId, final) : { total: 0, place: null, scored: 0 };
        list.push({
          ...toItem(row), myState: row.my_state, enrolledAt: iso(row.my_enrolled_at), total: standing.total, place: standing.place,
          placePoints: entrant?.place_points ?? null, submittedStages: (await mySubmissions(trx, row.id, user.userId)).size, scoredStages: standing.scored,
        });
      }
      return ok({ list, total, pageNo, pageSize });
    });
  });

  // --- Judges ----------------------------------------------------------------------------------

  r.get('/task/api/match/judgeList', {
    schema: {
      tags: ['task'], summary: 'The submissions of a match for its judges (ours): unscored first; a marker over the match or tenant-wide',
      querystring: JudgeListQuery, response: { 200: Envelope(JudgeList) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const m = await requireMatch(trx, req.query.matchId, user.userId);
      if (!(await isJudge(trx, user.userId, m.id))) throw fail('只有这个竞赛的评委可以查看参赛作品。', 'JUDGE_ONLY', 403);
      await refuseEntrantJudge(trx, user.userId, m.id);
      return ok(await listForJudges(trx, m.id, { stageId: req.query.stageId, pending: req.query.pending }));
    });
  });

  r.post('/task/api/match/score', {
    schema: {
      tags: ['task'], summary: 'A judge scores a submission (ours): 0 to the stage\'s maximum, optional comment; until the match ends',
      body: MatchScoreBody, response: { 200: Envelope(JudgeRow) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const comment = req.body.comment?.trim() || null;
    return readTenant(app, user.tenantId, async (trx) => {
      const s = await findForJudges(trx, req.body.submissionId);
      if (!s) throw fail(`参赛作品不存在（编号 ${req.body.submissionId}）。`, 'SUBMISSION_NOT_FOUND', 404);
      const m = await requireMatch(trx, s.matchId, user.userId);
      if (!(await isJudge(trx, user.userId, m.id))) throw fail('只有这个竞赛的评委可以评分。', 'JUDGE_ONLY', 403);
      await refuseEntrantJudge(trx, user.userId, m.id);
      if (s.userId === user.userId) throw fail('评委不能给自己的作品评分。', 'JUDGE_OWN_WORK', 403);
      if (m.ended) throw fail('竞赛已结束，名次已定，不能再评分。', 'MATCH_ENDED', 409);
      if (req.body.score > s.maxScore) throw fail(`请给出 0 到 ${s.maxScore} 之间的分数。`, 'VALIDATION');
      await saveScore(trx, s.id, user.userId, req.body.score, comment);
      return ok((await findForJudges(trx, s.id))!, '评分已保存');
    });
  });
}
