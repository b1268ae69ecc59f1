// The a11y gate's route table (tests/e2e/a11y-gate.test.ts): every route with a page, the feature
// folder it comes from, and where each required param and query comes from in the demo seed, so
// the gate audits a route's real page rather than its not-found state.
import type pg from 'pg';
import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../src/app/page-routes';
import { LAYOUT_ROUTE_ID, routes } from '../../src/app/router';
import { lazyRoutes } from '../../src/app/lazy-routes';
import { runtimePageRoutes } from '../../src/app/runtime-routes';

/** One route of the table: full path pattern (under /study), name, meta and feature folder. */
export interface GateRoute {
  path: string;
  name: string;
  auth: boolean;
  isLogin: boolean;
  feature: string;
}

/** The feature folder a route's page comes from, read from its loader's import. */
export function featureOf(name: string): string {
  const entry = [...pageRoutes, ...runtimePageRoutes].find((r) => r.name === name);
  const folder = entry ? /features\/([\w-]+)\//.exec(String(entry.load))?.[1] : undefined;
  return folder ?? name;
}

/** Every route with a page (a handle), depth first, in table order. */
export function tableRoutes(tree: RouteObject[], prefix = ''): GateRoute[] {
  const out: GateRoute[] = [];
  for (const route of tree) {
    const path = route.path ? `${prefix}/${route.path}` : prefix;
    const handle = route.handle as { name: string; meta: { auth?: boolean; isLogin?: boolean } } | undefined;
    if (handle && route.path) out.push({ path, name: handle.name, auth: Boolean(handle.meta.auth), isLogin: Boolean(handle.meta.isLogin), feature: featureOf(handle.name) });
    if (route.children) out.push(...tableRoutes(route.children, path));
  }
  return out;
}

export type IdQuery = (db: pg.Client, learnerId: number) => Promise<string | undefined>;
export const first = async (db: pg.Client, sql: string, values: unknown[] = []) => (await db.query<{ v: unknown }>(sql, values)).rows[0]?.v?.toString();

/**
 * Where a route's required param comes from: keyed by the route's path, else by the param's name.
 * Queries run in the demo tenant (row-level security keeps them there).
 */
