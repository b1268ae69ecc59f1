// Issue 19 part H (learners' shared articles, notices by user, topics and affairs): the demo rows. Runs once per new tenant inside its seed
// transaction, after issue 18's seeds (server/demo/seed.ts). On every tenant with the demo `learner`:
// two articles of theirs (one published on /share, one draft), the oldest tenant notice read (so
// myNotice shows read and unread), a topic page of the tenant's own courses, contents, exams and
// classes, and an affair asking for a read receipt whose text links the topic (myNotice lists the
// affair). Texts in the tenant's language (acme, 1002, is English). Explicit tenant filters: the
// owner may be a superuser, which row-level security does not bind.
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import { sanitizeRichTextHtml } from '../lib/rich-text';
import { RICH_TEXT_POLICY_VERSION } from '../../schemas/rich-text-policy';

const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);
const DAY = 24 * 3600_000;

const TEXTS = {
  zh: {
    published: {
      title: '我的第一篇学习分享：用番茄钟坚持每天学习',
      body: '<h2>为什么要用番茄钟</h2><p>工作忙的时候，学习常常被挤掉。我试了一个月<strong>番茄工作法</strong>：每天午休后学习两个番茄钟（各 25 分钟）。</p>'
        + '<ul><li>先定好这两个番茄钟学哪一节课；</li><li>学完在学习记录里看一眼当天的时长；</li><li>周末把没学完的补上。</li></ul>'
        + '<blockquote>坚持比时长更重要。</blockquote><p>一个月下来学完了两门课，推荐大家试试。</p>',
    },
    draft: {
      title: '草稿：安全生产课程的三点体会',
      body: '<p>第一，隐患排查要有清单；第二，<em>演练</em>要真练；第三……（还没写完）</p>',
    },
    topic: {
      title: '2026 年度学习月专题',
      subtitle: '精选课程、微课、考试和培训班，一页学完本月重点',
      intro: '<p>本专题汇集了学习月期间推荐的<strong>课程</strong>、<strong>微课</strong>、<strong>考试</strong>和<strong>培训班</strong>。按顺序学习，月底参加结业考试。</p>',
      sections: ['推荐课程', '精选微课', '月末考试', '配套培训班'],
    },
    affair: {
      title: '关于开展 2026 年度学习月活动的通知',
      issuer: '培训中心',
      docNo: '培训〔2026〕12 号',
      body: (topicId: number) => '<p>各部门、各位学员：</p><p>为提升全员业务能力，培训中心决定于本月开展<strong>年度学习月</strong>活动。现将有关事项通知如下：</p>'
        + '<ol><li>活动时间：本月 1 日至月底；</li><li>学习内容：见<a href="/study/topic/detail/' + String(topicId) + '">学习月专题页</a>；</li>'
        + '<li>考核方式：月末参加专题中的结业考试。</li></ol><p>请各位学员阅读后点击“确认已读”。附件为活动安排，请下载查看。</p>',
      attachment: '学习月活动安排.pdf',
    },
  },
  en: {
    published: {
      title: 'My first study share: a daily habit with the Pomodoro technique',
      body: '<h2>Why Pomodoro</h2><p>When work gets busy, study is the first thing to go. For a month I tried the <strong>Pomodoro technique</strong>: two 25-minute sessions after lunch every day.</p>'
        + '<ul><li>Pick the lesson for both sessions in advance;</li><li>Check the day\'s time in the study record afterwards;</li><li>Catch up at the weekend.</li></ul>'
        + '<blockquote>Keeping at it matters more than hours.</blockquote><p>I finished two courses in a month. Give it a try.</p>',
    },
    draft: {
      title: 'Draft: three takeaways from the safety course',
      body: '<p>First, hazard checks need a checklist; second, <em>drills</em> must be real; third… (not finished yet)</p>',
    },
    topic: {
      title: 'Learning Month 2026',
      subtitle: 'Selected courses, lessons, exams and classes: this month\'s essentials on one page',
      intro: '<p>This topic gathers the <strong>courses</strong>, <strong>lessons</strong>, <strong>exams</strong> and <strong>classes</strong> recommended for Learning Month. Work through them in order and sit the final exam at the end of the month.</p>',
      sections: ['Recommended courses', 'Selected lessons', 'Final exam', 'Classes'],
    },
    affair: {
      title: 'Notice on Learning Month 2026',
      issuer: 'Training Center',
      docNo: 'TC-2026-12',
      body: (topicId: number) => '<p>To all departments and learners:</p><p>The Training Center runs <strong>Learning Month</strong> this month. The arrangements are:</p>'
        + '<ol><li>When: from the 1st to the end of this month;</li><li>What: see the <a href="/study/topic/detail/' + String(topicId) + '">Learning Month topic page</a>;</li>'
        + '<li>Assessment: the final exam listed on the topic page.</li></ol><p>Please confirm you have read this notice. The schedule is attached.</p>',
      attachment: 'Learning Month schedule.pdf',
    },
  },
};

