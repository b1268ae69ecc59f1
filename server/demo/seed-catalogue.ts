import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import { withTenant } from '../db/database';
import type { DB } from '../db/types';
import { ACADEMY_SCALE, SCHOOL_SCALE, buildAcademyPlan } from './seed-catalogue-academy';
import { buildCoverSvg } from './seed-catalogue-covers';
import type { CataloguePlan, PlanCard } from './seed-catalogue-plan';
import { buildShopPlan } from './seed-catalogue-shop';
import { writeProductReviews } from './seed-shop-reviews';
import type { AcademyVocab } from './seed-catalogue-vocab';
import { handoutDocument, planArticleTexts, writeDocuments } from './seed-documents';
import { writeHelpBodies } from './seed-help';
import { AI_TENANT, aiDocumentTexts, buildAiPlan, writeAiDocuments } from './seed-catalogue-ai';
import { demoTracksOf, writeDemoTracks, type DemoTrack } from './seed-media';
import { READING_SEED_TENANTS, READING_TRACKS } from './seed-reading';
import { demoVideosOf, writeDemoVideos } from './seed-video';
import { EN_ACADEMY } from './seed-catalogue-words-en';
import { ZH_SCHOOL } from './seed-catalogue-words-school';
import { ZH_ACADEMY } from './seed-catalogue-words-zh';

// Writes a generated demo catalogue (seed-catalogue-plan.ts) for the demo tenants, in batches so a
// fresh test database stays quick to seed.

/**
 * The showcase course's id (README "Listening, watching and reading"): demo's first course, the one
 * its audio and video chapters are added to, has this id whatever order the tenants are seeded in
 * (the tenant's own id, easy to remember). It is above every id the tenants seeded before demo take,
 * so course ids stay unique across tenants (tests/server/showcase-course.test.ts checks both).
 */
export const SHOWCASE_COURSE_ID = 1001;

/** An academy plan whose first course (the showcase) keeps SHOWCASE_COURSE_ID. */
function withShowcase(plan: CataloguePlan): CataloguePlan {
  if (plan.courses[0]) plan.courses[0].id = SHOWCASE_COURSE_ID;
  return plan;
}

/** Which demo tenants get a catalogue, and which. The ai tenant (1004) has a small one for its assistant to answer from. */
const PLANS: Record<number, (tenantId: number, now: Date) => CataloguePlan> = {
  1001: (id, now) => withShowcase(buildAcademyPlan(id, ZH_ACADEMY, ACADEMY_SCALE, now)),
  1002: (id, now) => buildAcademyPlan(id, EN_ACADEMY, ACADEMY_SCALE, now),
  1003: (id, now) => buildShopPlan(id, now),
  1533: (id, now) => buildAcademyPlan(id, ZH_SCHOOL, SCHOOL_SCALE, now),
  [AI_TENANT]: (id, now) => buildAiPlan(id, now),
};

/** The vocabulary each academy plan is written in, for its documents' texts (seed-documents.ts). */
const VOCABS: Record<number, AcademyVocab> = { 1001: ZH_ACADEMY, 1002: EN_ACADEMY, 1533: ZH_SCHOOL };

/** The catalogue plan of a demo tenant, or undefined for a tenant without one. Pure for a given clock. */
export function buildCataloguePlan(tenantId: number, now: Date = new Date()): CataloguePlan | undefined {
  return PLANS[tenantId]?.(tenantId, now);
}

export interface SeedCatalogueOptions {
  /** The clock publish times and schedules are relative to (default: now). */
  now?: Date;
  /** Writes this plan instead of the tenant's own (tests). */
  plan?: CataloguePlan;
}

/** Rows written per kind. */
export type CatalogueCounts = Record<string, number>;

/** Generated learners can never sign in: no scrypt key matches this hash. */
const NO_PASSWORD = { password_hash: 'locked', password_salt: '' };

