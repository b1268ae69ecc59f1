import { sql, type Kysely } from 'kysely';
import { APP_ROLE } from '../roles';

// Study progress (spec learning §3 "Study record", §4 "finished never reverts", §7 "Study
// history"). One row per user, content and part (part_id 0: the whole content; no foreign key on
// it, a part may be renumbered by an editor without losing the learner's record). As in 0001–0003:
// tenant_id leads every primary and foreign key, and row-level security is forced.
const TENANT_TABLES = ['study_record'];

export async function up(db: Kysely<unknown>): Promise<void> {
  // Integers are seconds; saved_at is the client's epoch ms of the stored position. Every write is
  // one upsert that only ever raises the maxima (server/modules/cm/hist-repository.ts), so saves
  // may arrive twice, late or concurrently and end at the same row.
  await sql`
    create table study_record (
      tenant_id bigint not null references tenant(id),
      user_id bigint not null,
      content_id bigint not null,
      part_id bigint not null default 0 check (part_id >= 0),
      progress integer not null default 0 check (progress >= 0),
      saved_at bigint not null default 0 check (saved_at >= 0),
      max_progress integer not null default 0 check (max_progress >= 0),
      duration integer not null default 0 check (duration >= 0),
      state smallint not null default 1 check (state in (1, 2)),
      play_time integer not null default 0 check (play_time >= 0),
      percentage smallint not null default 0 check (percentage between 0 and 100),
      course_id bigint,
      subject_id bigint,
      log_type smallint,
      content_type text,
      terminal text not null default 'PC',
      finished_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, user_id, content_id, part_id),
      foreign key (tenant_id, user_id) references user_account (tenant_id, id) on delete cascade,
      foreign key (tenant_id, content_id) references content (tenant_id, id) on delete cascade,
      check ((state = 2) = (finished_at is not null))
    )`.execute(db);

  await sql.raw(TENANT_TABLES.map((table) => `
    alter table ${table} enable row level security;
    alter table ${table} force row level security;
    create policy tenant_isolation on ${table}
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);`).join('')).execute(db);

  await sql`grant select, insert, update, delete on all tables in schema public to ${sql.id(APP_ROLE)}`.execute(db);
  await sql`grant usage, select on all sequences in schema public to ${sql.id(APP_ROLE)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...TENANT_TABLES].reverse()) {
    await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
  }
}
