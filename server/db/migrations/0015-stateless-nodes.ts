import { sql, type Kysely } from 'kysely';
import { forceTenantRls, grantAppRole } from './tenant-rls';

// DESIGN "Beyond one machine": API nodes are stateless, so what one node hands out another must be
// able to check. Slider-captcha puzzles, SSO one-time entries (used request uuids, tokenids) and
// fixed-window rate counts move from process memory to these tables. Rows expire (expires_at) and
// are taken with DELETE … RETURNING, so a puzzle or a tokenid works once across every node. As in
// 0001–0014: tenant_id leads the primary key and row-level security is forced.
const TENANT_TABLES = ['captcha_puzzle', 'one_time_entry', 'rate_window'];

export async function up(db: Kysely<unknown>): Promise<void> {
  // spec shell §4 "Captcha dialog": a puzzle is drawn (pending), checked once, and a passed one may
  // be spent by one sign-in; both states live 2 minutes. answer/accuracy exist while pending only.
  await sql`
    create table captcha_puzzle (
      tenant_id bigint not null references tenant(id),
      uuid text not null check (char_length(uuid) between 1 and 128),
      state text not null check (state in ('pending', 'passed')),
      answer integer,
      accuracy integer,
      expires_at timestamptz not null,
      primary key (tenant_id, uuid),
      check (state = 'passed' or (answer is not null and accuracy is not null))
    )`.execute(db);
  await sql`create index captcha_puzzle_expiry on captcha_puzzle (tenant_id, expires_at)`.execute(db);

  // kind 'sso-nonce': a signed request's uuid, used once; 'sso-tokenid': a tokenid's user. The key
  // is stored as its sha256 (a tokenid is a bearer credential, like a session token).
  await sql`
    create table one_time_entry (
      tenant_id bigint not null references tenant(id),
      kind text not null check (kind in ('sso-nonce', 'sso-tokenid')),
      key_hash text not null check (key_hash ~ '^[0-9a-f]{64}$'),
      user_id bigint,
      expires_at timestamptz not null,
      primary key (tenant_id, kind, key_hash)
    )`.execute(db);
  await sql`create index one_time_entry_expiry on one_time_entry (tenant_id, expires_at)`.execute(db);

  // A fixed-window counter shared by every node: (bucket, window start) → requests counted.
  await sql`
    create table rate_window (
      tenant_id bigint not null references tenant(id),
      bucket text not null check (char_length(bucket) between 1 and 200),
      window_start timestamptz not null,
      count integer not null default 0,
      primary key (tenant_id, bucket, window_start)
    )`.execute(db);
  await sql`create index rate_window_start on rate_window (tenant_id, window_start)`.execute(db);

  await forceTenantRls(db, TENANT_TABLES);

  await grantAppRole(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rate_window cascade`.execute(db);
  await sql`drop table if exists one_time_entry cascade`.execute(db);
  await sql`drop table if exists captcha_puzzle cascade`.execute(db);
}
