import { CATEGORY_PURPOSE, PRODUCT_TYPE } from '../lib/purposes';
import type { Scene } from './seed-catalogue-covers';
import { addCover, Clock, emptyPlan, hashText, Rng, type CataloguePlan } from './seed-catalogue-plan';
import { addProductDetails } from './seed-catalogue-shop-details';

// The shop tenant (1003, 书虫商城): providers (one taken off shelf, one school) and their products,
// books and courses through to the reading types 8, 9 and 10. Deterministic for a given clock.

const PROVIDERS = [
  { name: '书虫自营', orgType: 'MERCHANT', state: 0, summary: '正版图书，当日发货。' },
  { name: '星河出版社', orgType: 'MERCHANT', state: 0, summary: '专注文学与人文社科出版。' },
  { name: '晨光文具旗舰店', orgType: 'MERCHANT', state: 0, summary: '学生与办公文具。' },
  { name: '声音图书馆', orgType: 'MERCHANT', state: 0, summary: '精品有声书，随时随地听书。' },
  { name: '第一五三三学校', orgType: 'SCHOOL', state: 0, summary: '学校自营的课程与学习资料。' },
  // spec learning §4: a provider with state 1 or -1 is off shelf; the portal warns instead of opening it.
  { name: '旧时光书店', orgType: 'MERCHANT', state: 1, summary: '二手书与绝版书（已下架）。' },
] as const;

interface ShopLeaf { name: string; type: number; providers: number[]; price: [number, number]; book: boolean; titles: string[] }

const TREE: { name: string; leaves: ShopLeaf[] }[] = [
  { name: '图书', leaves: [
    { name: '文学小说', type: PRODUCT_TYPE.book, providers: [0, 1, 5], price: [29.8, 79], book: true,
      titles: ['雾中的灯塔', '南方的河', '那年夏天的风', '城市漫游者', '海边的书店', '月光下的旅人'] },
    { name: '经管励志', type: PRODUCT_TYPE.book, providers: [0, 1], price: [39, 89], book: true,
      titles: ['高效能的一天', '复利思维', '从零开始做产品', '管理的常识', '好好说话的艺术'] },
    { name: '少儿读物', type: PRODUCT_TYPE.book, providers: [0, 5], price: [19.8, 59], book: true,
      titles: ['小狐狸的冒险', '会唱歌的教室', '宇宙的一百个问题', '恐龙去哪儿了'] },
  ] },
  { name: '课程', leaves: [
    { name: '职业技能', type: PRODUCT_TYPE.course, providers: [4, 0], price: [99, 399], book: false,
      titles: ['Excel 高效办公 30 讲', 'Python 编程入门', '职场写作训练营', '数据分析实战课'] },
    { name: '兴趣爱好', type: PRODUCT_TYPE.course, providers: [4], price: [69, 199], book: false,
      titles: ['零基础学书法', '手机摄影入门', '古典诗词鉴赏'] },
  ] },
  { name: '文创', leaves: [
    { name: '文具', type: PRODUCT_TYPE.stationery, providers: [2, 0], price: [9.9, 59], book: false,
      titles: ['复古牛皮笔记本', '速干中性笔 12 支装', '桌面收纳盒', '读书手账套装'] },
    { name: '礼品卡', type: PRODUCT_TYPE.giftCard, providers: [0], price: [100, 200], book: false,
      titles: ['书虫礼品卡 100 元', '书虫礼品卡 200 元'] },
  ] },
  { name: '数字阅读', leaves: [
    { name: '电子书', type: PRODUCT_TYPE.ebook, providers: [1, 0], price: [9.9, 29.9], book: true,
      titles: ['星河彼岸（电子版）', '小城故事集（电子版）', '写给大家的经济学（电子版）', '时间的礼物（电子版）', '远方的灯塔（电子版）'] },
    { name: '有声书', type: PRODUCT_TYPE.audiobook, providers: [3], price: [19.9, 49.9], book: true,
      titles: ['三国演义（有声版）', '晨读三十篇（有声版）', '一杯茶的功夫（有声版）', '走进星空（有声版）'] },
    { name: '连载小说', type: PRODUCT_TYPE.serial, providers: [1], price: [3, 12], book: true,
      titles: ['长街灯火', '少年游', '云上的城', '追光者'] },
  ] },
];

const SUMMARIES: Record<number, string[]> = {
  [PRODUCT_TYPE.book]: ['正版新书，精装典藏。', '豆瓣高分好书，读者口碑推荐。', '适合通勤与睡前阅读。'],
  [PRODUCT_TYPE.course]: ['视频课程，永久回看，配套练习。', '名师授课，学完即可上手。'],
  [PRODUCT_TYPE.stationery]: ['品质文具，学习办公两相宜。'],
  [PRODUCT_TYPE.giftCard]: ['全场通用，赠送亲友的好选择。'],
  [PRODUCT_TYPE.ebook]: ['购买后即可在线阅读。'],
  [PRODUCT_TYPE.audiobook]: ['专业主播演播，支持后台播放。'],
  [PRODUCT_TYPE.serial]: ['每周更新，追更不停。'],
};

