import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;

/** The tenant directory: a reference table read before any tenant context exists (lookup by code). */
export interface TenantTable {
  id: ColumnType<number, number, never>; // bigint, parsed to a number (server/db/database.ts)
  code: string;
  name: string;
  tenant_type: number;
  state: Generated<number>;
  secret: string;
  created_at: Generated<Timestamp>;
}

export interface TenantStoreTable {
  tenant_id: ColumnType<number, number, never>;
  id: ColumnType<number, number, never>;
  name: string;
  thumb_img: string | null;
  org_path: string | null;
  state: number;
  global_style: Json<Record<string, unknown>>;
  sort: Generated<number>;
}

export interface TenantConfigTable {
  tenant_id: ColumnType<number, number, never>;
  store_id: ColumnType<number, number, never>;
  param_group: string;
  param_key: string;
  param_value: string;
  param_value_type: number;
}

export interface NavigateTable {
  tenant_id: ColumnType<number, number, never>;
  id: ColumnType<number, number, never>;
  store_id: number;
  parent_id: number | null;
  title: string;
  page_code: string | null;
  page_path: string | null;
  link: Json<Record<string, unknown> | null> | null;
  sort: number;
  state: Generated<number>;
  purpose: Generated<number>;
}

export interface PageTable {
  tenant_id: ColumnType<number, number, never>;
  id: ColumnType<number, number, never>;
  store_id: number | null;
  page_code: string;
  name: string;
  type: number;
  purpose: number;
  state: number;
  thumb_img: string | null;
  sort: number;
  template: Json<unknown> | null;
}

export interface UserAccountTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  account: string;
  password_hash: string;
  password_salt: string;
  real_name: string | null;
  nick_name: string | null;
  mobile: string | null;
  email: string | null;
  gender: string | null;
  birthday: Timestamp | null;
  summary: string | null;
  avatar_img: string | null;
  admin_auth: Generated<boolean>;
  created_at: Generated<Timestamp>;
  // Added by migration 0003 (spec shell §3 "User info").
  org_name: Generated<string | null>;
  post_name: Generated<string | null>;
  county_code: Generated<string | null>;
  county_name: Generated<string | null>;
}

/** Every tenant-owned catalogue row: the tenant and an identity id (bigint, parsed to a number). */
interface CatalogueRow {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
}

/** Columns shared by every listed catalogue item (migration 0002 `card`). */
interface CardColumns extends CatalogueRow {
  category_id: number | null;
  title: string;
  cover: string | null;
  summary: string | null;
  state: Generated<number>;
  publish_time: Timestamp; // defaults to now()
}

type ContentKind = 'video' | 'audio' | 'pdf' | 'article' | 'link';
type Labels = ColumnType<string[], string[] | undefined, string[]>;
type Count = Generated<number>;
/** numeric(12,2): pg returns a string; the repository turns it into a number. */
type Money = ColumnType<string, number | string, number | string>;

export interface CategoryTable extends CatalogueRow {
  parent_id: number | null;
  purpose: number;
  name: string;
  /** '/3/17/': ids from the root, set by a trigger on insert. */
  path: Generated<string>;
  icon: string | null;
  sort: Generated<number>;
  state: Generated<number>;
}

export interface TeacherTable extends CatalogueRow {
  name: string;
  title: string | null;
  avatar: string | null;
  intro: string | null;
  score: Count;
  state: Generated<number>;
}

export interface ContentTable extends CardColumns {
  purpose: number;
  kind: ContentKind;
  author: string | null;
  duration: Count;
  media_url: string | null;
  labels: Labels;
  view_count: Count;
  favour_count: Count;
}

export interface ContentPartTable extends CatalogueRow {
  content_id: number;
  title: string;
  kind: ContentKind;
  media_url: string | null;
  duration: Count;
  sort: Generated<number>;
}

export interface CourseTable extends CardColumns {
  teacher_id: number | null;
  labels: Labels;
  study_count: Count;
  favour_count: Count;
  score: Count;
}

export interface CoursePhaseTable extends CatalogueRow {
  course_id: number;
  title: string;
  sort: Generated<number>;
}

export interface CoursePhaseContentTable extends CatalogueRow {
  course_id: number;
  phase_id: number;
  content_id: number | null;
  title: string;
  kind: ContentKind;
  duration: Count;
  sort: Generated<number>;
}

export interface SubjectTable extends CardColumns {
  labels: Labels;
  study_count: Count;
  favour_count: Count;
}

export interface SubjectItemTable extends CatalogueRow {
  subject_id: number;
  course_id: number | null;
  content_id: number | null;
  sort: Generated<number>;
}

export interface TrainingClassTable extends CardColumns {
  teacher_id: number | null;
  start_time: Timestamp;
  end_time: Timestamp;
  enrol_limit: number | null;
  enrol_count: Count;
  is_public: Generated<boolean>;
}

export interface LiveRoomTable extends CardColumns {
  teacher_id: number | null;
  start_time: Timestamp;
  end_time: Timestamp | null;
  live_state: Generated<'upcoming' | 'live' | 'ended'>;
  enrol_count: Count;
  audience_count: Count;
}

export interface ExamTable extends CardColumns {
  type: 'exam' | 'survey';
  start_time: Timestamp;
  end_time: Timestamp | null;
  duration: Count;
  pass_score: number | null;
  total_score: number | null;
  question_count: Count;
  join_count: Count;
}

