// Issue 19 part G (teachers' pages and the requirements hall): the demo rows. Runs once per new tenant inside its seed
// transaction, after issue 18's seeds (server/demo/seed.ts). Every tenant: the learners' ratings of
// its first teachers (the demo learner rates the second one, so 我的评分 shows; the first is left for
// the learner to rate) and requirements in every state: the learner's own open one with responses, one
// the learner answered, a matched one, a closed one, one past its deadline, and a fresh one without
// responses. Texts in the tenant's language (acme, 1002, is English). Explicit tenant filters: the
// owner may be a superuser, which row-level security does not bind.
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { RequirementCategory } from '../db/types-teachers';

const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);

const REVIEWS = {
  zh: ['讲解清楚，案例贴近工作，收获很大。', '节奏稍快，但资料很全，课后答疑很耐心。', '非常专业，推荐给同事了。', '内容扎实，希望多一些练习。', null],
  en: ['Clear explanations and examples close to real work.', 'A bit fast, but the handouts are thorough and questions get patient answers.', 'Very professional; I recommended the course to colleagues.', 'Solid content; more exercises would help.', null],
};

interface RequirementSeed {
  owner: string; title: string; description: string; category: RequirementCategory; budget: number | null;
  /** Days from now to the deadline (negative: already passed). */
  deadlineDays: number; createdDaysAgo: number; state: 'open' | 'matched' | 'closed';
  responses: { user: string; content: string; quote: number | null; accepted?: boolean }[];
}

const REQUIREMENTS: Record<'zh' | 'en', RequirementSeed[]> = {
  zh: [
    {
      owner: 'learner', title: '寻找 Excel 数据分析入门讲师', category: 'lecture', budget: 3000, deadlineDays: 14, createdDaysAgo: 2, state: 'open',
      description: '<p>部门有 12 位同事需要系统学习 Excel 数据分析，希望安排两次线下课，每次 3 小时，内容包括数据透视表、常用函数和图表。</p><p>请在响应中说明课程大纲和可上课的时间。</p>',
      responses: [
        { user: 'teacher', content: '可以安排两次周六上午的课程，大纲：数据清洗、函数、透视表、图表与看板，附课后练习。', quote: 2800 },
        { user: 'student1', content: '我在财务部做过内训，可以分享实际报表案例，报价可面议。', quote: null },
      ],
    },
    {
      owner: 'student1', title: '制作一套新员工安全培训微课', category: 'content', budget: 8000, deadlineDays: 20, createdDaysAgo: 5, state: 'open',
      description: '<p>需要 6 节 5 分钟左右的动画微课，主题覆盖消防、用电、化学品和应急疏散，交付 MP4 和字幕文件。</p>',
      responses: [{ user: 'learner', content: '我们团队做过类似的动画微课，可先交一节样片确认风格，6 节两周内完成。', quote: 7500 }],
    },
    {
      owner: 'student2', title: '客户沟通技巧课程开发', category: 'course', budget: 5000, deadlineDays: -3, createdDaysAgo: 18, state: 'matched',
      description: '<p>为客服团队开发一门客户沟通课程，包含投诉处理、同理心表达和话术练习，需配套测验。</p>',
      responses: [
        { user: 'teacher', content: '我负责过三家企业的客服培训，可在三周内交付课程和测验题库。', quote: 4800, accepted: true },
        { user: 'learner', content: '可以提供录播课程和一份话术手册。', quote: 4000 },
      ],
    },
    {
      owner: 'student3', title: '项目管理认证备考辅导', category: 'consulting', budget: null, deadlineDays: -10, createdDaysAgo: 30, state: 'closed',
      description: '<p>希望找有认证经验的老师做四次一对一辅导，帮助梳理知识体系和做模拟题。</p>',
      responses: [],
    },
    {
      owner: 'student2', title: '征集团队建设活动方案', category: 'other', budget: 2000, deadlineDays: -1, createdDaysAgo: 12, state: 'open',
      description: '<p>年底团建，约 30 人，希望方案兼顾协作训练和轻松氛围，预算包含场地与物料。</p>',
      responses: [{ user: 'student1', content: '推荐户外定向加复盘工作坊，半天完成，附物料清单。', quote: 1800 }],
    },
    {
      owner: 'teacher', title: '招募课程助教（Python 入门班）', category: 'lecture', budget: 1500, deadlineDays: 7, createdDaysAgo: 1, state: 'open',
      description: '<p>Python 入门班需要一位助教，负责课后答疑和作业初评，每周约 4 小时，持续一个月。</p>',
      responses: [],
    },
  ],
  en: [
    {
      owner: 'learner', title: 'Looking for an Excel data analysis trainer', category: 'lecture', budget: 3000, deadlineDays: 14, createdDaysAgo: 2, state: 'open',
      description: '<p>Twelve colleagues need a structured introduction to data analysis in Excel: two on-site sessions of three hours each, covering pivot tables, common functions and charts.</p><p>Please include an outline and the dates you are available.</p>',
      responses: [
        { user: 'teacher', content: 'Two Saturday mornings work for me. Outline: cleaning data, functions, pivot tables, charts and dashboards, with exercises.', quote: 2800 },
        { user: 'student1', content: 'I have run in-house training in finance and can bring real report examples; price negotiable.', quote: null },
      ],
    },
    {
      owner: 'student1', title: 'Produce safety micro-lessons for new staff', category: 'content', budget: 8000, deadlineDays: 20, createdDaysAgo: 5, state: 'open',
      description: '<p>Six animated micro-lessons of about five minutes each on fire, electricity, chemicals and evacuation, delivered as MP4 with subtitles.</p>',
      responses: [{ user: 'learner', content: 'Our team has made similar animations; we can deliver a sample first and all six within two weeks.', quote: 7500 }],
    },
    {
      owner: 'student2', title: 'Develop a customer conversation course', category: 'course', budget: 5000, deadlineDays: -3, createdDaysAgo: 18, state: 'matched',
      description: '<p>A course for the service team on complaint handling, empathy and phrasing practice, with a quiz.</p>',
      responses: [
        { user: 'teacher', content: 'I have trained service teams at three companies and can deliver the course and quiz bank in three weeks.', quote: 4800, accepted: true },
        { user: 'learner', content: 'I can provide recorded lessons and a phrasing handbook.', quote: 4000 },
      ],
    },
    {
      owner: 'student3', title: 'Coaching for a project management certificate', category: 'consulting', budget: null, deadlineDays: -10, createdDaysAgo: 30, state: 'closed',
      description: '<p>Four one-to-one sessions with a certified coach to structure the syllabus and practise mock questions.</p>',
      responses: [],
    },
    {
      owner: 'student2', title: 'Ideas for a team-building day', category: 'other', budget: 2000, deadlineDays: -1, createdDaysAgo: 12, state: 'open',
      description: '<p>About 30 people at year end; a plan that mixes teamwork exercises with a relaxed mood, venue and materials included.</p>',
      responses: [{ user: 'student1', content: 'An outdoor orienteering course followed by a review workshop, half a day, materials list attached.', quote: 1800 }],
    },
    {
      owner: 'teacher', title: 'Teaching assistant wanted (Python basics class)', category: 'lecture', budget: 1500, deadlineDays: 7, createdDaysAgo: 1, state: 'open',
      description: '<p>The Python basics class needs an assistant for questions after class and first-pass homework review, about four hours a week for a month.</p>',
      responses: [],
    },
  ],
};

