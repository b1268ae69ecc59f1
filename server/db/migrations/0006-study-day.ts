import { sql, type Kysely } from 'kysely';
import { APP_ROLE } from '../roles';

// Study time per calendar day (issue 7 item 6, myStudyRecord: "a study history with time per day,
// from /um/api/userIntegrate/dailyStudyHours"). study_record keeps each item's total play_time but
// not when it was spent, so every raise of a play_time is also added to the learner's row of that
// day here. A trigger does it, in the same statement as the study write and under its row lock: two
// concurrent saves of one record see each other's play_time and never count the same seconds
// twice, and the batched multi-row upsert of hist-repository needs no extra query.
//
// Days are calendar days in the tenant's time zone (tenant.time_zone, an IANA name), taken at the
// moment of the save the client reports (saved_at), so a save kept offline overnight still counts
// for the day it was studied. A saved_at older than 30 days or in the future (a wrong clock) counts
// for the day the server received it.
const TENANT_TABLES = ['study_day'];

export async function up(db: Kysely<unknown>): Promise<void> {
  // An unknown zone name is refused here, where it is written, not later by every study save.
  await sql`
    alter table tenant add column time_zone text not null default 'Asia/Shanghai'
      constraint tenant_time_zone_known check ((now() at time zone time_zone) is not null)`.execute(db);

  await sql`
    create table study_day (
      tenant_id bigint not null references tenant(id),
      user_id bigint not null,
      day date not null,
      seconds integer not null default 0 check (seconds between 0 and 86400),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, user_id, day),
      foreign key (tenant_id, user_id) references user_account (tenant_id, id) on delete cascade
    )`.execute(db);

  await sql.raw(TENANT_TABLES.map((table) => `
    alter table ${table} enable row level security;
    alter table ${table} force row level security;
    create policy tenant_isolation on ${table}
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);`).join('')).execute(db);

  // A day holds at most 86,400 s: a client that reports more play time than the clock allows (a
  // second tab, a forged save) cannot push a day past it.
  await sql`
    create function study_day_add() returns trigger language plpgsql as $$
    declare
      added integer;
      at timestamptz;
      zone text;
    begin
      added := new.play_time - (case when tg_op = 'UPDATE' then old.play_time else 0 end);
      if added <= 0 then
        return null;
      end if;
      at := to_timestamp(new.saved_at / 1000.0);
      if new.saved_at = 0 or at > now() + interval '5 minutes' or at < now() - interval '30 days' then
        at := now();
      end if;
      select t.time_zone into zone from tenant t where t.id = new.tenant_id;
      insert into study_day as d (tenant_id, user_id, day, seconds)
        values (new.tenant_id, new.user_id, (at at time zone coalesce(zone, 'Asia/Shanghai'))::date, least(added, 86400))
        on conflict (tenant_id, user_id, day)
        do update set seconds = least(d.seconds + excluded.seconds, 86400), updated_at = now();
      return null;
    end $$`.execute(db);
  await sql`
    create trigger study_record_day after insert or update of play_time on study_record
      for each row execute function study_day_add()`.execute(db);

  await sql`grant select, insert, update, delete on all tables in schema public to ${sql.id(APP_ROLE)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists study_record_day on study_record`.execute(db);
  await sql`drop function if exists study_day_add()`.execute(db);
  await sql`drop table if exists study_day cascade`.execute(db);
  await sql`alter table tenant drop column if exists time_zone`.execute(db);
}
