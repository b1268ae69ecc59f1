// The tables of migration 0034-sharing (issue 19 part H: learners' shared articles, notices by user, topics and affairs), as Kysely sees them;
// collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

type TenantKey = ColumnType<number, number, never>;
type Id = Generated<number>;
type NullableOptional<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** The columns 0034 adds to article: a learner's own article with its sanitised text. */
export interface ArticleOwnerColumns {
  /** The learner who wrote it; null: the tenant's editors. */
  owner_id: NullableOptional<number>;
  /** The text as HTML, sanitised on save; null: the text is at body_url. */
  body: NullableOptional<string>;
  /** The rich-text policy version body was sanitised under. */
  body_policy: NullableOptional<number>;
  updated_at: Timestamp;
}

/** A user has read a tenant notice (notice_id) or a class notice (classes_notice_id). */
export interface NoticeReadTable {
  tenant_id: TenantKey;
  id: Id;
  user_id: number;
  notice_id: NullableOptional<number>;
  classes_notice_id: NullableOptional<number>;
  read_at: Timestamp;
}

/** A topic page: a curated collection. */
export interface TopicTable {
  tenant_id: TenantKey;
  id: Id;
  title: string;
  subtitle: NullableOptional<string>;
  banner: NullableOptional<string>;
  intro: NullableOptional<string>;
  state: Generated<number>;
  view_count: Generated<number>;
  publish_time: Timestamp;
}

export interface TopicSectionTable {
  tenant_id: TenantKey;
  id: Id;
  topic_id: number;
  title: string;
  sort: Generated<number>;
}

/** What a topic item names. */
export type TopicItemKind = 'course' | 'content' | 'exam' | 'classes';

export interface TopicItemTable {
  tenant_id: TenantKey;
  id: Id;
  section_id: number;
  kind: TopicItemKind;
  ref_id: number;
  sort: Generated<number>;
}

/** One attachment of an affair. */
export interface AffairFile { name: string; url: string; size: number }

/** An official notice with attachments and a read receipt. */
export interface AffairTable {
  tenant_id: TenantKey;
  id: Id;
  title: string;
  issuer: NullableOptional<string>;
  doc_no: NullableOptional<string>;
  body: Generated<string>;
  attachments: ColumnType<AffairFile[], string | undefined, string>;
  need_confirm: Generated<boolean>;
  confirm_deadline: NullableOptional<Date | string>;
  state: Generated<number>;
  publish_time: Timestamp;
}

export interface AffairReceiptTable {
  tenant_id: TenantKey;
  affair_id: number;
  user_id: number;
  confirmed_at: Timestamp;
}

/** The tables of 0034, merged into DB. */
export interface SharingTables {
  notice_read: NoticeReadTable;
  topic: TopicTable;
  topic_section: TopicSectionTable;
  topic_item: TopicItemTable;
  affair: AffairTable;
  affair_receipt: AffairReceiptTable;
}
