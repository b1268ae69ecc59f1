// Issue 21 part F (AI credits, their ledger and top-ups through the shop, and the digital human): the demo rows. Runs once per new tenant inside its seed
// transaction, after issue 20's seeds (server/demo/seed.ts). docs/ai.md F.
// Every tenant: its credit rules, and each `learner` an account with the welcome grant and a short
// history (texts in the tenant's language; acme, 1002, is English). The `ai` tenant (1004) also gets
// a small shop: one provider selling three credits packages (product type 13 with ai_credits), and
// richer rules (three free answers a day, a bigger welcome grant).
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import { PRODUCT_TYPE } from '../lib/purposes';

const AI_TENANT = 1004;
const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);

/** The packages the ai tenant sells: 100 点 ¥9.9, 500 点 ¥39, 1200 点 ¥79 (docs/ai.md F). */
export const AI_PACKAGES = [
  { credits: 100, price: 9.9, retail: null, title: 'AI 点数 100 点', summary: '约可提问 100 次，适合体验。' },
  { credits: 500, price: 39, retail: 49.5, title: 'AI 点数 500 点', summary: '常用之选：问答、写作与学习计划都够用。' },
  { credits: 1200, price: 79, retail: 118.8, title: 'AI 点数 1200 点', summary: '重度使用：含绘图在内长期够用，单价最低。' },
] as const;

interface Entry {
  kind: 'grant' | 'charge' | 'refund' | 'adjust';
  use?: 'answer' | 'image' | 'application' | 'writing' | 'speech';
  units?: number;
  amount: number;
  note: [zh: string, en: string];
  daysAgo: number;
  /** For a refund: the index of the charge it gives back. */
  refundOf?: number;
}

/** A learner's history, oldest first; the welcome grant's amount is the tenant's rule. */
function history(welcome: number): Entry[] {
  return [
    { kind: 'grant', amount: welcome, note: ['新用户赠送 AI 点数', 'Welcome credits'], daysAgo: 6 },
    { kind: 'charge', use: 'answer', amount: -1, note: ['AI 对话：如何制定复习计划', 'AI chat: how to plan revision'], daysAgo: 6 },
    { kind: 'charge', use: 'writing', amount: -2, note: ['写作助手：读书笔记提纲', 'Writing help: outline of reading notes'], daysAgo: 5 },
    { kind: 'charge', use: 'image', units: 2, amount: -8, note: ['AI 绘图：2 张', 'Drawing: 2 images'], daysAgo: 4 },
    { kind: 'refund', use: 'image', units: 2, amount: 8, note: ['生成失败，退回点数', 'Generation failed; credits returned'], daysAgo: 4, refundOf: 3 },
    { kind: 'charge', use: 'application', amount: -2, note: ['学习计划：7 天', 'Study plan: 7 days'], daysAgo: 3 },
    { kind: 'adjust', amount: 20, note: ['活动奖励：学习打卡满 7 天', 'Reward: 7 days of study in a row'], daysAgo: 2 },
    { kind: 'charge', use: 'answer', amount: -1, note: ['AI 对话：英语作文开头怎么写', 'AI chat: how to open an essay'], daysAgo: 1 },
  ];
}

export async function seedAiCredits(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const english = ENGLISH_TENANTS.has(tenantId);
  const ai = tenantId === AI_TENANT;
  const welcome = ai ? 100 : 50;
  await trx.insertInto('ai_credit_rule').values({
    tenant_id: tenantId, price_answer: 1, price_image: 4, price_application: 2, price_writing: 2, price_speech: 1,
    welcome_grant: welcome, daily_free_answers: ai ? 3 : 0,
  }).execute();

  if (ai) {
    const provider = await trx.insertInto('provider').values({
      tenant_id: tenantId, name: 'AI 学伴官方', logo: '/uploads/seed/ai-logo.svg', summary: 'AI 学伴的点数充值。', org_type: 'MERCHANT', org_path: `/${tenantId}`, state: 0, sort: 0,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('product').values(AI_PACKAGES.map((p) => ({
      tenant_id: tenantId, category_id: null, title: p.title, cover: '/uploads/seed/ai-logo.svg', summary: p.summary,
      provider_id: provider.id, type: PRODUCT_TYPE.aiCredits, price: p.price, retail_price: p.retail, stock: 9999, sales_count: 0,
      description: `${p.summary}\n\n支付成功后 ${p.credits} 点立即到账，可在「充值」页查看明细。点数未使用时可申请退款；已使用的不能退款。`,
      images: [], specs: JSON.stringify([{ name: '点数', value: String(p.credits) }, { name: '有效期', value: '长期有效' }]), ai_credits: p.credits,
    }))).execute();
  }

  const learners = await trx.selectFrom('user_account').select('id')
    .where('tenant_id', '=', tenantId).where('account', '=', 'learner').execute();
  const tenant = await trx.selectFrom('tenant').select('time_zone').where('id', '=', tenantId).executeTakeFirst();
  const timeZone = tenant?.time_zone ?? 'Asia/Shanghai';
  for (const learner of learners) {
    const entries = history(welcome);
    await trx.insertInto('ai_credit_account').values({ tenant_id: tenantId, user_id: learner.id, balance: 0 }).execute();
    let balance = 0;
    const ids: number[] = [];
    for (const e of entries) {
      balance += e.amount;
      const at = new Date(Date.now() - e.daysAgo * 86_400_000);
      const row = await trx.insertInto('ai_credit_ledger').values({
        tenant_id: tenantId, user_id: learner.id, kind: e.kind, use: e.use ?? null, units: e.units ?? 1, amount: e.amount, balance_after: balance,
        note: english ? e.note[1] : e.note[0], order_id: null, refund_of: e.refundOf === undefined ? null : ids[e.refundOf]!, admin_id: null,
        day: at.toLocaleDateString('en-CA', { timeZone }), created_at: at,
      }).returning('id').executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    await trx.updateTable('ai_credit_account').set({ balance, updated_at: new Date() })
      .where('tenant_id', '=', tenantId).where('user_id', '=', learner.id).execute();
  }
}