export const ID_SOURCES: Record<string, IdQuery> = {
  // issue 21 D: an assistant's page and an application's form (their lists are the same cards without a record).
  'robot/assistant/:id?': (db) => first(db, `select id as v from ai_assistant where enabled order by sort, id limit 1`),
  'robot/application/:id?': (db) => first(db, `select id as v from ai_application where enabled order by sort, id limit 1`),
  // issue 21 C: the learner's newest conversation (seeded: a rated answer, one made again with its versions).
  'robot/talk/:id?': (db, learner) => first(db, `select id as v from robot_conversation where user_id = $1 order by updated_at desc, id desc limit 1`, [learner]),
  'robot/my/:id?': (db, learner) => first(db, `select id as v from robot_conversation where user_id = $1 order by updated_at desc, id desc limit 1`, [learner]),
  // The page's own two types (1 micro-lessons, 2 knowledge); 1 is the first.
  'user/center/study/myKnowledge/:type': async () => '1',
  'exam/detail/:id': (db) => first(db, `select id as v from exam where type = 'exam' and state = 1 order by id limit 1`),
  // Opening a paper starts an attempt: one the learner has sat already, else the last exam, so
  // exam.test.ts still finds the first exam unsat.
  'exam/paper/:id': (db, learner) => first(db, `select e.id as v from exam e where e.type = 'exam' and e.state = 1
    order by exists (select 1 from exam_attempt a where a.exam_id = e.id and a.user_id = $1) desc, e.id desc limit 1`, [learner]),
  'classes/detail/:id': (db, learner) => first(db, `select c.id as v from training_class c where c.state = 1
    order by exists (select 1 from classes_member m where m.classes_id = c.id and m.user_id = $1) desc, c.id limit 1`, [learner]),
  'content/noval/:id': (db) => first(db, `select id as v from content where purpose = 5 and state = 1 order by id limit 1`),
  'share/article/detail/:id': (db) => first(db, `select id as v from article where kind = 'share' and state = 1 order by id limit 1`),
  'share/article/details/:id': (db) => first(db, `select id as v from article where kind = 'share' and state = 1 order by id limit 1`),
  'knowledge/detail/:id': (db) => first(db, `select id as v from content where purpose = 2 and state = 1 order by id limit 1`),
  'knowledge/details/:id': (db) => first(db, `select id as v from content where purpose = 2 and state = 1 order by id limit 1`),
  // The course the learner studied most: its page shows progress bars.
  'course/detail/:id': (db, learner) => first(db, `select c.id as v from course c where c.state = 1
    order by (select count(*) from study_record r where r.course_id = c.id and r.user_id = $1) desc, c.id limit 1`, [learner]),
  'subject/detail/:id': (db) => first(db, `select id as v from subject where state = 1 order by id limit 1`),
  'product/detail/:id': (db) => first(db, `select id as v from product where state = 1 order by id limit 1`),
  'sub_shop/noval/:id': (db) => first(db, `select p.id as v from product p where p.state = 1
    order by exists (select 1 from reading_chapter c where c.product_id = p.id) desc, p.id limit 1`),
  // issue 20 part P: a product's content page, of a product that grants a course (its outline by chapter).
  'product/content/:id': (db) => first(db, `select p.id as v from product p where p.state = 1
    and exists (select 1 from product_grant g where g.product_id = p.id and g.kind = 'course') order by p.id limit 1`),
  pageCode: (db) => first(db, `select page_code as v from page where purpose = 1 and state = 1 order by id limit 1`),
  // issue 16: the page designer of the first page (a learner sees its 403 "no access" result).
  'sub_admin/designer/:pageId': (db) => first(db, 'select id as v from page order by id limit 1'),
  // issue 18 part A: the exam builder of an exam (the learner is refused: the page's 403 is audited).
  'sub_admin/exams/:id': (db) => first(db, 'select id as v from exam order by id limit 1'),
  // issue 18 part B: the previewable all-kinds exam (seed-exam-kinds.ts), and the detail's alias.
  'exam/preview/:id': (db) => first(db, `select id as v from exam where allow_preview and state = 1 order by id limit 1`),
  'exam/detail/index/:id': (db) => first(db, `select id as v from exam where type = 'exam' and state = 1 order by id limit 1`),
  // issue 19 part A: the team task the learner has started (its page shows the contents, my progress and the team).
  'task/detail/:id': (db, learner) => first(db, `select t.id as v from task t join user_task u on u.task_id = t.id
    where u.user_id = $1 and t.mode = 'team' and t.state = 1 order by t.id limit 1`, [learner]),
  // issue 17: a seeded live room open to every learner (its three layouts), and a room that asks for enrolment.
  'chatRoom/detail/:id': (db) => first(db, `select id as v from live_room where live_state = 'live' and not need_enroll order by id limit 1`),
  'chatRoom/txTest/:id': (db) => first(db, `select id as v from live_room where live_state = 'live' and not need_enroll order by id limit 1`),
  'chatRoom/vhallLive/:id': (db) => first(db, `select id as v from live_room where live_state = 'live' and not need_enroll order by id limit 1`),
  'chatRoom/detail/baseInfo/:id': (db) => first(db, `select id as v from live_room where need_enroll order by id limit 1`),
  // issue 17: a class's circle (its id is the class's), one the learner is an enrolled member of (members only).
  'circle/detail/:id': (db, learner) => first(db, `select m.classes_id as v from classes_member m join training_class c on c.id = m.classes_id
    where m.user_id = $1 and m.left_at is null and c.state = 1 order by m.classes_id limit 1`, [learner]),
  // issue 19 part H: the seeded topic page and the affair (its read receipt still to confirm; the gate only looks).
  'topic/detail/:id': (db) => first(db, `select id as v from topic where state = 1 order by id limit 1`),
  'affair/detail/:id': (db) => first(db, `select id as v from affair where state = 1 order by id limit 1`),
  // issue 19 part F: the running match the learner is enrolled in (its open stage shows the entry form).
  'match/detail/:id': (db, learner) => first(db, `select m.id as v from competition m join competition_entrant e on e.match_id = m.id
    where e.user_id = $1 and e.state = 'enrolled' and now() between m.start_time and m.end_time order by m.id limit 1`, [learner]),
  // issue 19 part B: the seeded information-security game (games.test.ts plays the safety game, so the gate stays off it).
  'game/detail/:id': (db) => first(db, `select id as v from game where title = '信息安全闯关挑战' and state = 1 order by id limit 1`),
  // issue 19 part I: the back-office's competition and game editors (the learner is refused: the page's 403 is audited).
  'sub_admin/matches/:id': (db) => first(db, 'select id as v from competition order by id limit 1'),
  'sub_admin/games/:id': (db) => first(db, 'select id as v from game order by id limit 1'),
  // issue 20: the shop's first open merchant and its school (either address shows either kind).
  'sub_shop/provider/:id?': (db) => first(db, `select id as v from provider where state = 0 and org_type = 'MERCHANT'
    and tenant_id = (select id from tenant where code = 'shop') order by id limit 1`),
  'sub_shop/school/:id?': (db) => first(db, `select id as v from provider where state = 0 and org_type = 'SCHOOL'
    and tenant_id = (select id from tenant where code = 'shop') order by id limit 1`),
  // issue 19 part J: the task editor of a task (the learner is refused: the page's 403 is audited).
  'sub_admin/tasks/:id': (db) => first(db, 'select id as v from task order by id limit 1'),
  // issue 20 part Q: the shop learner's order with the most to track (shipped first; the seed ships one).
  'sub_shop/delivery_detail/:id?': (db, learner) => first(db, `select id as v from shop_order where user_id = $1
    order by (shipped_at is not null) desc, (state = 3) desc, id desc limit 1`, [learner]),
  // issue 20 part U: a seeded e-book's page (author, chapters, reviews) and its author's page.
  'content/noval/detail/:id?': (db) => first(db, `select id as v from content where purpose = 5 and state = 1 and author_id is not null order by id limit 1`),
  'content/author/:id?': (db) => first(db, `select author_id as v from content where purpose = 5 and state = 1 and author_id is not null order by id limit 1`),
  // issue 20 part V: the work review page of the learner's work in review (the learner is refused: the page's 403 is audited).
  'user/center/work/myContent/detail/:id': (db, learner) => first(db, `select id as v from content where uploader_id = $1 and audit_state = 'pending' and purpose in (5, 7) order by id limit 1`, [learner]),
};

