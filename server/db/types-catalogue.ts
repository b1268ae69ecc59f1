// The content catalogue's tables (migration 0002), as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, Json } from './types-columns';

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
  /** The article's text: an HTML document's address (migration 0007). */
  body_url: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Plain text, paragraphs split by blank lines (migration 0014). */
  description: ColumnType<string | null, string | null | undefined, string | null>;
  /** The gallery's image addresses, after the cover (migration 0014). */
  images: ColumnType<string[], string[] | undefined, string[]>;
  /** Specifications as [{ name, value }] (migration 0014). */
  specs: ColumnType<Array<{ name: string; value: string }>, string | undefined, string>;
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

/** A file a course, subject or content comes with (migration 0008). */
export interface AttachmentTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  target_type: 'course' | 'subject' | 'content';
  target_id: number;
  name: string;
  url: string;
  size: number | null;
  mime: string | null;
  sort: Generated<number>;
  created_at: Generated<Timestamp>;
}
