import { sql, type Kysely } from 'kysely';

// Issue 18 part C (mock practice): exam_attempt.wrong_recorded_at says when an attempt's wrong answers
// went into the wrong-answer book (server/modules/exam/practice-wrong.ts). Recording is then done
// once per attempt: the close of an attempt records it, practice start backfills the attempts not
// yet recorded, and a row the learner removed from the book is not brought back by a second pass.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table exam_attempt add column wrong_recorded_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table exam_attempt drop column if exists wrong_recorded_at`.execute(db);
}