export const courseId: IdQuery = (db, learner) => ID_SOURCES['course/detail/:id']!(db, learner);
export const withId = (source: IdQuery): IdQuery => async (db, learner) => {
  const id = await source(db, learner);
  return id && `id=${id}`;
};

export const enrolledClass: IdQuery = (db, learner) => ID_SOURCES['circle/detail/:id']!(db, learner);
export const withClassesId = (source: IdQuery): IdQuery => async (db, learner) => {
  const id = await source(db, learner);
  return id && `classesId=${id}`;
};

/**
 * The query string of a page that reads its record from it (keyed by the route's path), so the
 * gate audits the real page, not its not-found state. Queries run in the demo tenant after setup
 * (which hands in an exam attempt, see prepare()).
 */
export const QUERY_SOURCES: Record<string, IdQuery> = {
  'user/center/study/news/detail': withId((db, learner) => first(db, `select id as v from user_message where user_id = $1 order by id limit 1`, [learner])),
  'user/center/study/noticeDetail': withId((db) => first(db, `select id as v from notice where state = 1 and is_public order by id limit 1`)),
  'exam/examResult': withId((db, learner) => first(db, `select a.id as v from exam_attempt a join exam e on e.id = a.exam_id
    where a.user_id = $1 and a.state = 'submitted' and e.type = 'exam' order by a.id desc limit 1`, [learner])),
  'exam/result': withId((db, learner) => first(db, `select a.id as v from exam_attempt a where a.user_id = $1 and a.state = 'submitted' order by a.id desc limit 1`, [learner])),
  'classes/memberList': withId((db, learner) => first(db, `select c.id as v from training_class c where c.state = 1
    order by exists (select 1 from classes_member m where m.classes_id = c.id and m.user_id = $1) desc, c.id limit 1`, [learner])),
  // issue 17: a class's comments, statistics and sign-in read ?classesId=, one the learner is enrolled in.
  'classes/userList': withClassesId(enrolledClass),
  'classes/statis': withClassesId(enrolledClass),
  'attendance/detail': withClassesId(enrolledClass),
  // issue 18: the learner's seeded homework: a marked one (mark and comment) and one awaiting marking.
  'homeWork/detail': withId((db, learner) => first(db, `select homework_id as v from homework_submission where user_id = $1 and state = 'marked' order by id limit 1`, [learner])),
  'zuoye/detail': withId((db, learner) => first(db, `select homework_id as v from homework_submission where user_id = $1 and state = 'submitted' order by id limit 1`, [learner])),
  // issue 18: practising the mistakes of an exam the learner handed in (prepare() hands one in).
  'exam/practice': async (db, learner) => {
    const id = await first(db, `select a.exam_id as v from exam_attempt a join exam e on e.id = a.exam_id
      where a.user_id = $1 and a.state <> 'open' and e.type = 'exam' order by a.id desc limit 1`, [learner]);
    return id && `examId=${id}`;
  },
  // issue 19 part G: the teacher with the most ratings, and the learner's own requirement with its responses (accept buttons).
  'teacherList/teacherDetail': withId((db) => first(db, `select t.id as v from teacher t where t.state = 1 order by (select count(*) from teacher_rating r where r.teacher_id = t.id) desc, t.id limit 1`)),
  'teacherList/teacherContribution': withId((db) => first(db, `select id as v from teacher where state = 1 and user_id is not null order by id limit 1`)),
  'pages/require/detail': withId((db, learner) => first(db, `select q.id as v from requirement q where q.owner_id = $1 and q.state = 'open'
    order by (select count(*) from requirement_response p where p.requirement_id = q.id) desc, q.id limit 1`, [learner])),
  // issue 20 part S: the learner's seeded quoted request (its quote, accept and decline, the thread).
  'sub_home/make/makeDetail': withId((db, learner) => first(db, `select id as v from make_request where user_id = $1 and state = 'quoted' order by id limit 1`, [learner])),
  // issue 19 part D: the process of the course the learner studied most (seed-archives.ts gives one a finished and a begun lesson).
  'archives/archivesDetall': async (db, learner) => {
    const id = await first(db, `select course_id as v from study_record where user_id = $1 and course_id is not null
      group by course_id order by count(*) desc, course_id limit 1`, [learner]);
    return id && `type=course&id=${id}`;
  },
  // issue 19 part B: the round map and round 1's material of the information-security game (opening the player writes nothing).
  'game/round': async (db) => {
    const id = await ID_SOURCES['game/detail/:id']!(db, 0);
    return id && `gameId=${id}`;
  },
  'game/round/player': async (db) => {
    const id = await ID_SOURCES['game/detail/:id']!(db, 0);
    const round = id && await first(db, `select id as v from game_round where game_id = $1 and sort = 1`, [id]);
    return round && `gameId=${id}&roundId=${round}`;
  },
  // issue 19 part E: the learner's seeded certificate, and its public verification page.
  'archives/certificatesDetail': withId((db, learner) => first(db, `select id as v from user_credential where user_id = $1 order by id limit 1`, [learner])),
  'credential/verify': async (db, learner) => {
    const code = await first(db, `select code as v from user_credential where user_id = $1 and public_verify order by id limit 1`, [learner]);
    return code && `code=${code}`;
  },
  // issue 20 part V: the editor of the learner's draft work (its chapters and the rich-text editor).
  'user/center/content/myWorks/create': withId((db, learner) => first(db, `select id as v from content where uploader_id = $1 and audit_state = 'draft' and state = 0 and purpose in (5, 7) order by id limit 1`, [learner])),
  'sub_cm/content/detail': withId((db) => first(db, `select id as v from content where state = 1 order by purpose not in (2, 5) desc, id limit 1`)),
  'sub_cm/content/detail/new_index': withId((db) => first(db, `select id as v from content where state = 1 order by purpose not in (2, 5) desc, id limit 1`)),
  'sub_cm/course/detail': withId(courseId),
  'sub_cm/subject/detail': withId(ID_SOURCES['subject/detail/:id']!),
  // Two characters of the first course's title, which the total search finds.
  search: async (db) => {
    const words = await first(db, `select left(title, 2) as v from course where state = 1 order by id limit 1`);
    return words && `searchValue=${encodeURIComponent(words)}&type=total`;
  },
  // Buying one product now (the cart's confirmation is checked on the shop tenant, see below).
  'sub_shop/order_confirm/order_confirm': async (db, learner) => {
    const id = await ID_SOURCES['product/detail/:id']!(db, learner);
    return id && `prodId=${id}&quantity=1`;
  },
  // issue 20 part Q: the review page of the shop learner's order (a received one first; the seed has one).
  'sub_shop/comment': async (db, learner) => {
    const id = await first(db, 'select id as v from shop_order where user_id = $1 order by (state = 3) desc, id desc limit 1', [learner]);
    return id && `orderId=${id}`;
  },
  // issue 20 part P: one category's page (a leaf of the shop's product tree, with its siblings as chips).
  'sub_shop/list': async (db) => {
    const id = await first(db, `select id as v from category where purpose = 4 and state = 1 and parent_id is not null order by id limit 1`);
    return id && `categoryId=${id}`;
  },
};