export interface TaskTable extends CardColumns {
  start_time: Timestamp;
  end_time: Timestamp | null;
  step_count: Count;
  points: Count;
  join_count: Count;
  is_public: Generated<boolean>;
}

export interface GameTable extends CardColumns {
  round_count: Count;
  player_count: Count;
}

export interface NoticeTable extends CardColumns {
  body: string | null;
  is_public: Generated<boolean>;
  top: Generated<boolean>;
  view_count: Count;
}

export interface ArticleTable extends CardColumns {
  kind: 'share' | 'news';
  author: string | null;
  view_count: Count;
  favour_count: Count;
}

export interface UserIntegralTable {
  tenant_id: ColumnType<number, number, never>;
  user_id: number;
  points: Count;
  updated_at: Timestamp; // defaults to now()
}

export interface ProviderTable extends CatalogueRow {
  name: string;
  logo: string | null;
  summary: string | null;
  /** 'SCHOOL' opens the school page; anything else the provider page. */
  org_type: Generated<string>;
  org_path: string | null;
  state: Generated<number>;
  sort: Generated<number>;
}

export interface ProductTable extends CardColumns {
  provider_id: number;
  type: number;
  price: Money;
  retail_price: Money | null;
  stock: Count;
  sales_count: Count;
}

export interface BannerTable extends CatalogueRow {
  store_id: number | null;
  position: Generated<string>;
  title: string;
  image: string;
  link: Json<Record<string, unknown> | null> | null;
  sort: Generated<number>;
  state: Generated<number>;
}

/** A sign-in token (migration 0003): only the sha256 of the token text is stored. */
export interface UserTokenTable {
  tenant_id: ColumnType<number, number, never>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp; // defaults to now()
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** One sign-in attempt under one rate-limit key; ok is null while the check runs. */
export interface LoginAttemptTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  key: string;
  at: Timestamp; // defaults to now()
  ok: boolean | null;
}

/** A verification code sent to a mobile (HMAC only). */
export interface SmsCodeTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  mobile: string;
  code_hash: string;
  created_at: Timestamp; // defaults to now()
  expires_at: Timestamp;
  used_at: Timestamp | null;
  attempts: Generated<number>;
}

/** A text "sent" by SMS; the demo has no gateway, so operators read it here. */
export interface SmsOutboxTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  mobile: string;
  text: string;
  created_at: Timestamp; // defaults to now()
}

/** A message-center message: type 1 system notice, 2 study reminder, 3 exam notice; state 0 unread, 1 read. */
export interface UserMessageTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  user_id: number;
  type: number;
  title: string;
  content: Generated<string>;
  state: Generated<number>;
  created_at: Timestamp; // defaults to now()
}

/**
 * A user's study progress on one content part (migration 0004; part_id 0: the whole content).
 * Seconds throughout; saved_at is the client's epoch ms of the stored position.
 */
export interface StudyRecordTable {
  tenant_id: ColumnType<number, number, never>;
  user_id: number;
  content_id: number;
  part_id: Generated<number>;
  progress: Generated<number>;
  saved_at: Generated<number>;
  max_progress: Generated<number>;
  duration: Generated<number>;
  state: Generated<number>; // 1 in progress, 2 finished
  play_time: Generated<number>;
  percentage: Generated<number>;
  course_id: number | null;
  subject_id: number | null;
  log_type: number | null;
  content_type: string | null;
  terminal: Generated<string>;
  finished_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** What a favourite, comment or appraisal is about (migration 0005). */
export type SocialTargetType = 'course' | 'subject' | 'content';

/** A user's favourite: one row per user and target (migration 0005). */
export interface FavoriteTable {
  tenant_id: ColumnType<number, number, never>;
  user_id: number;
  target_type: SocialTargetType;
  target_id: number;
  created_at: Timestamp;
}

/** A comment, plain filtered text of 1–500 characters with an optional 1–5 score; state 1 visible, 0 deleted by its author. */
export interface CommentTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  user_id: number;
  target_type: SocialTargetType;
  target_id: number;
  content: string;
  score: number | null;
  state: Generated<number>;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** A like (1) or dislike (-1): one row per user and target (migration 0005). */
export interface AppraiseTable {
  tenant_id: ColumnType<number, number, never>;
  user_id: number;
  target_type: SocialTargetType;
  target_id: number;
  value: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The database as Kysely sees it. */
export interface DB {
  tenant: TenantTable;
  tenant_store: TenantStoreTable;
  tenant_config: TenantConfigTable;
  navigate: NavigateTable;
  page: PageTable;
  user_account: UserAccountTable;
  category: CategoryTable;
  teacher: TeacherTable;
  content: ContentTable;
  content_part: ContentPartTable;
  course: CourseTable;
  course_phase: CoursePhaseTable;
  course_phase_content: CoursePhaseContentTable;
  subject: SubjectTable;
  subject_item: SubjectItemTable;
  training_class: TrainingClassTable;
  live_room: LiveRoomTable;
  exam: ExamTable;
  task: TaskTable;
  game: GameTable;
  notice: NoticeTable;
  article: ArticleTable;
  user_integral: UserIntegralTable;
  provider: ProviderTable;
  product: ProductTable;
  banner: BannerTable;
  user_token: UserTokenTable;
  login_attempt: LoginAttemptTable;
  sms_code: SmsCodeTable;
  sms_outbox: SmsOutboxTable;
  user_message: UserMessageTable;
  study_record: StudyRecordTable;
  favorite: FavoriteTable;
  comment: CommentTable;
  appraise: AppraiseTable;
}
