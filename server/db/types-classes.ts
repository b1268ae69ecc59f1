// The class member and schedule tables (migration 0009), as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

/** Member states: 1 enrolled (holds a seat), 2 cancelled before the start, 3 quit after the start. */
export type ClassesMemberState = 1 | 2 | 3;

export interface ClassesMemberTable {
  tenant_id: ColumnType<number, number, never>;
  classes_id: ColumnType<number, number, never>;
  user_id: ColumnType<number, number, never>;
  state: ColumnType<ClassesMemberState, ClassesMemberState | undefined, ClassesMemberState>;
  enrolled_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** When the member cancelled or quit; null while enrolled. */
  left_at: Timestamp | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ClassesPhaseTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  classes_id: number;
  title: string;
  summary: string | null;
  sort: Generated<number>;
  /** Days after the class start when the phase opens (migration 0022). */
  open_day: Generated<number>;
}

/** One item of a phase: exactly one of course_id and content_id. */
export interface ClassesPhaseContentTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  classes_id: number;
  phase_id: number;
  course_id: number | null;
  content_id: number | null;
  sort: Generated<number>;
}
