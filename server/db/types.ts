// The database as Kysely sees it: the tenant, settings, account and sign-in tables here; the
// catalogue (types-catalogue.ts) and study and social tables (types-study.ts) in their own files.
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './types-columns';
import type {
  ArticleTable, AttachmentTable, BannerTable, CategoryTable, ContentPartTable, ContentTable, CoursePhaseContentTable, CoursePhaseTable,
  CourseTable, ExamTable, GameTable, LiveRoomTable, NoticeTable, ProductTable, ProviderTable, SubjectItemTable, SubjectTable, TaskTable,
  TeacherTable, TrainingClassTable, UserIntegralTable,
} from './types-catalogue';
import type { AppraiseTable, CommentTable, FavoriteTable, StudyDayDeltaTable, StudyDayTable, StudyRecordTable } from './types-study';
import type { CartItemTable, ProductCommentTable, ShopOrderItemTable, ShopOrderTable, UserAddressTable } from './types-shop';
import type { PageAuditTable, PageDraftTable, PageVersionTable } from './types-pages';

export type * from './types-catalogue';
export type * from './types-study';
import type { ClassesMemberTable, ClassesPhaseContentTable, ClassesPhaseTable } from './types-classes';
export type * from './types-classes';
import type { ClassesMoreTables } from './types-classes-more';
export type * from './types-classes-more';
export type * from './types-shop';
import type { ExamAttemptTable, ExamQuestionTable } from './types-exam';
export type * from './types-exam';
import type { ContentAuditColumns, ExamBuilderColumns, ExamMoreTables } from './types-exam-more';
export type * from './types-exam-more';
import type { StudyRecordTaskColumn, TaskRuleColumns, TasksTables } from './types-tasks';
export type * from './types-tasks';
import type { GamesTables } from './types-games';
import type { PointsTables } from './types-points';
import type { ArchivesTables } from './types-archives';
import type { CredentialsTables } from './types-credentials';
import type { MatchesTables } from './types-matches';
import type { TeachersTables } from './types-teachers';
import type { ArticleOwnerColumns, SharingTables } from './types-sharing';
import type { CategoryFeaturedColumn, ShopCatalogueTables } from './types-shop-catalogue';
import type { AfterSaleTables, ProductCommentAfterSaleColumns, ShopOrderAfterSaleColumns } from './types-after-sale';
import type { ReservationsTables } from './types-reservations';
import type { MakeTables } from './types-make';
import type { CenterShopTables } from './types-center-shop';
import type { ContentAuthorColumns, ReadingPlatformTables } from './types-reading-platform';
export type * from './types-reading-platform';
import type { AiProviderTables } from './types-ai-provider';
import type { AiIndexedColumn, AiIndexTables } from './types-ai-index';
import type { AiChatConversationColumns, AiChatMessageColumns, AiChatTables } from './types-ai-chat';
import type { AiAssistantsTables } from './types-ai-assistants';
import type { AiImagesTables } from './types-ai-images';
import type { AiCreditsTables, ProductAiCreditsColumns } from './types-ai-credits';
import type { ContentPartWorkColumns, ContentWorkColumns, CreatorsTables } from './types-creators';
import type { AppPackagesTables } from './types-app-packages';
export type * from './types-creators';
import type { RobotAskTable, RobotConversationTable, RobotMessageTable } from './types-robot';
import type { ReadingChapterTable } from './types-reading';
export type * from './types-reading';
export type * from './types-robot';
import type { CaptchaPuzzleTable, OneTimeEntryTable, RateWindowTable } from './types-nodes';
export type * from './types-nodes';
import type { ChatMessageTable, ChatSanctionTable } from './types-chat';
export type * from './types-chat';
import type { LiveRoomLiveColumns, LiveRoomMemberTable, LiveRoomPresenceTable, TeacherAccountColumn, UserRoleTable } from './types-live';
export type * from './types-live';

