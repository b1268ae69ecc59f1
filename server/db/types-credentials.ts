// The tables of migration 0031-credentials (issue 19 part E: credential rules and issued
// credentials), as Kysely sees them; collected in types.ts `DB`. docs/growth.md "Credentials".
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

type TenantKey = ColumnType<number, number, never>;
type NullableOptional<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A timestamptz that may be null: read as a Date, written as a Date or an ISO string. */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** What earns a credential: a course finished, a task finished, an exam passed. */
export type CredentialSourceKind = 'course' | 'task' | 'exam';

/** One rule of a tenant: finishing `source` grants a certificate titled `title`. */
export interface CredentialRuleTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  source_kind: CredentialSourceKind;
  source_id: number;
  title: string;
  issuer: string;
  /** {name} and {source} are filled in at issue. */
  body: Generated<string>;
  /** null: never expires. */
  valid_months: NullableOptional<number>;
  enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A certificate held by a learner: the rule's text copied at issue time, and its verification code. */
export interface UserCredentialTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  user_id: number;
  rule_id: number;
  source_kind: CredentialSourceKind;
  source_id: number;
  source_title: Generated<string>;
  title: string;
  issuer: string;
  body: Generated<string>;
  holder_name: string;
  /** XXXX-XXXX-XXXX, unique in the tenant. */
  code: string;
  public_verify: Generated<boolean>;
  issued_at: Timestamp;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoke_reason: NullableOptional<string>;
  updated_at: Timestamp;
}

export interface CredentialsTables {
  credential_rule: CredentialRuleTable;
  user_credential: UserCredentialTable;
}