const DAY = 86_400_000;

/** Seeds one tenant's teacher ratings and requirements; owners or responders the tenant lacks are skipped. */
export async function seedTeachers(trx: Transaction<DB>, tenantId: number, now = new Date()): Promise<void> {
  const lang = ENGLISH_TENANTS.has(tenantId) ? 'en' : 'zh';
  const users = await trx.selectFrom('user_account').select(['id', 'account']).where('tenant_id', '=', tenantId)
    .where('account', 'in', ['learner', 'teacher', 'student1', 'student2', 'student3']).execute();
  const idOf = new Map(users.map((u) => [u.account, Number(u.id)]));

  // Ratings: the first four active teachers by score; raters are the students (and the learner on the second).
  const teachers = await trx.selectFrom('teacher').select(['id', 'user_id']).where('tenant_id', '=', tenantId).where('state', '=', 1)
    .orderBy('score', 'desc').orderBy('id').limit(4).execute();
  const ratings: { tenant_id: number; teacher_id: number; user_id: number; score: number; comment: string | null; created_at: Date; updated_at: Date }[] = [];
  teachers.forEach((t, ti) => {
    const raters = ['student1', 'student2', 'student3', ...(ti === 1 ? ['learner'] : [])];
    raters.forEach((account, ri) => {
      const userId = idOf.get(account);
      if (userId === undefined || userId === t.user_id) return;
      const at = new Date(now.getTime() - (ti * 3 + ri + 1) * DAY);
      ratings.push({
        tenant_id: tenantId, teacher_id: Number(t.id), user_id: userId, score: [5, 4, 5, 3, 4][(ti + ri) % 5]!,
        comment: REVIEWS[lang][(ti + ri) % REVIEWS[lang].length]!, created_at: at, updated_at: at,
      });
    });
  });
  if (ratings.length) await trx.insertInto('teacher_rating').values(ratings).execute();

  for (const q of REQUIREMENTS[lang]) {
    const ownerId = idOf.get(q.owner);
    if (ownerId === undefined) continue;
    const created = new Date(now.getTime() - q.createdDaysAgo * DAY);
    const closedAt = q.state === 'open' ? null : new Date(Math.min(now.getTime(), created.getTime() + 7 * DAY));
    const row = await trx.insertInto('requirement').values({
      tenant_id: tenantId, owner_id: ownerId, title: q.title, description: q.description, category: q.category, budget: q.budget,
      deadline: new Date(now.getTime() + q.deadlineDays * DAY), attachments: '[]', created_at: created, updated_at: created,
      // A matched one is closed below, once its accepted response exists.
      state: q.state === 'matched' ? 'open' : q.state, closed_at: q.state === 'closed' ? closedAt : null,
    }).returning('id').executeTakeFirstOrThrow();
    let accepted: number | undefined;
    for (const [i, p] of q.responses.entries()) {
      const userId = idOf.get(p.user);
      if (userId === undefined || userId === ownerId) continue;
      const at = new Date(created.getTime() + (i + 1) * 3_600_000 * 5);
      const done = await trx.insertInto('requirement_response').values({
        tenant_id: tenantId, requirement_id: Number(row.id), user_id: userId, content: p.content, quote: p.quote, attachments: '[]', created_at: at, updated_at: at,
      }).returning('id').executeTakeFirstOrThrow();
      if (p.accepted) accepted = Number(done.id);
    }
    if (q.state === 'matched') {
      await trx.updateTable('requirement').where('tenant_id', '=', tenantId).where('id', '=', Number(row.id))
        .set(accepted === undefined ? { state: 'closed', closed_at: closedAt } : { state: 'matched', accepted_response_id: accepted, closed_at: closedAt })
        .execute();
    }
  }
}