const BANNERS = [
  { title: '开学季 · 图书满 100 减 20', subtitle: '文学、经管、少儿好书精选', link: { linkType: 'category', purpose: CATEGORY_PURPOSE.product } },
  { title: '有声书限时 5 折', subtitle: '用耳朵读完一本书', link: { linkType: 'route', linkUrl: 'product' } },
  { title: '第一五三三学校精品课程上架', subtitle: '学校老师亲自授课', link: { linkType: 'route', linkUrl: 'product' } },
];

/** What each leaf's product images draw (seed-catalogue-covers.ts); the card prints the title. */
const LEAF_SCENES: Record<string, Scene> = {
  文学小说: 'book', 经管励志: 'chart', 少儿读物: 'orbit', 职业技能: 'laptop', 兴趣爱好: 'brush', 文具: 'pen', 礼品卡: 'gift',
  电子书: 'tablet', 有声书: 'headphones', 连载小说: 'notebook',
};
/** The scenes of the shop's banners, in BANNERS order. */
const BANNER_SCENES: Scene[] = ['book', 'headphones', 'laptop'];

/** Rounds a price to a shop-like figure: whole yuan or .8/.9 endings. */
function shopPrice(rng: Rng, [min, max]: [number, number]): number {
  const value = min + rng.next() * (max - min);
  if (max <= 30) return Math.round(value * 10) / 10;
  return Math.floor(value) + rng.pick([0, 0.8, 0.9]);
}

/** Builds the shop's catalogue plan: product categories, providers, products and banners. */
export function buildShopPlan(tenantId: number, now: Date): CataloguePlan {
  const plan = emptyPlan(tenantId);
  const rng = new Rng(hashText(`catalogue-${tenantId}`));
  const clock = new Clock(now);
  PROVIDERS.forEach((p, i) => {
    plan.providers.push({
      key: `p${i}`, name: p.name, orgType: p.orgType, state: p.state, summary: p.summary, sort: i, orgPath: `/${tenantId}/${i + 1}`,
      logo: addCover(plan, 'provider', i, { shape: 'avatar', scene: 'emblem' }),
    });
  });
  let index = 0;
  TREE.forEach((root, r) => {
    const rootKey = `${CATEGORY_PURPOSE.product}/${root.name}`;
    plan.categories.push({ key: rootKey, parentKey: null, purpose: CATEGORY_PURPOSE.product, name: root.name, sort: r });
    root.leaves.forEach((leaf, l) => {
      const key = `${rootKey}/${leaf.name}`;
      plan.categories.push({ key, parentKey: rootKey, purpose: CATEGORY_PURPOSE.product, name: leaf.name, sort: l });
      leaf.titles.forEach((title, t) => {
        const price = shopPrice(rng, leaf.price);
        const discounted = leaf.type !== PRODUCT_TYPE.giftCard && rng.chance(0.7);
        plan.products.push({
          title, categoryKey: key, providerKey: `p${leaf.providers[t % leaf.providers.length]}`, type: leaf.type,
          cover: addCover(plan, 'product', index, { shape: leaf.book ? 'book' : 'square', scene: LEAF_SCENES[leaf.name] ?? 'book' }),
          summary: rng.pick(SUMMARIES[leaf.type] ?? ['']), publishTime: clock.published(rng, 300),
          price: leaf.type === PRODUCT_TYPE.giftCard ? leaf.price[t % 2]! : price,
          retailPrice: discounted ? Math.round(price * (1.2 + rng.next() * 0.3)) : null,
          stock: leaf.type >= PRODUCT_TYPE.ebook || leaf.type === PRODUCT_TYPE.course ? 9999 : rng.int(0, 500),
          salesCount: rng.int(0, 12000),
        });
        index += 1;
      });
    });
  });
  BANNERS.forEach((banner, i) => {
    const image = addCover(plan, 'banner', i, { shape: 'banner', scene: BANNER_SCENES[i] ?? 'book', headline: banner.title, subline: banner.subtitle });
    plan.banners.push({
      position: 'home', title: banner.title, image, link: banner.link, sort: i,
      categoryKey: banner.link.linkType === 'category' ? `${CATEGORY_PURPOSE.product}/${TREE[0]!.name}` : null,
    });
  });
  // Last, from a generator of its own: the product pages' description, gallery, specs and reviews.
  addProductDetails(plan, now);
  return plan;
}
