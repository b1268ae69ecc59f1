// Issue 19 part A (tasks: task contents, joining, progress, team tasks, to-do tasks): the demo rows.
// Runs once per new tenant inside its seed transaction, after issue 18's seeds (server/demo/seed.ts).
// On every tenant whose catalogue has tasks: each catalogue task gets two or three of the tenant's
// contents and courses; four tasks of our own show every state for the demo learner:
// - an open task of exactly two short contents (a video and a document, new rows nobody else
//   studies), assigned to the learner (the e2e finishes it);
// - an upcoming one and a closed one (assigned too: the closed one is overdue in myMemberTask);
// - a team task for a team of the learner (leader) and student1, which the learner has started;
// - an "at least 2 of 3" task due in two days, which the learner has joined.
// Texts in the tenant's language (acme is English, as in seed-work.ts). Explicit tenant filters: the
// owner may be a superuser, which row-level security does not bind.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';

const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);
const DAY = 86_400_000;

const TEXTS = {
  zh: {
    video: '入职安全须知（短视频）', videoSummary: '两分钟看懂办公区的安全出口、灭火器位置和紧急联络方式。',
    doc: '职场沟通礼仪速读', docSummary: '邮件、会议和即时消息的基本礼仪，一页读完。',
    open: { title: '新员工入职必修：安全与沟通', summary: '看完一段短视频、读完一篇速读文档即可完成，完成后获得积分。', body: '<p>欢迎加入！这个任务包含两项必修内容：</p><ol><li>入职安全须知（短视频）</li><li>职场沟通礼仪速读</li></ol><p>两项都学完后，回到本页点击“完成任务”。</p>' },
    upcoming: { title: '季度技能提升计划（下周开始）', summary: '下周开放：一门课程加一场小测，提前了解内容。', body: '<p>任务下周开放，开放后即可参加。</p>' },
    closed: { title: '上月消防安全月学习', summary: '上月的专题学习任务，已结束。', body: '<p>这个任务已经结束，仍可查看内容。</p>' },
    team: { title: '学习小组挑战：团队协作', summary: '与组员一起完成三项内容，组内互相督促，看看谁先完成。', body: '<p>团队任务：小组成员各自学完全部必修内容即算完成，页面上可以看到每位组员的进度。</p>' },
    atLeast: { title: '自选学习：三选二', summary: '三项内容中任选两项学完即可完成，两天后截止。', body: '<p>按兴趣任选两项学习，完成两项即可点击“完成任务”。</p>' },
    teamName: '学习小组 A',
    catalogueBody: (title: string) => `<p>${title}：按顺序学完下列内容，全部必修内容完成后即可完成任务。</p>`,
  },
  en: {
    video: 'Workplace safety in two minutes (video)', videoSummary: 'Exits, fire extinguishers and who to call, in a short clip.',
    doc: 'Workplace communication etiquette: a quick read', docSummary: 'Email, meeting and chat etiquette on one page.',
    open: { title: 'New starter essentials: safety and communication', summary: 'Watch one short video and read one short document to finish; points on finishing.', body: '<p>Welcome aboard! This task has two required items:</p><ol><li>Workplace safety in two minutes (video)</li><li>Workplace communication etiquette</li></ol><p>When both are done, come back here and choose “Finish task”.</p>' },
    upcoming: { title: 'Quarterly skills plan (starts next week)', summary: 'Opens next week: one course and a short quiz.', body: '<p>This task opens next week; you can join it then.</p>' },
    closed: { title: 'Last month\'s fire safety study', summary: 'Last month\'s study task, now closed.', body: '<p>This task has closed; its contents can still be viewed.</p>' },
    team: { title: 'Study group challenge: teamwork', summary: 'Finish three items together with your group and keep each other going.', body: '<p>A team task: each member finishes every required item; this page shows every member\'s progress.</p>' },
    atLeast: { title: 'Pick two of three', summary: 'Study any two of the three items to finish; due in two days.', body: '<p>Choose the two that interest you most; finishing two completes the task.</p>' },
    teamName: 'Study group A',
    catalogueBody: (title: string) => `<p>${title}: study the items below in order; once every required item is done you can finish the task.</p>`,
  },
};

type Item = { kind: 'content'; id: number } | { kind: 'course'; id: number } | { kind: 'exam'; id: number };

async function addContents(trx: Transaction<DB>, tenantId: number, taskId: number, items: readonly Item[], required: (i: number) => boolean = () => true): Promise<void> {
  if (items.length === 0) return;
  await trx.insertInto('task_content').values(items.map((it, i) => ({
    tenant_id: tenantId, task_id: taskId, kind: it.kind, sort: i + 1, required: required(i),
    course_id: it.kind === 'course' ? it.id : null, content_id: it.kind === 'content' ? it.id : null, exam_id: it.kind === 'exam' ? it.id : null,
  }))).execute();
  await trx.updateTable('task').set({ step_count: items.length }).where('tenant_id', '=', tenantId).where('id', '=', taskId).execute();
}

