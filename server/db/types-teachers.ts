// The tables of migration 0033-teachers-requirements (issue 19 part G: teachers' pages and the requirements hall), as Kysely sees them;
// collected in types.ts `DB`. docs/growth.md "Teachers and the requirements hall" explains them.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

type TenantKey = ColumnType<number, number, never>;
type NullableOptional<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A jsonb column written as JSON text (JSON.stringify) and read parsed. */
type JsonDefault<T> = ColumnType<T, string | undefined, string>;
/** numeric(12,2): read as a string by pg, written as a number. */
type Money = ColumnType<string | null, number | null | undefined, number | null>;

/** A file from the upload flow, as stored on a requirement or a response. */
export interface StoredFile { name: string; url: string; size: number; contentType: string }

/** The hall's fixed kinds of requirement. */
export type RequirementCategory = 'course' | 'lecture' | 'content' | 'consulting' | 'other';
/** open: taking responses; matched: a response accepted; closed: closed by its owner. */
export type RequirementState = 'open' | 'matched' | 'closed';

/** A learner's 1–5 rating of a teacher, one per learner and teacher. */
export interface TeacherRatingTable {
  tenant_id: TenantKey;
  teacher_id: ColumnType<number, number, never>;
  user_id: ColumnType<number, number, never>;
  score: number;
  comment: NullableOptional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A requirement of the hall. */
export interface RequirementTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  owner_id: ColumnType<number, number, never>;
  title: string;
  description: string;
  category: RequirementCategory;
  budget: Money;
  deadline: Timestamp;
  attachments: JsonDefault<StoredFile[]>;
  state: Generated<RequirementState>;
  accepted_response_id: NullableOptional<number>;
  closed_at: NullableOptional<Date | string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One user's response to a requirement. */
export interface RequirementResponseTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  requirement_id: ColumnType<number, number, never>;
  user_id: ColumnType<number, number, never>;
  content: string;
  quote: Money;
  attachments: JsonDefault<StoredFile[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The tables of migration 0033. */
export interface TeachersTables {
  teacher_rating: TeacherRatingTable;
  requirement: RequirementTable;
  requirement_response: RequirementResponseTable;
}
