import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

// Demo message-center content for the accounts of a tenant file (templates/tenants/*.json users).
// Called by seedTenants inside the new tenant's transaction, so it runs once per tenant: a restart
// never duplicates or overwrites. Texts and order are fixed; times are relative to the seed clock.

interface DemoMessage {
  type: 1 | 2 | 3; // 1 system notice, 2 study reminder, 3 exam notice
  title: string;
  content: string;
  read: boolean;
  hoursAgo: number;
}

const LEARNER_MESSAGES: DemoMessage[] = [
  { type: 1, title: '欢迎加入学习平台', content: '欢迎您！完善个人资料后即可开始学习，遇到问题可在帮助中心查找答案。', read: true, hoursAgo: 24 * 20 },
  { type: 2, title: '本周学习计划提醒', content: '您本周的学习计划还剩 2 门课程未完成，请合理安排时间。', read: true, hoursAgo: 24 * 6 },
  { type: 3, title: '考试安排通知', content: '“安全生产知识测验”将于下周一 09:00 开始，考试时长 60 分钟，请提前做好准备。', read: false, hoursAgo: 24 * 2 },
  { type: 1, title: '系统维护公告', content: '平台将于本周六 02:00—04:00 进行例行维护，期间可能无法访问，敬请谅解。', read: false, hoursAgo: 30 },
  { type: 2, title: '课程更新提醒', content: '您收藏的课程有新章节上线，快去看看吧。', read: false, hoursAgo: 5 },
  { type: 3, title: '成绩已发布', content: '您参加的“新员工入职考试”成绩已发布，可在考试记录中查看。', read: false, hoursAgo: 1 },
];

const ADMIN_MESSAGES: DemoMessage[] = [
  { type: 1, title: '管理后台使用说明', content: '管理员可通过用户菜单进入后台，配置导航、首页模板和租户参数。', read: true, hoursAgo: 24 * 10 },
  { type: 1, title: '新用户注册通知', content: '本周有 12 位新用户完成注册。', read: false, hoursAgo: 12 },
  { type: 3, title: '阅卷任务提醒', content: '“安全生产知识测验”有 8 份试卷待批阅。', read: false, hoursAgo: 3 },
];

const LEARNER_MESSAGES_EN: DemoMessage[] = [
  { type: 1, title: 'Welcome to the learning portal', content: 'Complete your profile to start learning. The help center answers common questions.', read: true, hoursAgo: 24 * 20 },
  { type: 2, title: 'Your study plan this week', content: 'Two courses in this week\'s plan are still open. Set aside some time for them.', read: true, hoursAgo: 24 * 6 },
  { type: 3, title: 'Exam scheduled', content: 'The Workplace Safety Quiz opens next Monday at 09:00 and lasts 60 minutes.', read: false, hoursAgo: 24 * 2 },
  { type: 1, title: 'Planned maintenance', content: 'The portal will be briefly unavailable on Saturday between 02:00 and 04:00.', read: false, hoursAgo: 30 },
  { type: 2, title: 'New chapter available', content: 'A course you saved has a new chapter.', read: false, hoursAgo: 5 },
  { type: 3, title: 'Results published', content: 'Your Onboarding Exam result is out; see it in your exam history.', read: false, hoursAgo: 1 },
];

const ADMIN_MESSAGES_EN: DemoMessage[] = [
  { type: 1, title: 'Using the admin area', content: 'Open the admin area from the user menu to set up navigation, home templates and tenant settings.', read: true, hoursAgo: 24 * 10 },
  { type: 1, title: 'New registrations', content: '12 new users registered this week.', read: false, hoursAgo: 12 },
  { type: 3, title: 'Papers to mark', content: '8 papers of the Workplace Safety Quiz are waiting to be marked.', read: false, hoursAgo: 3 },
];

/** Tenants whose demo content is English (as in seed-catalogue.ts: acme). */
const ENGLISH_TENANTS = new Set([1002]);

/** The demo messages of an account: admins get the admin set, everyone else the learner set. */
function messagesFor(tenantId: number, account: { adminAuth: boolean }): DemoMessage[] {
  const english = ENGLISH_TENANTS.has(tenantId);
  if (account.adminAuth) return english ? ADMIN_MESSAGES_EN : ADMIN_MESSAGES;
  return english ? LEARNER_MESSAGES_EN : LEARNER_MESSAGES;
}

/**
 * Writes the demo messages of the tenant's listed accounts (by account name; generated members get
 * none). Returns the number of messages written.
 */
export async function seedAccounts(trx: Kysely<DB>, tenantId: number, accounts: string[], now = new Date()): Promise<number> {
  if (!accounts.length) return 0;
  const users = await trx.selectFrom('user_account').select(['id', 'account', 'admin_auth'])
    .where('tenant_id', '=', tenantId).where('account', 'in', accounts).orderBy('id').execute();
  const rows = users.flatMap((u) => messagesFor(tenantId, { adminAuth: u.admin_auth }).map((m) => ({
    tenant_id: tenantId, user_id: Number(u.id), type: m.type, title: m.title, content: m.content,
    state: m.read ? 1 : 0, created_at: new Date(now.getTime() - m.hoursAgo * 3_600_000),
  })));
  if (rows.length) await trx.insertInto('user_message').values(rows).execute();
  return rows.length;
}
