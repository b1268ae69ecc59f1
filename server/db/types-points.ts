// The tables of migration 0029-points (issue 19 part C: points: rules, levels, the ledger, ranking), as Kysely sees them;
// collected in types.ts `DB`. docs/growth.md "Points, levels and ranking" explains them.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';
import type { PointsKind } from '../lib/points';

type TenantKey = ColumnType<number, number, never>;

/** What one kind of event earns in a tenant. */
export interface PointsRuleTable {
  tenant_id: TenantKey;
  kind: PointsKind;
  name: string;
  /** Points per unit. */
  points: number;
  /** Units per award of `points` (minutes for study_time and autonomy_study; 1 for most kinds). */
  step: Generated<number>;
  /** Most points of the kind per learner per tenant day; null: none. */
  daily_cap: number | null;
  enabled: Generated<boolean>;
  description: Generated<string>;
  sort: Generated<number>;
  updated_at: Timestamp;
}

/** A level held from min_points of total points on. */
export interface PointsLevelTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  name: string;
  min_points: number;
}

/** One award; its sum per learner equals user_integral.points. */
export interface PointsLedgerTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  user_id: number;
  kind: PointsKind;
  ref: string;
  points: number;
  note: string | null;
  /** The tenant's calendar day; queries read it with to_char(day, 'YYYY-MM-DD'). */
  day: ColumnType<Date | string, string, string>;
  created_at: Timestamp;
}

export interface PointsTables {
  points_rule: PointsRuleTable;
  points_level: PointsLevelTable;
  points_ledger: PointsLedgerTable;
}
