// Issue 20 part S (made-to-order requests and applications to open a shop): the demo rows. Runs once per new tenant inside its seed
// transaction, after issue 19's seeds (server/demo/seed.ts). On demo, shop, acme and campus: three
// kinds made to order (a training programme, a course for a company, a custom book), made by the
// tenant's first open merchant (a tenant without one gets its own made-to-order store); the demo
// `learner` has one quoted request (with messages both ways) and one waiting for a quote. On shop
// the learner also has a pending application to open a shop (demo's learner applies in the e2e
// journey). Texts in the tenant's language (acme, 1002, is English). Explicit tenant filters: the
// owner may be a superuser, which row-level security does not bind.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';

const SEEDED = new Set([1001, 1002, 1003, 1533]);
const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);

const TEXTS = {
  zh: {
    store: { name: '定制服务中心', summary: '承接企业内训、定制课程与定制图书，从需求沟通到交付一站完成。' },
    kinds: [
      { code: 'training', title: '企业内训方案', summary: '按贵单位的岗位与目标，定制培训计划、课程安排与考核方式。', leadDays: 30 },
      { code: 'company_course', title: '企业定制课程', summary: '把贵公司的制度、产品或技能做成线上课程，含视频录制、课件与习题。', leadDays: 45 },
      { code: 'custom_book', title: '定制图书', summary: '纪念册、校本教材、企业读本：从内容编排、排版设计到印刷装订。', leadDays: 21 },
    ],
    quoted: {
      title: '班级毕业纪念册', contact: '李同学',
      description: '为 45 人的毕业班制作纪念册：每人一页照片和寄语，另有 10 页活动照片。A4 横版，精装，共印 50 本。',
      note: '含排版设计两轮修改、精装印刷 50 本和快递费用。确认后 3 天内给出版式初稿。',
      messages: ['照片大约有 300 张，可以帮忙挑选吗？', '可以，挑选和调色都包含在报价里，请把照片打包上传或发到我们的邮箱。'],
    },
    submitted: {
      title: '新员工安全生产培训', contact: '李同学',
      description: '为 30 名新入职的车间员工安排为期两天的安全生产培训，需要包含现场演练和结业考试。',
    },
    application: {
      shopName: '书香文具小铺', contact: '张读者',
      description: '经营学生文具、手账本和读书周边，货源来自本地文具厂，支持开学季批量采购。',
    },
  },
  en: {
    store: { name: 'Made-to-order studio', summary: 'Training programmes, company courses and custom books, from the first brief to delivery.' },
    kinds: [
      { code: 'training', title: 'Training programme', summary: 'A training plan, schedule and assessment built around your teams\' roles and goals.', leadDays: 30 },
      { code: 'company_course', title: 'Course for your company', summary: 'Your policies, products or skills as an online course, with video, slides and quizzes.', leadDays: 45 },
      { code: 'custom_book', title: 'Custom book', summary: 'Yearbooks, handbooks and readers: editing, layout, printing and binding.', leadDays: 21 },
    ],
    quoted: {
      title: 'Team yearbook 2026', contact: 'Alex Learner',
      description: 'A yearbook for our 45-person team: one page per person with a photo and a message, plus 10 pages of event photos. A4 landscape, hardcover, 50 copies.',
      note: 'Includes two rounds of layout changes, 50 hardcover copies and shipping. First draft within 3 days of acceptance.',
      messages: ['We have about 300 photos. Can you help choose them?', 'Yes, choosing and retouching are included in the quote. Please upload the photos as one archive.'],
    },
    submitted: {
      title: 'Safety induction for new staff', contact: 'Alex Learner',
      description: 'A two-day safety induction for 30 new workshop staff, with a hands-on drill and a final test.',
    },
    application: {
      shopName: 'Inkwell Stationery', contact: 'Alex Learner',
      description: 'Student stationery, planners and reading accessories from local makers, with bulk orders for the new school year.',
    },
  },
};