/** Published rows of one catalogue table of this tenant, first few by id. */
async function firstIds(trx: Transaction<DB>, tenantId: number, table: 'course' | 'content' | 'exam' | 'training_class', n: number): Promise<number[]> {
  const rows = await trx.selectFrom(table).select('id').where('tenant_id', '=', tenantId).where('state', '=', 1).orderBy('id').limit(n).execute();
  return rows.map((r) => r.id);
}

/** Seeds one tenant's sharing rows; nothing when it has no demo learner. */
export async function seedSharing(trx: Transaction<DB>, tenantId: number, now = new Date()): Promise<void> {
  const learner = await trx.selectFrom('user_account').select(['id', 'nick_name', 'real_name', 'account'])
    .where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  if (!learner) return;
  const t = ENGLISH_TENANTS.has(tenantId) ? TEXTS.en : TEXTS.zh;
  const author = learner.nick_name?.trim() || learner.real_name?.trim() || learner.account;

  // The learner's articles: one published (on /share), one draft; the text sanitised as a save would.
  for (const [a, state, daysAgo] of [[t.published, 1, 3], [t.draft, 0, 1]] as const) {
    const body = await sanitizeRichTextHtml(a.body);
    const at = new Date(now.getTime() - daysAgo * DAY);
    await trx.insertInto('article').values({
      tenant_id: tenantId, kind: 'share', owner_id: learner.id, author, title: a.title, body, body_policy: RICH_TEXT_POLICY_VERSION,
      summary: body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120), state, publish_time: at, updated_at: at,
      category_id: null, cover: null, view_count: state === 1 ? 36 : 0, favour_count: state === 1 ? 5 : 0,
    }).execute();
  }

  // The oldest tenant notice is read: myNotice shows both states.
  const oldest = await trx.selectFrom('notice').select('id').where('tenant_id', '=', tenantId).where('state', '=', 1)
    .orderBy('publish_time').orderBy('id').limit(1).executeTakeFirst();
  if (oldest) await trx.insertInto('notice_read').values({ tenant_id: tenantId, user_id: learner.id, notice_id: oldest.id }).execute();

  // A topic of the tenant's own catalogue; sections whose kind the tenant lacks stay out.
  const topic = await trx.insertInto('topic').values({
    tenant_id: tenantId, title: t.topic.title, subtitle: t.topic.subtitle, intro: t.topic.intro, banner: null,
    publish_time: new Date(now.getTime() - 5 * DAY),
  }).returning('id').executeTakeFirstOrThrow();
  const kinds = [['course', 'course', 4], ['content', 'content', 4], ['exam', 'exam', 2], ['classes', 'training_class', 2]] as const;
  for (const [k, [kind, table, n]] of kinds.entries()) {
    const ids = await firstIds(trx, tenantId, table, n);
    if (ids.length === 0) continue;
    const section = await trx.insertInto('topic_section').values({ tenant_id: tenantId, topic_id: topic.id, title: t.topic.sections[k]!, sort: k })
      .returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('topic_item').values(ids.map((ref_id, sort) => ({ tenant_id: tenantId, section_id: section.id, kind, ref_id, sort }))).execute();
  }

  // An affair asking for a read receipt; its attachment is one of the tenant's own seeded PDFs.
  const pdf = await trx.selectFrom('content').select('media_url').where('tenant_id', '=', tenantId).where('kind', '=', 'pdf')
    .where('media_url', 'like', '/uploads/%').orderBy('id').limit(1).executeTakeFirst();
  await trx.insertInto('affair').values({
    tenant_id: tenantId, title: t.affair.title, issuer: t.affair.issuer, doc_no: t.affair.docNo, body: t.affair.body(topic.id),
    attachments: JSON.stringify(pdf?.media_url ? [{ name: t.affair.attachment, url: pdf.media_url, size: 0 }] : []),
    need_confirm: true, confirm_deadline: new Date(now.getTime() + 10 * DAY), publish_time: new Date(now.getTime() - 2 * DAY),
  }).execute();
}
