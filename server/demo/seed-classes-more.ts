import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';

// The demo rows of migration 0022 (issue 17), per new tenant, after the classes and their members
// (seed-classes.ts) inside the tenant's seed transaction. Every class gets: phases opening a week
// apart (open_day 0, 7, 14), two notices, weekly lesson sessions (the first on the class start, one
// of them in a classroom with a 500 m sign-in radius) with sign-ins by most members for those past,
// a running class also a daily check-in (08:00–20:00 Beijing time, two weeks from the seed) so the demo can sign in,
// a few members' comments and a circle post with a reply. Members of finished classes are assessed.
// Deterministic: same classes, same rows.

const WORDS = {
  zh: {
    notices: [['开班通知', '欢迎加入本期培训班，请按课程安排按时学习，每次课前 30 分钟开放签到。'], ['学习安排', '每周一开放新阶段的课程，学习记录会计入班级统计。']],
    lesson: (n: number) => `第${n}次课`, checkIn: (d: string) => `${d} 每日打卡`, classroom: '培训中心 302 教室',
    comments: ['课程安排很紧凑，收获很大。', '老师讲得很清楚，案例很实用。', '希望多一些练习时间。'],
    post: '大家第一阶段学得怎么样？有问题可以在这里交流。', reply: '第二节课的案例值得再看一遍。',
    assess: '学习认真，按时完成课程。',
  },
  en: {
    notices: [['Welcome to the class', 'Please follow the schedule; sign-in opens 30 minutes before each session.'], ['Study plan', 'A new phase opens every week; your study time counts in the class statistics.']],
    lesson: (n: number) => `Session ${n}`, checkIn: (d: string) => `Daily check-in ${d}`, classroom: 'Training centre, room 302',
    comments: ['A tight schedule, and I learned a lot.', 'Clear explanations and useful cases.', 'More time for exercises would help.'],
    post: 'How is the first phase going? Ask your questions here.', reply: 'The case in the second lesson is worth a second look.',
    assess: 'Studied steadily and finished the courses on time.',
  },
} as const;

const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);
const DAY = 86_400_000;
/** The demo classroom (Beijing, Zhongguancun) and its sign-in radius. */
const CLASSROOM = { latitude: 39.9836, longitude: 116.3164, radius: 500 };

/** Writes the rows above for every class of the tenant; returns how many sessions were written. */
export async function seedClassesMore(trx: Transaction<DB>, tenantId: number, now = new Date()): Promise<number> {
  const w = WORDS[ENGLISH_TENANTS.has(tenantId) ? 'en' : 'zh'];
  // Explicit tenant filters: the owner connection may be a superuser, which row-level security does not bind.
  await sql`update classes_phase set open_day = sort * 7 where tenant_id = ${tenantId}`.execute(trx);
  const classes = await trx.selectFrom('training_class').select(['id', 'start_time', 'end_time']).where('tenant_id', '=', tenantId).orderBy('id').execute();
  const members = await trx.selectFrom('classes_member').select(['classes_id', 'user_id']).where('tenant_id', '=', tenantId).where('state', '=', 1)
    .orderBy('classes_id').orderBy('enrolled_at').execute();
  const teacherRow = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'teacher').executeTakeFirst();
  let sessions = 0;

  for (const [i, c] of classes.entries()) {
    const classesId = Number(c.id);
    const mine = members.filter((m) => Number(m.classes_id) === classesId).map((m) => Number(m.user_id));
    await trx.insertInto('classes_notice').values(w.notices.map(([title, body], k) => ({
      tenant_id: tenantId, classes_id: classesId, title, summary: body, body: `<p>${body}</p>`, top: k === 0,
      publish_time: new Date(Math.min(c.start_time.getTime(), now.getTime()) - (2 - k) * DAY),
    }))).execute();

    // Weekly sessions from the start to the end (at most six), the second in the classroom.
    const lessons = [];
    for (let k = 0; k < 6 && c.start_time.getTime() + k * 7 * DAY <= c.end_time.getTime(); k += 1) {
      lessons.push({
        tenant_id: tenantId, classes_id: classesId, title: w.lesson(k + 1), start_time: new Date(c.start_time.getTime() + k * 7 * DAY),
        ...(k === 1 ? { place: w.classroom, ...CLASSROOM } : {}),
      });
    }
    if (c.start_time <= now && now <= c.end_time) {
      // A daily check-in for the running class: 08:00 Beijing (00:00 UTC) with a 12-hour window, today and the next 14 days.
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      for (let d = 0; d <= 14 && today + d * DAY <= c.end_time.getTime(); d += 1) {
        const day = new Date(today + d * DAY);
        lessons.push({ tenant_id: tenantId, classes_id: classesId, title: w.checkIn(day.toISOString().slice(0, 10)), start_time: day, after_minutes: 720 });
      }
    }
    if (lessons.length) {
      const written = await trx.insertInto('classes_attendance_session').values(lessons).returning(['id', 'start_time', 'after_minutes']).execute();
      sessions += written.length;
      // Sign-ins of past lessons by most members (every fourth skips one), in the window.
      const logs = written.filter((s) => s.start_time < now && s.after_minutes < 720)
        .flatMap((s, k) => mine.filter((_, j) => (j + k) % 4 !== 3).map((userId, j) => ({
          tenant_id: tenantId, session_id: Number(s.id), user_id: userId, classes_id: classesId,
          signed_at: new Date(s.start_time.getTime() - (5 + j) * 60_000),
        })));
      if (logs.length) await trx.insertInto('classes_attendance_log').values(logs).execute();
    }

    const authors = mine.slice(0, 3);
    if (authors.length) {
      await trx.insertInto('classes_comment').values(authors.map((userId, k) => ({
        tenant_id: tenantId, classes_id: classesId, user_id: userId, content: w.comments[(i + k) % w.comments.length]!, score: 5 - ((i + k) % 2),
        created_at: new Date(Math.min(now.getTime(), c.start_time.getTime() + (k + 1) * DAY) - 3_600_000),
      }))).execute();
      const post = await trx.insertInto('classes_circle_post').values({
        tenant_id: tenantId, classes_id: classesId, user_id: authors[0]!, parent_id: null, content: w.post,
        created_at: new Date(Math.min(now.getTime(), c.start_time.getTime() + DAY) - 7_200_000),
      }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('classes_circle_post').values({
        tenant_id: tenantId, classes_id: classesId, user_id: authors[authors.length - 1]!, parent_id: Number(post.id), content: w.reply,
        created_at: new Date(Math.min(now.getTime(), c.start_time.getTime() + DAY) - 3_600_000),
      }).execute();
    }

    if (c.end_time < now && teacherRow && mine.length) {
      await trx.insertInto('classes_member_assess').values(mine.map((userId, k) => ({
        tenant_id: tenantId, classes_id: classesId, user_id: userId, score: 70 + ((k * 7 + i) % 30), passed: true, comment: w.assess,
        assessor_id: Number(teacherRow.id), assessed_at: c.end_time,
      }))).execute();
    }
  }
  return sessions;
}
