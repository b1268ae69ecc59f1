import { PRODUCT_TYPE } from '../lib/purposes';
import { coverUrl } from './seed-catalogue-covers';
import { addCover, hashText, Rng, type CataloguePlan, type PlanProduct } from './seed-catalogue-plan';

// What the shop's product pages show beyond the card (migration 0014): a description, a gallery,
// specifications and a few reviews by made-up readers. Drawn from its own generator, after the
// products, so the products' prices, stock and covers stay what buildShopPlan made them.

const DAY = 86_400_000;

/** The readers who write the seeded reviews: accounts without a password (they cannot sign in). */
const READERS: readonly { account: string; realName: string; nickName: string | null }[] = [
  { account: 'reader001', realName: '林晓雨', nickName: '爱读书的小林' },
  { account: 'reader002', realName: '周明远', nickName: null },
  { account: 'reader003', realName: '陈思琪', nickName: '思琪' },
  { account: 'reader004', realName: '王浩然', nickName: '浩然之气' },
  { account: 'reader005', realName: '李婉清', nickName: null },
  { account: 'reader006', realName: '赵一鸣', nickName: '一鸣' },
  { account: 'reader007', realName: '孙佳怡', nickName: '佳怡在读' },
  { account: 'reader008', realName: '吴子涵', nickName: null },
];

const AUTHORS = ['许知远', '沈从心', '顾青禾', '叶南舟', '梁思齐', '苏念安', '何以琛', '江晚吟'];
const NARRATORS = ['云间', '小北', '安然', '木子'];
const TEACHERS = ['刘老师', '张老师', '陈老师', '黄老师'];

interface Kind {
  /** Labels of the gallery's pictures after the cover. */
  gallery: string[];
  intro: (title: string, category: string) => string[];
  specs: (rng: Rng, p: PlanProduct, provider: string) => { name: string; value: string }[];
  reviews: string[][];
}

const isbn = (rng: Rng) => `978-7-${rng.int(100, 599)}-${String(rng.int(10000, 99999))}-${rng.int(0, 9)}`;
const month = (d: Date) => `${d.getUTCFullYear()} 年 ${d.getUTCMonth() + 1} 月`;

/** Good, middling and poor review texts, picked by the score. */
const BOOK_REVIEWS = [
  ['文字干净，读起来很舒服，一口气读完了。', '印刷和纸张都很好，包装也用心，推荐。', '送给朋友的，朋友很喜欢。', '值得反复读的一本书，已经推荐给同事。',
    '睡前读几页，心里特别安静。', '故事温暖又不煽情，结尾让我想了很久。', '第二次买了，这次是送给家里的孩子。', '装帧很漂亮，放在书架上也好看。'],
  ['内容不错，就是有些章节节奏偏慢。', '物流挺快，书角有一点压痕，不影响阅读。', '前半本很精彩，后半本略平淡。'],
  ['和期待的不太一样，读了一半放下了。', '字有点小，看久了眼睛累。'],
];