/**
 * Routes whose record lives in the shop tenant (the demo tenant sells nothing, so its product pages
 * could only show their not-found state): visited on shop's origin, signed in there as its learner.
 */
export const SHOP_ROUTES = new Set([
  'product/detail/:id', 'sub_shop/noval/:id', 'sub_shop/order_confirm/order_confirm',
  // issue 20: the provider and school pages.
  'sub_shop/provider/list', 'sub_shop/provider/:id?', 'sub_shop/school/:id?',
  // issue 20 part P: the lists by category, a product's content, what the learner bought, the product center.
  'sub_shop/products/products', 'sub_shop/list', 'shop/list', 'product/content/:id', 'sub_shop/bought', 'sub_home/prodCenter/index',
  // issue 20 part Q: a delivery's tracking and an order's review page.
  'sub_shop/delivery_detail/:id?', 'sub_shop/comment',
]);
export const tenantOf = (route: GateRoute) => (SHOP_ROUTES.has(route.path.replace(/^\//, '')) ? 'shop' : 'demo');

/** The address of a route under /study with its required params filled from the seed. */
export async function addressOf(route: GateRoute, db: pg.Client, learnerId: number): Promise<string> {
  const relative = route.path.replace(/^\//, '');
  let address = route.path;
  for (const [token, param, optional] of Array.from(route.path.matchAll(/:(\w+)(\?)?/g), (m) => [m[0], m[1]!, m[2]] as const)) {
    if (optional && !ID_SOURCES[relative]) {
      address = address.replace(`/${token}`, '');
      continue;
    }
    const source = ID_SOURCES[relative] ?? ID_SOURCES[param];
    if (!source) throw new Error(`Route ${route.path} needs an id for :${param}: add it to ID_SOURCES in tests/e2e/a11y-routes.ts (a query on the demo seed).`);
    const value = await source(db, learnerId);
    if (!value) throw new Error(`Route ${route.path}: the ID_SOURCES query for :${param} found nothing in the demo tenant's seed.`);
    address = address.replace(token, encodeURIComponent(value));
  }
  const query = QUERY_SOURCES[relative];
  if (!query) return `/study${address}`;
  const search = await query(db, learnerId);
  if (!search) throw new Error(`Route ${route.path}: the QUERY_SOURCES query found nothing in the demo tenant's seed.`);
  return `/study${address}?${search}`;
}

/**
 * Whether the route's record comes from the seed (a param or a query), so its page must show it.
 * Record pages only a teacher sees: the demo learner gets the page's refusal, which is audited as
 * it is (the teacher's view is audited by its own journey, tests/e2e/creator-journey.test.ts).
 */
export const TEACHER_RECORD_ROUTES = new Set(['/user/center/work/myContent/detail/:id']);
export const needsRecord = (route: GateRoute) => !TEACHER_RECORD_ROUTES.has(route.path)
  && (/:\w+(?![\w?])/.test(route.path) || route.path.replace(/^\//, '') in QUERY_SOURCES);

/** The whole table: the shell's routes with the page routes the router adds under the layout on first need (src/app/router.tsx discoverPageRoutes). */
export const fullTable = (tree: RouteObject[]): RouteObject[] => tree.map((r) => ({
  ...r, children: r.id === LAYOUT_ROUTE_ID ? [...(r.children ?? []), ...lazyRoutes] : r.children && fullTable(r.children),
} as RouteObject));
export const gateRoutes = tableRoutes(fullTable(routes));
