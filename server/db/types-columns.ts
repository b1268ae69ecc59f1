// Column types the table files share.
import type { ColumnType } from 'kysely';

/** timestamptz: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** json/jsonb written as text. */
export type Json<T = unknown> = ColumnType<T, string, string>;
