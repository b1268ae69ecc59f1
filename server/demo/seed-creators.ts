// Issue 20 part V (creators' works, chapters, review and the content authoring calls): the demo rows.
// Runs once per new tenant inside its seed transaction, after part U's reading platform
// (server/demo/seed.ts). On every tenant with the demo `learner` and reading categories (not ai): the learner's pen name (part U's
// author row) and four works of theirs, one in each state myWorks shows: published (readable at
// /content/noval/{id}, on the author page), in review (the teachers' work review lists it), rejected
// with the reviewer's reason, and a draft. Texts in the tenant's language (acme, 1002, is English).
// Explicit tenant filters: the seeding owner may be a superuser that row-level security does not bind.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import { htmlWords, partTextUrl } from '../modules/cm/authoring-part-repository';

const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);
const DAY = 86_400_000;

type State = 'published' | 'pending' | 'rejected' | 'draft';
interface SeedWork { title: string; intro: string; purpose: 5 | 7; state: State; reason?: string; chapters: [string, string[]][] }

const p = (lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

const ZH = {
  penName: '林间小鹿',
  works: [
    {
      title: '山城夜雨', intro: '一座被雨水包围的山城，一个在旧书店打工的少女，和一封寄错了二十年的信。', purpose: 7, state: 'published',
      chapters: [
        ['第一章 雨夜来信', ['山城的雨总是在傍晚落下，像是约好了一样。', '林小满把最后一摞旧书搬进店里时，门口的铃铛响了。邮差递来一封泛黄的信，收信人一栏写着一个她从没听过的名字。', '<strong>“寄错了吧？”</strong>她问。邮差只是摇头：“地址没错，是二十年前的地址。”']],
        ['第二章 旧书店的主人', ['书店的老板姓周，是个总戴着老花镜的老人。', '他看了那封信很久，久到窗外的雨都停了，才轻轻说了一句：“她终于回信了。”']],
        ['第三章 山路尽头', ['第二天一早，小满循着信封上的邮戳，走上了通往半山的石阶。', '雾气里，她看见一扇刷着绿漆的木门，门牌上的字和信封上的一模一样。']],
      ],
    },
    {
      title: '星河旅人', intro: '一艘迷航的飞船，一位失去记忆的领航员，和一张只画了一半的星图。', purpose: 7, state: 'pending',
      chapters: [
        ['第一章 醒来', ['警报声把陈远从冬眠舱里拽了出来。', '舷窗外没有一颗他认得的星星。']],
        ['第二章 半张星图', ['控制台上只留下一张星图，右半边被人用力撕去了。', '“有人不想让我们回家。”副官低声说。']],
      ],
    },
    {
      title: '旧书店的猫', intro: '一只会挑书的猫，和每个来买书的人的故事。', purpose: 5, state: 'rejected',
      reason: '第一章篇幅太短，情节还没有展开；请补充到 1500 字以上，并给每一章起一个标题后再提交。',
      chapters: [['第一章', ['猫叫阿黄，每天趴在同一本书上睡觉。']]],
    },
    {
      title: '海边的信', intro: '写给十年后的自己。', purpose: 5, state: 'draft',
      chapters: [['第一章 潮汐', ['今天的海很安静，我把想说的话写在沙滩上，等潮水来读。']]],
    },
  ] satisfies SeedWork[],
};

const EN = {
  penName: 'Maple Quill',
  works: [
    {
      title: 'Rain over the Hill Town', intro: 'A hill town wrapped in rain, a girl who works in a second-hand bookshop, and a letter delivered twenty years late.', purpose: 7, state: 'published',
      chapters: [
        ['Chapter 1: A Letter in the Rain', ['In the hill town the rain always came at dusk, as if by appointment.', 'Mia was carrying the last stack of old books inside when the bell over the door rang. The postman held out a yellowed envelope addressed to a name she had never heard.', '<strong>"Wrong address?"</strong> she asked. He shook his head. "Right address. Twenty years ago."']],
        ['Chapter 2: The Bookseller', ['The shop belonged to Mr Hale, an old man who never took off his reading glasses.', 'He looked at the letter for so long that the rain stopped outside. "She finally wrote back," he said.']],
        ['Chapter 3: Where the Path Ends', ['At dawn Mia followed the postmark up the stone steps to the middle of the hill.', 'In the mist she found a green wooden door whose number matched the envelope.']],
      ],
    },
    {
      title: 'The Star Drifter', intro: 'A lost ship, a navigator without a memory, and half a star chart.', purpose: 7, state: 'pending',
      chapters: [
        ['Chapter 1: Waking', ['The alarm dragged Chen out of the sleep pod.', 'Not one star outside the window was one he knew.']],
        ['Chapter 2: Half a Chart', ['All that was left on the console was a star chart with its right half torn away.', '"Someone does not want us home," his officer whispered.']],
      ],
    },
    {
      title: 'The Bookshop Cat', intro: 'A cat who picks books, and the story of everyone who buys one.', purpose: 5, state: 'rejected',
      reason: 'The first chapter is too short for the story to begin; please develop it to at least 1,500 words and give each chapter a title before resubmitting.',
      chapters: [['Chapter 1', ['The cat was called Ginger and slept on the same book every day.']]],
    },
    {
      title: 'Letters by the Sea', intro: 'Written to myself ten years from now.', purpose: 5, state: 'draft',
      chapters: [['Chapter 1: Tides', ['The sea was quiet today, so I wrote on the sand and waited for the tide to read it.']]],
    },
  ] satisfies SeedWork[],
};

export async function seedCreators(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const learner = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  if (!learner) return;
  const userId = Number(learner.id);
  const texts = ENGLISH_TENANTS.has(tenantId) ? EN : ZH;
  const reviewer = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', 'in', ['teacher', 'admin'])
    .orderBy('account', 'desc').executeTakeFirst();
  const category = await trx.selectFrom('category').select('id').where('tenant_id', '=', tenantId).where('purpose', '=', 11).orderBy('id').executeTakeFirst();
  // A tenant without reading categories has no content platform (the ai tenant): no works.
  if (!category) return;

  // The learner's pen name: part U may have linked an author to the learner already.
  let author = await trx.selectFrom('author').select(['id', 'pen_name']).where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst();
  author ??= await trx.insertInto('author').values({ tenant_id: tenantId, user_id: userId, pen_name: texts.penName })
    .returning(['id', 'pen_name']).executeTakeFirstOrThrow();
  const authorId = Number(author.id);

  for (const [i, w] of texts.works.entries()) {
    const edited = new Date(Date.now() - (i * 3 + 1) * DAY);
    const published = w.state === 'published';
    const decided = published || w.state === 'rejected';
    const work = await trx.insertInto('content').values({
      tenant_id: tenantId, purpose: w.purpose, kind: 'article', title: w.title, summary: w.intro, cover: null, category_id: Number(category.id),
      state: published ? 1 : 0, publish_time: published ? new Date(Date.now() - 20 * DAY) : edited, uploader_id: userId, author_id: authorId, author: author.pen_name,
      serial_state: w.purpose === 7 ? 'serialising' : 'finished', audit_state: w.state === 'published' ? 'approved' : w.state,
      audit_reason: 'reason' in w ? w.reason : null, audited_by: decided && reviewer ? Number(reviewer.id) : null, audited_at: decided ? new Date(edited.getTime() - DAY / 2) : null,
      submitted_at: w.state === 'draft' ? null : new Date(edited.getTime() - DAY), edited_at: edited,
      chapter_updated_at: published ? edited : null,
    }).returning('id').executeTakeFirstOrThrow();
    const contentId = Number(work.id);
    for (const [n, [title, lines]] of w.chapters.entries()) {
      const html = p(lines);
      const part = await trx.insertInto('content_part').values({
        tenant_id: tenantId, content_id: contentId, title, kind: 'article', sort: n + 1, body_html: html, word_count: htmlWords(html), state: 1,
        published_html: published ? html : null, updated_at: edited,
      }).returning('id').executeTakeFirstOrThrow();
      if (published) {
        await trx.updateTable('content_part').set({ media_url: partTextUrl(tenantId, Number(part.id)) })
          .where('tenant_id', '=', tenantId).where('id', '=', Number(part.id)).execute();
      }
    }
    if (published) {
      await trx.updateTable('content').set({
        word_count: sql<number>`(select coalesce(sum(p.word_count), 0) from content_part p where p.tenant_id = ${tenantId}::bigint and p.content_id = ${contentId}::bigint)`,
      }).where('tenant_id', '=', tenantId).where('id', '=', contentId).execute();
    }
  }
}