/** Splits rows into INSERT-sized batches (PostgreSQL allows 65535 parameters a statement). */
function chunks<T>(rows: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Maps plan keys to the ids the database gave, in insertion order. */
function keyIds(keys: string[], rows: { id: number }[], what: string): Map<string, number> {
  if (rows.length !== keys.length) throw new Error(`Seeding ${what} returned ${rows.length} ids for ${keys.length} rows.`);
  return new Map(keys.map((key, i) => [key, Number(rows[i]!.id)]));
}

/**
 * Writes the demo catalogue of one tenant: categories, teachers, contents, courses, subjects,
 * classes, rooms, exams, tasks, games, notices, articles, points, providers, products and banners.
 * Call it once, for a newly written tenant (seedTenants does); inside that tenant's transaction, or
 * with a connection, in which case it opens one. Returns the rows written per kind.
 */
export async function seedCatalogue(db: Kysely<DB>, tenantId: number, opts: SeedCatalogueOptions = {}): Promise<CatalogueCounts> {
  const plan = opts.plan ?? buildCataloguePlan(tenantId, opts.now ?? new Date());
  if (!plan) return {};
  if (plan.tenantId !== tenantId) throw new Error(`The catalogue plan is for tenant ${plan.tenantId}, not ${tenantId}.`);
  return db.isTransaction ? writePlan(db as Transaction<DB>, plan) : withTenant(db, tenantId, (trx) => writePlan(trx, plan));
}

async function writePlan(trx: Transaction<DB>, plan: CataloguePlan): Promise<CatalogueCounts> {
  const tenant_id = plan.tenantId;
  const categoryIds = new Map<string, number>();
  // Parents before children, one level a statement: the trigger derives each path from the parent.
  let pending = plan.categories;
  while (pending.length) {
    const level = pending.filter((c) => c.parentKey === null || categoryIds.has(c.parentKey));
    if (!level.length) throw new Error(`Category "${pending[0]!.name}" names a parent that is not in the plan.`);
    const rows = await trx.insertInto('category').values(level.map((c) => ({
      tenant_id, parent_id: c.parentKey === null ? null : categoryIds.get(c.parentKey)!, purpose: c.purpose, name: c.name, icon: null, sort: c.sort,
    }))).returning('id').execute();
    for (const [key, id] of keyIds(level.map((c) => c.key), rows, 'categories')) categoryIds.set(key, id);
    pending = pending.filter((c) => !level.includes(c));
  }
  const card = (c: PlanCard) => ({
    tenant_id, category_id: c.categoryKey === null ? null : categoryIds.get(c.categoryKey) ?? null, title: c.title, cover: c.cover,
    summary: c.summary, publish_time: c.publishTime,
  });

  const teacherIds = plan.teachers.length
    ? keyIds(plan.teachers.map((t) => t.key), await trx.insertInto('teacher').values(plan.teachers.map((t) => ({
      tenant_id, name: t.name, title: t.title, avatar: t.avatar, intro: t.intro, score: t.score,
    }))).returning('id').execute(), 'teachers')
    : new Map<string, number>();
  const teacherOf = (key: string | null) => (key === null ? null : teacherIds.get(key) ?? null);

  const contentIds = new Map<string, number>();
  for (const batch of chunks(plan.contents)) {
    const rows = await trx.insertInto('content').values(batch.map((c) => ({
      ...card(c), purpose: c.purpose, kind: c.kind, author: c.author, duration: c.duration, media_url: c.mediaUrl, labels: c.labels,
      view_count: c.viewCount, favour_count: c.favourCount,
    }))).returning('id').execute();
    for (const [key, id] of keyIds(batch.map((c) => c.key), rows, 'contents')) contentIds.set(key, id);
  }
  const parts = plan.contents.flatMap((c) => c.parts.map((p, sort) => ({
    tenant_id, content_id: contentIds.get(c.key)!, title: p.title, kind: p.kind, media_url: p.mediaUrl ?? null, duration: p.duration, sort,
  })));
  for (const batch of chunks(parts)) await trx.insertInto('content_part').values(batch).execute();

  const courseIds = new Map<string, number>();
  const fixedIds = plan.courses.flatMap((c) => (c.id === undefined ? [] : [c.id]));
  if (fixedIds.length) {
    // The id sequence is shared by all tenants: move it past the fixed ids first, so no course
    // generated later, of this tenant or another, gets one of them.
    await sql`select setval(pg_get_serial_sequence('course', 'id'), greatest(${Math.max(...fixedIds)}, (select last_value from course_id_seq)))`.execute(trx);
  }
  for (const batch of chunks(plan.courses)) {
    const rows = await trx.insertInto('course').values(batch.map((c) => ({
      ...(c.id === undefined ? {} : { id: c.id }),
      ...card(c), teacher_id: teacherOf(c.teacherKey), labels: c.labels, study_count: c.studyCount, favour_count: c.favourCount, score: c.score,
    }))).returning('id').execute();
    for (const [key, id] of keyIds(batch.map((c) => c.key), rows, 'courses')) courseIds.set(key, id);
  }
  // Each course's handout: its size is the seeded PDF's (the same bytes writeDocuments writes).
  const vocab = VOCABS[tenant_id];
  const handouts = plan.courses.filter((c) => c.handout && vocab).map((c) => ({
    tenant_id, target_type: 'course' as const, target_id: courseIds.get(c.key)!, name: c.handout!.name, url: c.handout!.url,
    size: handoutDocument(plan, c, vocab!).bytes.length, mime: 'application/pdf', sort: 0,
  }));
  for (const batch of chunks(handouts)) await trx.insertInto('attachment').values(batch).execute();
  const phases = plan.courses.flatMap((c) => c.phases.map((p, sort) => ({ course: c.key, phase: p, sort })));
  let lessonCount = 0;
  for (const batch of chunks(phases)) {
    const rows = await trx.insertInto('course_phase').values(batch.map((p) => ({
      tenant_id, course_id: courseIds.get(p.course)!, title: p.phase.title, sort: p.sort,
    }))).returning('id').execute();
    const phaseIds = keyIds(batch.map((_, i) => String(i)), rows, 'course phases');
    const lessons = batch.flatMap((p, i) => p.phase.lessons.map((l, sort) => ({
      tenant_id, course_id: courseIds.get(p.course)!, phase_id: phaseIds.get(String(i))!, title: l.title, kind: l.kind,
      duration: l.duration, sort, content_id: l.contentKey === null ? null : contentIds.get(l.contentKey) ?? null,
    })));
    for (const lessonBatch of chunks(lessons)) await trx.insertInto('course_phase_content').values(lessonBatch).execute();
    lessonCount += lessons.length;
  }

  if (plan.subjects.length) {
    const rows = await trx.insertInto('subject').values(plan.subjects.map((s) => ({
      ...card(s), labels: s.labels, study_count: s.studyCount, favour_count: s.favourCount,
    }))).returning('id').execute();
    const items = plan.subjects.flatMap((s, i) => s.items.map((item, sort) => ({
      tenant_id, subject_id: Number(rows[i]!.id), sort,
      course_id: 'courseKey' in item ? courseIds.get(item.courseKey)! : null,
      content_id: 'contentKey' in item ? contentIds.get(item.contentKey)! : null,
    })));
    for (const batch of chunks(items)) await trx.insertInto('subject_item').values(batch).execute();
  }

  if (plan.classes.length) {
    await trx.insertInto('training_class').values(plan.classes.map((c) => ({
      ...card(c), teacher_id: teacherOf(c.teacherKey), start_time: c.start, end_time: c.end, enrol_limit: c.enrolLimit,
      enrol_count: c.enrolCount, is_public: c.isPublic,
    }))).execute();
  }
  if (plan.rooms.length) {
    await trx.insertInto('live_room').values(plan.rooms.map((r) => ({
      ...card(r), teacher_id: teacherOf(r.teacherKey), start_time: r.start, end_time: r.end, live_state: r.liveState,
      enrol_count: r.enrolCount, audience_count: r.audienceCount,
    }))).execute();
  }
  if (plan.exams.length) {
    await trx.insertInto('exam').values(plan.exams.map((e) => ({
      ...card(e), type: e.type, start_time: e.start, end_time: e.end, duration: e.duration, pass_score: e.passScore,
      total_score: e.totalScore, question_count: e.questionCount, join_count: e.joinCount,
    }))).execute();
  }
  if (plan.tasks.length) {
    await trx.insertInto('task').values(plan.tasks.map((t) => ({
      ...card(t), start_time: t.start, end_time: t.end, step_count: t.stepCount, points: t.points, join_count: t.joinCount, is_public: t.isPublic,
    }))).execute();
  }
  if (plan.games.length) {
    await trx.insertInto('game').values(plan.games.map((g) => ({ ...card(g), round_count: g.roundCount, player_count: g.playerCount }))).execute();
  }
  if (plan.notices.length) {
    await trx.insertInto('notice').values(plan.notices.map((n) => ({
      ...card(n), body: n.body, is_public: n.isPublic, top: n.top, view_count: n.viewCount,
    }))).execute();
  }
  if (plan.articles.length) {
    await trx.insertInto('article').values(plan.articles.map((a) => ({
      ...card(a), kind: a.kind, author: a.author, view_count: a.viewCount, favour_count: a.favourCount, body_url: a.bodyUrl ?? null,
    }))).execute();
  }

  const points: { tenant_id: number; user_id: number; points: number }[] = [];
  if (plan.learners.length) {
    const rows = await trx.insertInto('user_account').values(plan.learners.map((l) => ({
      tenant_id, account: l.account, ...NO_PASSWORD, real_name: l.realName, nick_name: l.nickName, avatar_img: l.avatar,
      mobile: null, email: null, gender: null, birthday: null, summary: null,
    }))).returning('id').execute();
    plan.learners.forEach((l, i) => points.push({ tenant_id, user_id: Number(rows[i]!.id), points: l.points }));
  }
  if (plan.userPoints.length) {
    // An explicit tenant filter: the owner may be a superuser, which row-level security does not bind.
    const users = await trx.selectFrom('user_account').select(['id', 'account'])
      .where('tenant_id', '=', tenant_id).where('account', 'in', plan.userPoints.map((u) => u.account)).execute();
    for (const u of plan.userPoints) {
      const user = users.find((row) => row.account === u.account);
      if (user) points.push({ tenant_id, user_id: Number(user.id), points: u.points });
    }
  }
  if (points.length) await trx.insertInto('user_integral').values(points).execute();

  const providerIds = plan.providers.length
    ? keyIds(plan.providers.map((p) => p.key), await trx.insertInto('provider').values(plan.providers.map((p) => ({
      tenant_id, name: p.name, logo: p.logo, summary: p.summary, org_type: p.orgType, org_path: p.orgPath, state: p.state, sort: p.sort,
    }))).returning('id').execute(), 'providers')
    : new Map<string, number>();
  for (const batch of chunks(plan.products)) {
    const rows = await trx.insertInto('product').values(batch.map((p) => ({
      ...card(p), provider_id: providerIds.get(p.providerKey)!, type: p.type, price: p.price, retail_price: p.retailPrice,
      stock: p.stock, sales_count: p.salesCount, description: p.description ?? null, images: p.images ?? [], specs: JSON.stringify(p.specs ?? []),
    }))).returning('id').execute();
    await writeProductReviews(trx, tenant_id, batch, rows.map((r) => Number(r.id)));
  }

  if (plan.banners.length) {
    await trx.insertInto('banner').values(plan.banners.map((b) => ({
      tenant_id, store_id: null, position: b.position, title: b.title, image: b.image, sort: b.sort,
      link: JSON.stringify(b.categoryKey === null ? b.link : { ...b.link, id: categoryIds.get(b.categoryKey) }),
    }))).execute();
  }

  return {
    categories: plan.categories.length, teachers: plan.teachers.length, contents: plan.contents.length, contentParts: parts.length,
    courses: plan.courses.length, coursePhases: phases.length, lessons: lessonCount, subjects: plan.subjects.length,
    classes: plan.classes.length, rooms: plan.rooms.length, exams: plan.exams.filter((e) => e.type === 'exam').length,
    surveys: plan.exams.filter((e) => e.type === 'survey').length, tasks: plan.tasks.length, games: plan.games.length,
    notices: plan.notices.length, articles: plan.articles.length, learners: plan.learners.length, points: points.length,
    providers: plan.providers.length, products: plan.products.length, banners: plan.banners.length,
  };
}

const documentTexts = new Map<number, Map<string, string>>();

/**
 * The HTML of a seeded document by its site path (/uploads/seed/docs/{tenantId}/…), made as
 * writeCatalogueCovers writes it at start-up: the seed's retrieval index reads documents before the
 * upload folder holds them (seed-ai-index.ts). Null for a path no plan writes.
 */
export function seededDocumentText(tenantId: number, url: string): string | null {
  let texts = documentTexts.get(tenantId);
  if (!texts) {
    const plan = buildCataloguePlan(tenantId);
    const vocab = VOCABS[tenantId];
    texts = new Map([...(plan && vocab ? planArticleTexts(plan, vocab) : []), ...(plan && tenantId === AI_TENANT ? aiDocumentTexts(plan) : [])]);
    documentTexts.set(tenantId, texts);
  }
  return texts.get(url) ?? null;
}

/**
 * Writes the cover, avatar and banner images of every demo catalogue into the upload dir (under
 * seed/covers/), the help articles' texts (seed/help/) and the articles' and PDFs' documents
 * (seed/docs/), where the seeded rows point. Safe to
 * repeat: the same plan gives the same files. Returns the images written.
 */
export async function writeCatalogueCovers(uploadDir: string): Promise<number> {
  let written = 0;
  for (const tenantId of Object.keys(PLANS).map(Number)) {
    const plan = buildCataloguePlan(tenantId)!;
    await writeHelpBodies(uploadDir, [plan]);
    const vocab = VOCABS[tenantId];
    if (vocab) await writeDocuments(uploadDir, plan, vocab);
    if (tenantId === AI_TENANT) await writeAiDocuments(uploadDir, plan);
    await mkdir(join(uploadDir, 'seed', 'covers', String(tenantId)), { recursive: true });
    for (const batch of chunks(plan.covers, 64)) {
      await Promise.all(batch.map(async (spec) => {
        await writeFile(join(uploadDir, spec.file), buildCoverSvg(spec), 'utf8');
      }));
      written += batch.length;
    }
  }
  return written;
}

/**
 * Writes the demo audio tracks and videos every demo catalogue refers to into the media folder
 * (MEDIA_DIR/<tenantId>/audio/ and video/). Safe to repeat: a file of the right size is not rewritten.
 * Returns the files written.
 */
export async function writeCatalogueMedia(mediaDir: string): Promise<number> {
  const plans = Object.keys(PLANS).map(Number).map((tenantId) => [tenantId, buildCataloguePlan(tenantId)!] as const);
  // The shop's audiobook chapters (seed-reading.ts) play demo tracks its plan does not list.
  const withReading = (tenantId: number, tracks: DemoTrack[]) => (READING_SEED_TENANTS.includes(tenantId)
    ? [...tracks, ...READING_TRACKS.filter((t) => !tracks.includes(t))] : tracks);
  const tracks = await writeDemoTracks(mediaDir, new Map(plans.map(([tenantId, plan]) => [tenantId, withReading(tenantId, demoTracksOf(plan))])));
  return tracks + await writeDemoVideos(mediaDir, new Map(plans.map(([tenantId, plan]) => [tenantId, demoVideosOf(plan)])));
}
