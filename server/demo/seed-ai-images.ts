// Issue 21 part E (writing help, image generation, the gallery, custom parameters and saved styles): the demo rows. Runs once per new tenant inside its seed
// transaction, after issue 20's seeds (server/demo/seed.ts). Every tenant gets three preset styles
// in its language (acme, 1002, is English); the learner of each tenant one style of their own and
// one writing run, an outline the offline rules made of the course they studied (so /robot/text's
// history and /mjpic/training show real rows). No generated image is faked: galleries start empty.
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import { offlineWriting } from '../lib/ai/offline-writing';
import { courseText } from '../modules/cm/ai-writing-repository';

const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);

const PRESETS = {
  zh: [
    { name: '水彩', prompt: '水彩画风格，柔和的颜色晕染，纸张纹理，留白，明亮清新' },
    { name: '扁平插画', prompt: '扁平插画风格，简洁的几何形状，纯色块，无阴影，适合课件配图' },
    { name: '板书手绘', prompt: '黑板粉笔手绘风格，白色和彩色粉笔线条，像老师在课堂板书上画的示意图' },
  ],
  en: [
    { name: 'Watercolour', prompt: 'watercolour painting, soft washes of colour, paper texture, white space, bright and fresh' },
    { name: 'Flat illustration', prompt: 'flat illustration, simple geometric shapes, solid colours, no shadows, suited to slides' },
    { name: 'Chalkboard', prompt: 'chalk drawing on a blackboard, white and coloured chalk lines, like a teacher\'s diagram in class' },
  ],
} as const;

const OWN_STYLE = {
  zh: { name: '课堂笔记', prompt: '手账笔记风格，方格纸背景，彩色荧光笔标注重点，简单的小图标' },
  en: { name: 'Class notes', prompt: 'bullet-journal notes, squared paper, highlighter marks on the key points, small simple icons' },
} as const;

export async function seedAiImages(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const lang = ENGLISH_TENANTS.has(tenantId) ? 'en' : 'zh';
  await trx.insertInto('ai_style').values(PRESETS[lang].map((s) => ({ tenant_id: tenantId, user_id: null, name: s.name, prompt: s.prompt }))).execute();

  const learner = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  if (!learner) return;
  const userId = Number(learner.id);
  await trx.insertInto('ai_style').values({ tenant_id: tenantId, user_id: userId, ...OWN_STYLE[lang] }).execute();

  // The course the learner studied most recently (seed-archives.ts), outlined by the offline rules.
  const studied = await trx.selectFrom('study_record').select('course_id')
    .where('tenant_id', '=', tenantId).where('user_id', '=', userId).where('course_id', 'is not', null)
    .orderBy('updated_at', 'desc').limit(1).executeTakeFirst();
  if (!studied?.course_id) return;
  const source = await courseText(trx, Number(studied.course_id));
  if (!source || [...source.text].length < 20) return;
  const result = offlineWriting({ kind: 'outline' }, source.text, lang);
  await trx.insertInto('ai_writing_run').values({
    tenant_id: tenantId, user_id: userId, tool: 'outline', tone: null, source_kind: 'course', source_id: Number(studied.course_id),
    source_title: source.title.slice(0, 200), input_chars: [...source.text].length, output: result.text, engine: 'offline', note: result.note,
    created_at: new Date(Date.now() - 2 * 3600_000),
  }).execute();
}
