// Issue 21 part C (docs/ai.md C): each tenant's `learner` has conversations to open on /robot/my:
// a finished answer rated 👍, one made again by 重新生成 (its first version kept in `previous`,
// shown as 第 2/2 次回答), and on `ai` (1004) a stopped answer and one with the help desk assistant.
// acme (1002) in English. Runs inside the tenant's seed transaction after the assistants' seed;
// explicit tenant filters (the seed's owner may bypass row-level security).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { PreviousAnswer } from '../db/types-ai-chat';

const AI_TENANT = 1004;
const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);

type Text = [zh: string, en: string];
interface SeedAnswer { text: Text; state?: 'complete' | 'stopped'; feedback?: 'up' | 'down'; reason?: Text; previous?: Text }
interface SeedConversation { title: Text; assistant?: 'help'; ageHours: number; turns: { q: Text; a: SeedAnswer }[]; aiOnly?: boolean }

const HELP_LINK = (en: boolean) => [{ kind: 'link', id: null, title: en ? 'Help center' : '帮助中心', purpose: null, path: '/helpCenter?purpose=99' }];
const COURSE_LINK = (en: boolean) => [{ kind: 'link', id: null, title: en ? 'Course list' : '课程列表', purpose: null, path: '/course' }];

const CONVERSATIONS: SeedConversation[] = [
  {
    title: ['怎么查看我的学习记录？', 'Where do I see my study record?'], ageHours: 30,
    turns: [{
      q: ['怎么查看我的学习记录？', 'Where do I see my study record?'],
      a: { text: ['在「个人中心」打开「学习记录」，可以按课程查看学过的章节和时长。详细步骤见下方的帮助中心。', 'Open "Study record" in your personal center: it lists the chapters you studied and the time, by course. The help center below has the steps.'], feedback: 'up' },
    }],
  },
  {
    title: ['入门课程推荐', 'Courses for beginners'], ageHours: 6,
    turns: [{
      q: ['有哪些适合入门的课程？', 'Which courses suit beginners?'],
      a: {
        previous: ['课程列表里标着「入门」的课程都适合从零开始。', 'The courses marked "beginner" in the course list start from zero.'],
        text: ['建议先从课程列表里标着「入门」的课程开始，每天学一节，学完后做一次章节测验检查掌握情况。', 'Start with the courses marked "beginner" in the course list, one lesson a day, and take a chapter quiz after each to check what stuck.'],
      },
    }, {
      q: ['学完入门之后呢？', 'And after the beginner course?'],
      a: { text: ['学完后可以选同一方向的进阶课程，或者用「学习计划」应用把下一门课排进每天的计划。', 'Then take the next course in the same direction, or let the "Study plan" application fit it into your days.'] },
    }],
  },
  {
    title: ['忘记密码怎么办', 'I forgot my password'], ageHours: 2, assistant: 'help', aiOnly: true,
    turns: [{
      q: ['忘记密码怎么办？', 'I forgot my password. What now?'],
      a: { text: ['在登录页点「忘记密码」，用绑定的手机号接收验证码后', 'On the sign-in page choose "Forgot password", get a code on your phone and'], state: 'stopped' },
    }],
  },
];

export async function seedAiChat(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const en = ENGLISH_TENANTS.has(tenantId);
  const pick = (t: Text) => (en ? t[1] : t[0]);
  const learner = await trx.selectFrom('user_account').select('id')
    .where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  if (!learner) return;
  const helpDesk = await trx.selectFrom('ai_assistant').select('id')
    .where('tenant_id', '=', tenantId).where('kinds', '=', sql<string[]>`array['help']::text[]`).orderBy('id').executeTakeFirst();
  for (const c of CONVERSATIONS) {
    if (c.aiOnly && tenantId !== AI_TENANT) continue;
    const at = (minutes: number) => new Date(Date.now() - c.ageHours * 3_600_000 + minutes * 60_000);
    const conversation = await trx.insertInto('robot_conversation').values({
      tenant_id: tenantId, user_id: learner.id, title: pick(c.title), message_count: c.turns.length * 2,
      assistant_id: c.assistant ? (helpDesk ? Number(helpDesk.id) : null) : null, created_at: at(0), updated_at: at(c.turns.length * 2),
    }).returning('id').executeTakeFirstOrThrow();
    let minute = 0;
    for (const turn of c.turns) {
      const links = turn.a.state === 'stopped' ? [] : c.title[0].includes('课程') ? COURSE_LINK(en) : HELP_LINK(en);
      const previous: PreviousAnswer[] = turn.a.previous
        ? [{ text: pick(turn.a.previous), links, state: 'complete', provider: 'offline', createdAt: at(minute).toISOString() }] : [];
      await trx.insertInto('robot_message').values([
        { tenant_id: tenantId, conversation_id: conversation.id, role: 'user', text: pick(turn.q), source: null, fallback: null, created_at: at(minute) },
        {
          tenant_id: tenantId, conversation_id: conversation.id, role: 'assistant', text: pick(turn.a.text), links: JSON.stringify(links),
          source: 'retrieval', fallback: null, provider: 'offline', state: turn.a.state ?? 'complete', previous: JSON.stringify(previous),
          feedback: turn.a.feedback ?? null, feedback_at: turn.a.feedback ? at(minute + 1) : null, created_at: at(minute + 1),
        },
      ]).execute();
      minute += 2;
    }
  }
}
