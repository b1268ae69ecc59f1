/**
 * Route names a link may use, and their paths under the /study base (spec shell §2 and
 * learning-and-commerce §2). ":id" is filled from the link's id; a name whose path needs an id is
 * blocked when the link has none. `query` is added to every link of that name.
 */
export interface RouteTarget {
  path: string;
  query?: Readonly<Record<string, string>>;
  /** Opens in a new tab by default (spec commerce §2: product detail). */
  newTab?: boolean;
}

export const LINK_ROUTES: Readonly<Record<string, RouteTarget>> = {
  // Shell (spec shell §2)
  home: { path: '/home' },
  login: { path: '/login' },
  helpCenter: { path: '/helpCenter', query: { purpose: '99' } },
  robot: { path: '/robot' },
  search: { path: '/search' },
  cart: { path: '/sub_shop/cart' },
  myAdmin: { path: '/sub_admin/myAdmin' },
  myInfo: { path: '/user/center/study/myInfo' },
  mySafe: { path: '/user/center/study/mySafe' },
  myNews: { path: '/user/center/study/myNews' },
  loginAgreement: { path: '/privacy/loginAgreement' },
  loginPolicy: { path: '/privacy/loginPolicy' },
  error: { path: '/error' },
  // Learning lists (spec commerce §2)
  course: { path: '/course' },
  courseInfo: { path: '/courseInfo' },
  subject: { path: '/subject' },
  knowledge: { path: '/knowledge' },
  content: { path: '/content' },
  share: { path: '/share' },
  classes: { path: '/classes' },
  archives: { path: '/archives' },
  rank: { path: '/rank' },
  match: { path: '/match' },
  scoreboard: { path: '/scoreboard' },
  integralRank: { path: '/integral/rank' },
  teacherList: { path: '/teacherList' },
  // The spec has no bare /exam route; the exam menu opens the exam list.
  exam: { path: '/examList' },
  examList: { path: '/examList' },
  surveyList: { path: '/surveyList' },
  paper: { path: '/paper' },
  taskList: { path: '/taskList' },
  game: { path: '/game' },
  mjpic: { path: '/mjpic' },
  activity: { path: '/activity' },
  requireList: { path: '/pages/require/list' },
  requireSave: { path: '/pages/require/save' },
  articleList: { path: '/pages/article/list' },
  // Shop and reading
  product: { path: '/product' },
  shopList: { path: '/sub_shop/list' },
  providerList: { path: '/sub_shop/provider/list' },
  order: { path: '/sub_shop/order/order' },
  prodCenter: { path: '/sub_home/prodCenter/index' },
  make: { path: '/sub_home/make' },
  bookshelf: { path: '/content/bookshelf' },
  novalList: { path: '/sub_shop/noval' },
  registTenant: { path: '/sub_admin/registTenant/index' },
  // Details (need the link's id)
  courseDetail: { path: '/course/detail/:id' },
  subjectDetail: { path: '/subject/detail/:id' },
  knowledgeDetail: { path: '/knowledge/detail/:id' },
  classesDetail: { path: '/classes/detail/:id' },
  examDetail: { path: '/exam/detail/:id' },
  matchDetail: { path: '/match/detail/:id' },
  taskDetail: { path: '/task/detail/:id' },
  gameDetail: { path: '/game/detail/:id' },
  topicDetail: { path: '/topic/detail/:id' },
  affairDetail: { path: '/affair/detail/:id' },
  articleDetail: { path: '/share/article/detail/:id' },
  chatRoomDetail: { path: '/chatRoom/detail/:id' },
  productDetail: { path: '/product/detail/:id', newTab: true },
  productContent: { path: '/product/content/:id' },
  noval: { path: '/sub_shop/noval/:id' },
  contentNoval: { path: '/content/noval/:id' },
  // spec commerce §2: opened with query id (and purpose); the link's params carry both.
  contentDetail: { path: '/sub_cm/content/detail' },
  author: { path: '/content/author/:id' },
  provider: { path: '/sub_shop/provider/:id' },
  school: { path: '/sub_shop/school/:id' },
};

/** spec shell §2: category jump by purpose. */
export const CATEGORY_PATHS: Readonly<Record<number, string>> = { 1: '/course', 2: '/knowledge', 3: '/content', 4: '/product', 6: '/search' };

/** spec shell §2: the purpose query added for a category jump to /content (1) and /knowledge (2). */
export const CATEGORY_PURPOSE_QUERY: Readonly<Record<number, string>> = { 3: '1', 2: '2' };

/** spec commerce §9: product types 8, 9 and 10 are reading-type. */
export const READING_PRODUCT_TYPES: ReadonlySet<number> = new Set([8, 9, 10]);

/** spec shell §9: the provider-unavailable warning lasts 1 second. */
export const PROVIDER_WARNING_SECONDS = 1;

/** Page codes with this prefix are navigation-bar topic pages (spec shell §2). */
export const TAB_PAGE_PREFIX = 'Pzy_';