const KINDS: Record<number, Kind> = {
  [PRODUCT_TYPE.book]: {
    gallery: ['目录', '内页', '书脊'],
    intro: (title, category) => [
      `《${title}》是一本${category}类好书。作者用细腻的笔触，把日常里容易被忽略的瞬间写得真切动人，读来既有温度，也有回味。`,
      '全书分为若干篇章，每篇都可以单独阅读，适合通勤路上、午后片刻或睡前翻上几页。',
      '本店所售均为正版新书，塑封发货；如有印装问题，收货后七天内可申请换货。',
    ],
    specs: (rng, p, provider) => [
      { name: '作者', value: rng.pick(AUTHORS) },
      { name: '出版社', value: provider.endsWith('出版社') ? provider : '星河出版社' },
      { name: '出版时间', value: month(p.publishTime) },
      { name: '页数', value: `${rng.int(16, 48) * 10} 页` },
      { name: '装帧', value: rng.pick(['平装', '精装']) },
      { name: '开本', value: rng.pick(['32 开', '16 开']) },
      { name: 'ISBN', value: isbn(rng) },
    ],
    reviews: BOOK_REVIEWS,
  },
  [PRODUCT_TYPE.course]: {
    gallery: ['课程大纲', '学习界面', '课后练习'],
    intro: (title) => [
      `「${title}」从零讲起，每一讲先讲清一个概念，再用一个真实的小例子带你动手做一遍。`,
      '课程为录播视频，购买后永久回看；每讲配有练习和参考答案，学完就能用在工作和生活里。',
      '适合想系统入门、又只有零碎时间的学习者。',
    ],
    specs: (rng) => {
      const lessons = rng.int(12, 36);
      return [
        { name: '讲师', value: rng.pick(TEACHERS) },
        { name: '课时', value: `${lessons} 讲` },
        { name: '总时长', value: `约 ${Math.round(lessons * rng.int(15, 30) / 60)} 小时` },
        { name: '有效期', value: '永久回看' },
        { name: '学习方式', value: '视频 + 练习' },
      ];
    },
    reviews: [
      ['讲得很清楚，例子都很实用，跟着做一遍就会了。', '老师节奏刚好，练习题设计得用心。', '零基础也能听懂，已经用在工作上了。',
        '每讲不长，下班后刚好学一讲。', '课后练习很有帮助，做完心里有底。', '比看零散的视频系统多了，值这个价。'],
      ['内容扎实，但后半部分有点快，需要反复看。', '整体不错，希望能多一些实战案例。'],
      ['和介绍的深度有差距，适合纯新手。', '视频清晰度一般，内容还行。'],
    ],
  },
  [PRODUCT_TYPE.stationery]: {
    gallery: ['细节', '尺寸', '使用场景'],
    intro: (title) => [
      `${title}，选材扎实，做工细致，日常学习和办公都用得上。`,
      '简洁的设计放在书桌上不占地方，也适合作为小礼物送给同学和同事。',
    ],
    specs: (rng) => [
      { name: '材质', value: rng.pick(['牛皮纸', 'PP 塑料', '木质', '金属']) },
      { name: '规格', value: rng.pick(['A5', 'B5', '12 支 / 盒', '20 × 12 × 8 cm']) },
      { name: '颜色', value: rng.pick(['原木色', '雾霾蓝', '奶白', '墨绿']) },
      { name: '产地', value: rng.pick(['浙江宁波', '上海', '广东东莞']) },
    ],
    reviews: [
      ['质量很好，手感不错，比想象中精致。', '写起来很顺滑，不洇纸。', '性价比高，又回购了一份。', '颜值很高，书桌整洁多了。', '送同学的，大家都说好看。'],
      ['东西不错，颜色比图片稍深一点。', '用着还行，就是尺寸比想象中小。'],
      ['收到时包装有点破，东西倒是完好。', '有轻微异味，放了两天才散。'],
    ],
  },
  [PRODUCT_TYPE.giftCard]: {
    gallery: ['卡面', '使用说明'],
    intro: (title) => [
      `${title}，本店全场通用，可购买图书、课程、文具与数字阅读商品。`,
      '购买后以电子卡形式发放到“我的订单”，可转赠亲友；自购买之日起三年内有效。',
    ],
    specs: (_rng, p) => [
      { name: '面值', value: `${p.price} 元` },
      { name: '有效期', value: '3 年' },
      { name: '使用范围', value: '全场通用' },
      { name: '发放方式', value: '电子卡' },
    ],
    reviews: [
      ['送给孩子的老师，很方便。', '电子卡即时到账，转赠也简单。', '给同事的生日礼物，很实用。', '全场都能用，选书很自由。'],
      ['挺好，就是卡面样式可以再多几种。', '使用说明可以再写清楚一点。'],
      ['到账晚了几分钟，其他都好。'],
    ],
  },
  [PRODUCT_TYPE.ebook]: {
    gallery: ['目录', '阅读界面'],
    intro: (title, category) => [
      `《${title}》${category}版本，购买后即可在“读书”中在线阅读，书签和进度随账号保存。`,
      '前两章免费试读，满意再买。',
    ],
    specs: (rng, p) => [
      { name: '作者', value: rng.pick(AUTHORS) },
      { name: '字数', value: `约 ${rng.int(8, 30)} 万字` },
      { name: '上架时间', value: month(p.publishTime) },
      { name: '格式', value: '在线阅读' },
    ],
    reviews: BOOK_REVIEWS,
  },
  [PRODUCT_TYPE.audiobook]: {
    gallery: ['章节', '播放界面'],
    intro: (title) => [
      `《${title}》由专业主播演播，声音温润，节奏从容，做家务、通勤、睡前都适合听。`,
      '购买后可在“读书”中收听全部章节，支持后台播放，进度自动保存。',
    ],
    specs: (rng) => [
      { name: '主播', value: rng.pick(NARRATORS) },
      { name: '集数', value: `${rng.int(20, 120)} 集` },
      { name: '音质', value: '标准 / 高品质' },
      { name: '收听方式', value: '在线收听' },
    ],
    reviews: [
      ['主播声音太好听了，每天睡前听一集。', '演播很用心，配乐也恰到好处。', '通勤路上听完了一整本，很过瘾。', '人物对话演得有声有色。', '后台播放很稳定，进度也不会丢。'],
      ['内容好，个别章节音量偏小。', '整体不错，片头有点长。'],
      ['语速有点快，不太适合我。', '音质一般，有轻微杂音。'],
    ],
  },
  [PRODUCT_TYPE.serial]: {
    gallery: ['目录', '阅读界面'],
    intro: (title) => [
      `《${title}》正在连载，每周更新。一座城、几个年轻人，和他们各自要走的路。`,
      '购买后可读全部已更新章节，新章节更新后自动解锁。',
    ],
    specs: (rng) => [
      { name: '作者', value: rng.pick(AUTHORS) },
      { name: '状态', value: '连载中' },
      { name: '更新', value: '每周两章' },
      { name: '字数', value: `约 ${rng.int(10, 60)} 万字` },
    ],
    reviews: [
      ['追更中，每周最期待的就是它。', '人物写得很鲜活，剧情不拖沓。', '一口气追到最新章，等更新中。', '文笔细腻，每章结尾都有钩子。'],
      ['前面很好看，最近几章有点水。', '设定有意思，节奏可以再快一点。'],
      ['更新太慢了。', '主角有点脸谱化。'],
    ],
  },
};