export async function seedMake(trx: Transaction<DB>, tenantId: number): Promise<void> {
  if (!SEEDED.has(tenantId)) return;
  const tx = ENGLISH_TENANTS.has(tenantId) ? TEXTS.en : TEXTS.zh;
  const tenant_id = tenantId;

  const merchant = await trx.selectFrom('provider').select(['id', 'name']).where('tenant_id', '=', tenantId)
    .where('org_type', '=', 'MERCHANT').where('state', '=', 0).orderBy('sort').orderBy('id').executeTakeFirst();
  let store = merchant;
  if (!store) {
    const last = await trx.selectFrom('provider').select(sql<number>`coalesce(max(sort), -1)::int`.as('sort')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    const made = await trx.insertInto('provider').values({
      tenant_id, name: tx.store.name, logo: null, summary: tx.store.summary, org_type: 'MERCHANT', org_path: `/${tenantId}/make`, state: 0, sort: last.sort + 1,
    }).returning(['id', 'name']).executeTakeFirstOrThrow();
    store = made;
  }
  const kinds = await trx.insertInto('make_kind').values(tx.kinds.map((k, i) => ({
    tenant_id, provider_id: store.id, code: k.code, title: k.title, summary: k.summary, lead_days: k.leadDays, sort: i,
  }))).returning(['id', 'code']).execute();
  const kindId = (code: string) => kinds.find((k) => k.code === code)!.id;

  const learner = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  if (!learner) return;
  const staff = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('admin_auth', '=', true).orderBy('id').executeTakeFirst();
  const phone = ENGLISH_TENANTS.has(tenantId) ? '+44 20 7946 0958' : '13800138000';

  const quoted = await trx.insertInto('make_request').values({
    tenant_id, user_id: learner.id, kind_id: kindId('custom_book'), title: tx.quoted.title, description: tx.quoted.description,
    budget_min: 3000, budget_max: 5000, deadline: sql<string>`current_date + 60`, contact_name: tx.quoted.contact, contact_phone: phone,
    state: 'quoted', quote_price: 4200, quote_delivery: sql<string>`current_date + 45`, quote_note: tx.quoted.note,
    quoted_at: sql<Date>`now() - interval '1 day'`, quoted_by: staff?.id ?? null,
    created_at: sql<Date>`now() - interval '3 days'`, updated_at: sql<Date>`now() - interval '1 day'`,
  }).returning('id').executeTakeFirstOrThrow();
  const [ask, answer] = tx.quoted.messages;
  await trx.insertInto('make_message').values([
    { tenant_id, request_id: quoted.id, user_id: learner.id, from_staff: false, body: ask!, created_at: sql<Date>`now() - interval '2 days'` },
    // The answer needs a back-office author; a tenant without one shows the learner's question alone.
    ...(staff ? [{ tenant_id, request_id: quoted.id, user_id: staff.id, from_staff: true, body: answer!, created_at: sql<Date>`now() - interval '1 day'` }] : []),
  ]).execute();

  await trx.insertInto('make_request').values({
    tenant_id, user_id: learner.id, kind_id: kindId('training'), title: tx.submitted.title, description: tx.submitted.description,
    budget_min: 8000, budget_max: 15000, deadline: sql<string>`current_date + 30`, contact_name: tx.submitted.contact, contact_phone: phone,
    created_at: sql<Date>`now() - interval '1 day'`, updated_at: sql<Date>`now() - interval '1 day'`,
  }).execute();

  if (tenantId === 1003 || tenantId === 1002) {
    await trx.insertInto('store_application').values({
      tenant_id, user_id: learner.id, shop_name: tx.application.shopName, org_type: 'MERCHANT', contact_name: tx.application.contact,
      contact_phone: phone, licence_no: '91310000MA1K4XYZ2B', description: tx.application.description,
    }).execute();
  }
}