/** Seeds the tasks of one tenant; nothing when its catalogue has no tasks. */
export async function seedTasks(trx: Transaction<DB>, tenantId: number, now = new Date()): Promise<void> {
  const catalogueTasks = await trx.selectFrom('task').select(['id', 'title', 'category_id', 'cover']).where('tenant_id', '=', tenantId).orderBy('id').execute();
  if (catalogueTasks.length === 0) return;
  const t = TEXTS[ENGLISH_TENANTS.has(tenantId) ? 'en' : 'zh'];
  const contents = await trx.selectFrom('content').select(['id', 'kind']).where('tenant_id', '=', tenantId).where('state', '=', 1)
    .where('kind', 'in', ['video', 'article', 'pdf', 'audio']).where('audit_state', '=', 'approved').orderBy('id').limit(40).execute();
  const courses = await trx.selectFrom('course').select('id').where('tenant_id', '=', tenantId).where('state', '=', 1).orderBy('id').limit(12).execute();
  const exams = await trx.selectFrom('exam').select(['id', 'pass_score']).where('tenant_id', '=', tenantId).where('state', '=', 1)
    .where('type', '=', 'exam').orderBy('id').limit(4).execute();
  const pick = <T>(list: readonly T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

  // Every catalogue task: two or three contents, a course now and then, the body of its page.
  for (const [i, task] of catalogueTasks.entries()) {
    const items: Item[] = [];
    const a = pick(contents, i * 3);
    const b = pick(contents, i * 3 + 1);
    if (a) items.push({ kind: 'content', id: Number(a.id) });
    if (b && b.id !== a?.id) items.push({ kind: 'content', id: Number(b.id) });
    const course = i % 2 === 0 ? pick(courses, i) : undefined;
    if (course) items.push({ kind: 'course', id: Number(course.id) });
    await addContents(trx, tenantId, Number(task.id), items, (k) => k < 2);
    await trx.updateTable('task').set({ body: t.catalogueBody(task.title) }).where('tenant_id', '=', tenantId).where('id', '=', task.id).execute();
  }

  const learner = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  const student1 = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'student1').executeTakeFirst();
  const shape = catalogueTasks[0]!;

  // Two short contents of the tenant's own, studied by nobody else: a copy of its shortest video and of a site article.
  const video = await trx.selectFrom('content').select(['media_url', 'duration', 'cover', 'category_id']).where('tenant_id', '=', tenantId)
    .where('kind', '=', 'video').where('media_url', 'is not', null).where('media_url', 'not like', '%.m3u8').where('duration', '>', 0)
    .orderBy('duration').orderBy('id').limit(1).executeTakeFirst();
  const article = await trx.selectFrom('content').select(['media_url', 'cover', 'category_id']).where('tenant_id', '=', tenantId)
    .where('kind', '=', 'article').where('media_url', 'like', '/uploads/%')
    .where(sql<boolean>`not exists (select 1 from content_part p where p.tenant_id = content.tenant_id and p.content_id = content.id)`)
    .orderBy('id').limit(1).executeTakeFirst();
  // The copies are knowledge items (purpose 2), so each sits in a knowledge category (purpose 2): the
  // /knowledge tab lists a content under its tree's roots (learning-lists test). The source's
  // category when it is one, else the tenant's first knowledge category without children (contents
  // sit in leaves; the shortest video is a micro-course, whose categories are purpose 3).
  const firstKnowledge = await trx.selectFrom('category as c').select('c.id').where('c.tenant_id', '=', tenantId).where('c.purpose', '=', 2)
    .where(sql<boolean>`not exists (select 1 from category k where k.tenant_id = c.tenant_id and k.parent_id = c.id)`)
    .orderBy('c.sort').orderBy('c.id').limit(1).executeTakeFirst();
  const knowledgeCategory = async (categoryId: number | null): Promise<number | null> => {
    if (categoryId !== null) {
      const found = await trx.selectFrom('category').select('purpose').where('tenant_id', '=', tenantId).where('id', '=', categoryId).executeTakeFirst();
      if (found?.purpose === 2) return categoryId;
    }
    return firstKnowledge?.id ?? categoryId;
  };
  const own: Item[] = [];
  if (video) {
    const row = await trx.insertInto('content').values({
      tenant_id: tenantId, category_id: await knowledgeCategory(video.category_id), title: t.video, cover: video.cover, summary: t.videoSummary, purpose: 2, kind: 'video',
      author: null, duration: video.duration, media_url: video.media_url, labels: [],
    }).returning('id').executeTakeFirstOrThrow();
    own.push({ kind: 'content', id: Number(row.id) });
  }
  if (article) {
    const row = await trx.insertInto('content').values({
      tenant_id: tenantId, category_id: await knowledgeCategory(article.category_id), title: t.doc, cover: article.cover, summary: t.docSummary, purpose: 2, kind: 'article',
      author: null, duration: 0, media_url: article.media_url, labels: [],
    }).returning('id').executeTakeFirstOrThrow();
    own.push({ kind: 'content', id: Number(row.id) });
  }

  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const insertTask = async (text: { title: string; summary: string; body: string }, v: {
    start: Date; end: Date | null; mode?: 'personal' | 'team'; rule?: 'all' | 'at_least'; min?: number; points: number; isPublic?: boolean;
  }) => Number((await trx.insertInto('task').values({
    tenant_id: tenantId, category_id: shape.category_id, title: text.title, cover: shape.cover, summary: text.summary, body: text.body,
    publish_time: at(-3), start_time: v.start, end_time: v.end, points: v.points, is_public: v.isPublic ?? true, mode: v.mode ?? 'personal',
    finish_rule: v.rule ?? 'all', finish_min: v.rule === 'at_least' ? (v.min ?? 1) : null, join_count: 0,
  }).returning('id').executeTakeFirstOrThrow()).id);

  const openId = await insertTask(t.open, { start: at(-3), end: at(30), points: 20 });
  await addContents(trx, tenantId, openId, own);
  const upcomingId = await insertTask(t.upcoming, { start: at(7), end: at(37), points: 30 });
  const upcomingItems: Item[] = [];
  if (courses[0]) upcomingItems.push({ kind: 'course', id: Number(courses[0].id) });
  if (exams[0]) upcomingItems.push({ kind: 'exam', id: Number(exams[0].id) });
  await addContents(trx, tenantId, upcomingId, upcomingItems);
  const closedId = await insertTask(t.closed, { start: at(-40), end: at(-10), points: 10 });
  await addContents(trx, tenantId, closedId, [pick(contents, 5), pick(contents, 6)].filter((c) => c !== undefined).map((c) => ({ kind: 'content' as const, id: Number(c.id) })));
  const teamId = await insertTask(t.team, { start: at(-5), end: at(20), mode: 'team', points: 40, isPublic: true });
  await addContents(trx, tenantId, teamId, [pick(contents, 7), pick(contents, 8), pick(contents, 9)].filter((c) => c !== undefined).map((c) => ({ kind: 'content' as const, id: Number(c.id) })));
  const atLeastId = await insertTask(t.atLeast, { start: at(-1), end: at(2), rule: 'at_least', min: 2, points: 15 });
  await addContents(trx, tenantId, atLeastId, [pick(contents, 10), pick(contents, 11), pick(contents, 12)].filter((c) => c !== undefined).map((c) => ({ kind: 'content' as const, id: Number(c.id) })), () => false);

  if (!learner) return;
  await trx.insertInto('task_assignee').values([openId, upcomingId, closedId, atLeastId].map((task_id) => ({ tenant_id: tenantId, task_id, user_id: Number(learner.id), assigned_at: at(-3) }))).execute();
  const team = await trx.insertInto('task_team').values({ tenant_id: tenantId, task_id: teamId, name: t.teamName }).returning('id').executeTakeFirstOrThrow();
  await trx.insertInto('task_team_member').values([
    { tenant_id: tenantId, team_id: team.id, user_id: Number(learner.id), role: 'leader' as const },
    ...(student1 ? [{ tenant_id: tenantId, team_id: team.id, user_id: Number(student1.id), role: 'member' as const }] : []),
  ]).execute();
  // The learner has started the team task and joined the pick-two task; student1 has joined the team task too.
  const joins = [
    { task_id: teamId, user_id: Number(learner.id), team_id: Number(team.id), state: 'started' as const, joined_at: at(-4), started_at: at(-4) },
    { task_id: atLeastId, user_id: Number(learner.id), team_id: null, state: 'joined' as const, joined_at: at(-1), started_at: null },
    ...(student1 ? [{ task_id: teamId, user_id: Number(student1.id), team_id: Number(team.id), state: 'joined' as const, joined_at: at(-3), started_at: null }] : []),
  ];
  await trx.insertInto('user_task').values(joins.map((j) => ({ tenant_id: tenantId, ...j }))).execute();
  for (const [taskId, n] of [[teamId, student1 ? 2 : 1], [atLeastId, 1]] as const) {
    await trx.updateTable('task').set({ join_count: n }).where('tenant_id', '=', tenantId).where('id', '=', taskId).execute();
  }
}
