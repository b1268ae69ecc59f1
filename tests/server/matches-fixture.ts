// The matches server tests' shared setup (tests/server/matches.test.ts, matches-final.test.ts): a
// test app, the seeded demo matches by status, the signed-in users, and helpers that write matches,
// stages, entrants and users directly.
import { afterAll, beforeAll } from 'vitest';
import { hashToken, newToken } from '../../server/plugins/auth';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

export interface SignedIn {
  id: number;
  token: string;
}

const DAY = 86_400_000;

/** A time in days from now. */
export const at = (days: number) => new Date(Date.now() + days * DAY);

/** A GET address with the tenant and these parameters in its query. */
export const q = (path: string, params: Record<string, string | number | boolean>, tenantId = 1001) =>
  `${path}?${new URLSearchParams(Object.entries({ tenantId, ...params }).map(([k, v]) => [k, String(v)]))}`;

/** An uploaded file as a submission names it. */
export const upload = (tenantId = 1001) => ({ name: '作品.pdf', url: `/uploads/u/${tenantId}/2026-11/${crypto.randomUUID()}.pdf`, size: 1234, contentType: 'application/pdf' });

/** A submission's body. */
export const work = (extra: object = {}) => ({ title: '我的参赛作品', content: '<p>正文</p>', attachments: [], ...extra });

/**
 * Registers the file's beforeAll (a test app, the four users signed in, the seeded matches found)
 * and afterAll, and returns the calls and helpers; the users and matches are read after beforeAll.
 */
export function matchesFixture() {
  let t: TestApp | undefined;
  const app = () => {
    if (!t) throw new Error('The matches fixture is read before its beforeAll ran.');
    return t;
  };
  const api = apiOf(() => app().app);
  const owner = () => app().db.owner;
  const state = {} as {
    learner: SignedIn; teacher: SignedIn; acmeLearner: SignedIn; acmeTeacher: SignedIn;
    /** The seeded demo matches by status. */
    enrolling: number; running: number; ended: number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    state.learner = await api.signIn(1001, 'learner', 'Study@2026');
    state.teacher = await api.signIn(1001, 'teacher', 'Teach@2026');
    state.acmeLearner = await api.signIn(1002, 'learner', 'Study@2026');
    state.acmeTeacher = await api.signIn(1002, 'teacher', 'Teach@2026');
    const list = await api.data('GET', q('/task/api/match/search', { pageSize: 20 }), undefined);
    const by = (status: string) => list.list.filter((m: { status: string }) => m.status === status).map((m: { id: number }) => m.id)[0] as number;
    state.enrolling = by('enrolling');
    state.running = by('in_progress');
    state.ended = by('ended');
  }, 120_000);

  afterAll(async () => t?.close());

  /** A match of the demo tenant written directly (windows in days from now) with one submission stage; its ids. */
  async function makeMatch(v: { enroll?: [number, number]; run?: [number, number]; stage?: [number, number]; limit?: number | null; title?: string } = {}) {
    const [es, ee] = v.enroll ?? [-1, 5];
    const [rs, re] = v.run ?? [-1, 10];
    const m = await owner().insertInto('competition').values({
      tenant_id: 1001, title: v.title ?? `测试竞赛 ${Math.random().toString(36).slice(2, 8)}`, enroll_start: at(es), enroll_end: at(ee),
      start_time: at(rs), end_time: at(re), entrant_limit: v.limit ?? null,
    }).returning('id').executeTakeFirstOrThrow();
    const [ss, se] = v.stage ?? [-1, 5];
    const s = await owner().insertInto('competition_stage').values({
      tenant_id: 1001, match_id: Number(m.id), sort: 1, title: '作品阶段', kind: 'submission', start_time: at(ss), end_time: at(se), max_score: 50,
    }).returning('id').executeTakeFirstOrThrow();
    return { matchId: Number(m.id), stageId: Number(s.id) };
  }

  /** Adds an exam round (the demo tenant's first exam, open from day -3 to day 5) to a match; the exam's id. */
  async function addExamRound(matchId: number): Promise<number> {
    const exam = await owner().selectFrom('exam').select(['id']).where('tenant_id', '=', 1001).where('type', '=', 'exam').orderBy('id').executeTakeFirstOrThrow();
    await owner().insertInto('competition_stage').values({
      tenant_id: 1001, match_id: matchId, sort: 2, title: '笔试', kind: 'exam', start_time: at(-3), end_time: at(5), exam_id: Number(exam.id),
    }).execute();
    return Number(exam.id);
  }

  /** Enrols a user directly (enrolled_at in days from now). */
  const enrolDirect = (matchId: number, userId: number, days = -1) =>
    owner().insertInto('competition_entrant').values({ tenant_id: 1001, match_id: matchId, user_id: userId, enrolled_at: at(days) }).execute();

  /** A new learner of the demo tenant with a token. */
  async function makeUser(account: string): Promise<SignedIn> {
    const user = await owner().insertInto('user_account').values({
      tenant_id: 1001, account, password_hash: 'locked', password_salt: '', real_name: account, nick_name: null,
      mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
    }).returning('id').executeTakeFirstOrThrow();
    const token = newToken(1001);
    await owner().insertInto('user_token').values({ tenant_id: 1001, token_hash: hashToken(token), user_id: Number(user.id), expires_at: at(1) }).execute();
    return { id: Number(user.id), token };
  }

  /** A POST with the tenant in its body. */
  const post = (path: string, token: string | undefined, body: object, tenantId = 1001) => api.call('POST', path, token, { tenantId, ...body });

  return { ...api, app, owner, state, post, makeMatch, addExamRound, enrolDirect, makeUser };
}