/** The tenant directory: a reference table read before any tenant context exists (lookup by code). */
export interface TenantTable {
  id: ColumnType<number, number, never>; // bigint, parsed to a number (server/db/database.ts)
  code: string;
  name: string;
  tenant_type: number;
  state: Generated<number>;
  /** IANA zone of the tenant's calendar days (study time per day; migration 0006). */
  time_zone: Generated<string>;
  created_at: Generated<Timestamp>;
}

/** A tenant's signing secret (migration 0016): forced row-level security, readable only under its own tenant. */
export interface TenantSecretTable {
  tenant_id: number;
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

/** The database as Kysely sees it. */
export interface DB extends ClassesMoreTables, ExamMoreTables,
  TasksTables, GamesTables, PointsTables, ArchivesTables, CredentialsTables, MatchesTables, TeachersTables, SharingTables,
  ShopCatalogueTables, AfterSaleTables, ReservationsTables, MakeTables, CenterShopTables, ReadingPlatformTables, CreatorsTables, AppPackagesTables,
  AiProviderTables, AiIndexTables, AiChatTables, AiAssistantsTables, AiImagesTables, AiCreditsTables {
  tenant: TenantTable;
  tenant_secret: TenantSecretTable;
  tenant_store: TenantStoreTable;
  tenant_config: TenantConfigTable;
  navigate: NavigateTable;
  page: PageTable;
  page_draft: PageDraftTable;
  page_version: PageVersionTable;
  page_audit: PageAuditTable;
  user_account: UserAccountTable;
  category: CategoryTable & CategoryFeaturedColumn;
  teacher: TeacherTable & TeacherAccountColumn;
  content: ContentTable & ContentAuditColumns & ContentAuthorColumns & ContentWorkColumns & AiIndexedColumn;
  content_part: ContentPartTable & ContentPartWorkColumns;
  course: CourseTable & AiIndexedColumn;
  course_phase: CoursePhaseTable;
  course_phase_content: CoursePhaseContentTable;
  subject: SubjectTable & AiIndexedColumn;
  subject_item: SubjectItemTable;
  training_class: TrainingClassTable;
  live_room: LiveRoomTable & LiveRoomLiveColumns;
  exam: ExamTable & ExamBuilderColumns;
  task: TaskTable & TaskRuleColumns;
  game: GameTable;
  notice: NoticeTable;
  article: ArticleTable & ArticleOwnerColumns;
  attachment: AttachmentTable;
  user_integral: UserIntegralTable;
  provider: ProviderTable;
  product: ProductTable & AiIndexedColumn & ProductAiCreditsColumns;
  banner: BannerTable;
  user_token: UserTokenTable;
  login_attempt: LoginAttemptTable;
  sms_code: SmsCodeTable;
  sms_outbox: SmsOutboxTable;
  user_message: UserMessageTable;
  study_record: StudyRecordTable & StudyRecordTaskColumn;
  study_day: StudyDayTable;
  study_day_delta: StudyDayDeltaTable;
  favorite: FavoriteTable;
  comment: CommentTable;
  appraise: AppraiseTable;
  classes_member: ClassesMemberTable;
  classes_phase: ClassesPhaseTable;
  classes_phase_content: ClassesPhaseContentTable;
  cart_item: CartItemTable;
  user_address: UserAddressTable;
  shop_order: ShopOrderTable & ShopOrderAfterSaleColumns;
  shop_order_item: ShopOrderItemTable;
  product_comment: ProductCommentTable & ProductCommentAfterSaleColumns;
  exam_question: ExamQuestionTable;
  exam_attempt: ExamAttemptTable;
  robot_conversation: RobotConversationTable & AiChatConversationColumns;
  robot_message: RobotMessageTable & AiChatMessageColumns;
  robot_ask: RobotAskTable;
  reading_chapter: ReadingChapterTable;
  captcha_puzzle: CaptchaPuzzleTable;
  one_time_entry: OneTimeEntryTable;
  rate_window: RateWindowTable;
  user_role: UserRoleTable;
  live_room_member: LiveRoomMemberTable;
  live_room_presence: LiveRoomPresenceTable;
  chat_message: ChatMessageTable;
  chat_sanction: ChatSanctionTable;
}
