// The tables of migration 0030-archives (issue 19 part D: archives: the learner's learning file,
// self-directed study), as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

/** What a self-directed study entry was: reading, media outside the portal, an offline lecture, hands-on practice, other. */
export type AutonomyKind = 'book' | 'video' | 'offline' | 'practice' | 'other';

/** The optional file of an entry, from the upload flow. */
export interface AutonomyAttachment {
  name: string;
  url: string;
  size: number;
  contentType: string;
}

/** One self-directed study entry a learner logged (/archives/autonomyStudy). */
export interface AutonomyStudyTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  user_id: number;
  title: string;
  kind: AutonomyKind;
  /** A date; queries read it with to_char(study_date, 'YYYY-MM-DD'), written as 'YYYY-MM-DD'. */
  study_date: ColumnType<Date | string, string, string>;
  minutes: number;
  note: Generated<string>;
  /** Written as JSON text, read parsed. */
  attachment: ColumnType<AutonomyAttachment | null, string | null, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ArchivesTables {
  autonomy_study: AutonomyStudyTable;
}