/** A score leaning to the good side, as real shop reviews do. */
function reviewScore(rng: Rng): number {
  const x = rng.next();
  return x < 0.55 ? 5 : x < 0.82 ? 4 : x < 0.94 ? 3 : x < 0.98 ? 2 : 1;
}

/** Adds the readers, and each product's description, gallery, specifications and reviews, to a shop plan. */
export function addProductDetails(plan: CataloguePlan, now: Date): void {
  const rng = new Rng(hashText(`product-details-${plan.tenantId}`));
  READERS.forEach((r, i) => {
    plan.learners.push({ ...r, avatar: addCover(plan, 'reader', i, { shape: 'avatar', scene: 'person' }), points: 0 });
  });
  const providers = new Map(plan.providers.map((p) => [p.key, p.name]));
  const categories = new Map(plan.categories.map((c) => [c.key, c.name]));
  plan.products.forEach((p, index) => {
    const kind = KINDS[p.type];
    if (!kind) return;
    const category = (p.categoryKey && categories.get(p.categoryKey)) || '';
    p.description = kind.intro(p.title, category).join('\n\n');
    const shape = p.type === PRODUCT_TYPE.book || p.type >= PRODUCT_TYPE.ebook ? 'book' : 'square';
    // Gallery pictures draw the product cover's scene in other colours and layouts, without words (issue 13 point 11).
    const scene = plan.covers.find((c) => coverUrl(c.file) === p.cover)?.scene ?? 'book';
    p.images = kind.gallery.map((_, k) => addCover(plan, 'gallery', index * 4 + k, { shape, scene }));
    p.specs = kind.specs(rng, p, providers.get(p.providerKey) ?? '');
    // Most products have a few reviews; some, new ones, none yet.
    const count = rng.chance(0.85) ? rng.int(2, 6) : 0;
    const since = Math.max(1, Math.floor((now.getTime() - p.publishTime.getTime()) / DAY));
    const said = new Set<string>();
    p.reviews = rng.sample(READERS, count).map((reader) => {
      const score = reviewScore(rng);
      const pool = kind.reviews[score >= 4 ? 0 : score === 3 ? 1 : 2]!;
      // No two reviews of one product say the same words, while the pool lasts.
      const fresh = pool.filter((text) => !said.has(text));
      const content = rng.pick(fresh.length ? fresh : pool);
      said.add(content);
      return {
        account: reader.account, score, content,
        createdAt: new Date(now.getTime() - rng.int(0, since - 1) * DAY - rng.int(1, 23) * 3_600_000),
      };
    });
  });
}
