import { sql, type Kysely } from 'kysely';
import { forceTenantRls, grantAppRole } from './tenant-rls';

// Issue 20 part R: reservations, contracts and refunds (spec learning §2 "Shop" and "Personal center"
// shopReserve, shopContract; §7 orderCustomize/create, orderCustomize/info; the rules are ours,
// docs/shop-and-content.md "Reservations, contracts and refunds").
// - service_slot: a bookable time of a service product (type 11): start, end, capacity.
// - reservation: a learner's booking of a slot, made with its order (orderCustomize/create kind reserve).
// - contract_template: the tenant's contract text with {placeholders}; per product or the tenant default.
// - order_contract: the filled-in contract of a contract product's order (type 12), confirmed by the learner.
// - order_refund: a learner's refund request on a paid order and the back office's decision.
// - shop_order.state gains 6 refunded (5 is left to part Q's 待发货).
// As in 0023/0032: tenant_id leads every primary and foreign key, and row-level security is forced.
const TENANT_TABLES = ['service_slot', 'reservation', 'contract_template', 'order_contract', 'order_refund'];

/** `comment on` text for every table and column. */
const COMMENTS: Record<string, Record<string, string>> = {
  service_slot: {
    '': 'A bookable time of a service product (type 11: a consultation, a room, a tutor hour).',
    tenant_id: 'The tenant; leads every key (row-level security).', id: 'The slot id.',
    product_id: 'The service product.', provider_id: 'The product\'s provider (who serves it), copied for per-provider lists.',
    start_at: 'When the service starts; a slot whose start has passed cannot be booked.', end_at: 'When it ends (after start_at).',
    capacity: 'How many reservations it takes (1 to 500); booked ones are counted under the slot\'s row lock.',
    state: 'open: bookable; closed: taken off by the provider (booked reservations stay).',
    created_at: 'When it was created.',
  },
  reservation: {
    '': 'A learner\'s booking of a slot; its order (one item: the service product) carries the price and the payment.',
    tenant_id: 'The tenant.', id: 'The reservation id.', order_id: 'The order it was made with (one reservation per order).',
    user_id: 'The learner.', slot_id: 'The slot.', product_id: 'The service product.',
    note: 'The learner\'s note for the provider, at most 200 characters, plain text.',
    state: 'booked: holds a seat while its order is pending, paid or complete; cancelled: by the learner, or by a refund.',
    cancelled_at: 'When it was cancelled; null while booked.',
    created_at: 'When it was made.',
  },
  contract_template: {
    '': 'A contract text of the tenant with {placeholders} filled in when a contract product is ordered.',
    tenant_id: 'The tenant.', id: 'The template id.',
    product_id: 'The contract product it is for; null: the tenant\'s default for contract products without their own.',
    title: 'The contract\'s title.',
    body: 'Plain text, paragraphs split by blank lines; {learnerName} {learnerAccount} {learnerPhone} {productTitle} {providerName} {price} {orderNo} {date} {tenantName} are filled in.',
    created_at: 'When it was created.',
  },
  order_contract: {
    '': 'The contract of a contract product\'s order: the template filled in at ordering, then confirmed by the learner.',
    tenant_id: 'The tenant.', id: 'The contract id.', order_id: 'Its order (one contract per order).',
    user_id: 'The learner (party B).', product_id: 'The contract product.', template_id: 'The template it was filled from.',
    contract_no: 'The contract number: HT + the order number.',
    title: 'The title as filled.', body: 'The text as filled (a snapshot: later template edits never change it).',
    state: 'pending: to confirm (its order cannot be paid); confirmed: read and agreed.',
    signer_name: 'The name the learner typed to confirm; null until confirmed.',
    agreed: 'The learner ticked "I have read and agree"; true once confirmed.',
    confirmed_at: 'When it was confirmed; null until then.',
    created_at: 'When it was made.',
  },
  order_refund: {
    '': 'A refund request on a paid order and the back office\'s decision (or an automatic one when a paid reservation is cancelled).',
    tenant_id: 'The tenant.', id: 'The request id.', order_id: 'The order.', user_id: 'The learner who asked.',
    reason: 'Why, 2 to 200 characters, plain text.', amount: 'What is refunded: the order\'s actual payment.',
    state: 'requested: waiting for the back office; approved: the order is refunded (state 6) and stock given back; rejected: the order stays as it was.',
    note: 'The back office\'s note to the learner (required when rejecting); null before the decision.',
    decided_by: 'The back-office user who decided; null when automatic or undecided.',
    decided_at: 'When it was decided; null while requested.',
    created_at: 'When it was asked.',
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  // shop_order.state: 1 pending, 2 to be received, 3 completed, 4 cancelled, 5 part Q's, 6 refunded.
  await sql`alter table shop_order drop constraint if exists shop_order_state_check`.execute(db);
  await sql`alter table shop_order add constraint shop_order_state_check check (state between 1 and 6)`.execute(db);

  await sql`
    create table service_slot (
      tenant_id bigint not null references tenant(id),
      id bigint generated by default as identity,
      product_id bigint not null,
      provider_id bigint not null,
      start_at timestamptz not null,
      end_at timestamptz not null,
      capacity integer not null check (capacity between 1 and 500),
      state text not null default 'open' check (state in ('open', 'closed')),
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, product_id, start_at),
      foreign key (tenant_id, product_id) references product (tenant_id, id) on delete cascade,
      foreign key (tenant_id, provider_id) references provider (tenant_id, id),
      check (start_at < end_at)
    )`.execute(db);
  await sql`create index service_slot_product on service_slot (tenant_id, product_id, start_at)`.execute(db);

  await sql`
    create table reservation (
      tenant_id bigint not null references tenant(id),
      id bigint generated by default as identity,
      order_id bigint not null,
      user_id bigint not null,
      slot_id bigint not null,
      product_id bigint not null,
      note text check (note is null or char_length(note) <= 200),
      state text not null default 'booked' check (state in ('booked', 'cancelled')),
      cancelled_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, order_id),
      foreign key (tenant_id, order_id) references shop_order (tenant_id, id) on delete cascade,
      foreign key (tenant_id, user_id) references user_account (tenant_id, id) on delete cascade,
      foreign key (tenant_id, slot_id) references service_slot (tenant_id, id),
      foreign key (tenant_id, product_id) references product (tenant_id, id),
      check ((state = 'cancelled') = (cancelled_at is not null))
    )`.execute(db);
  await sql`create index reservation_user on reservation (tenant_id, user_id, id desc)`.execute(db);
  await sql`create index reservation_slot on reservation (tenant_id, slot_id) where state = 'booked'`.execute(db);

  await sql`
    create table contract_template (
      tenant_id bigint not null references tenant(id),
      id bigint generated by default as identity,
      product_id bigint,
      title text not null check (char_length(title) between 2 and 60),
      body text not null check (char_length(body) between 10 and 20000),
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, product_id) references product (tenant_id, id) on delete cascade
    )`.execute(db);
  // One template per product, and one tenant default (product_id null).
  await sql`create unique index contract_template_product on contract_template (tenant_id, product_id) where product_id is not null`.execute(db);
  await sql`create unique index contract_template_default on contract_template (tenant_id) where product_id is null`.execute(db);

  await sql`
    create table order_contract (
      tenant_id bigint not null references tenant(id),
      id bigint generated by default as identity,
      order_id bigint not null,
      user_id bigint not null,
      product_id bigint not null,
      template_id bigint not null,
      contract_no text not null,
      title text not null,
      body text not null,
      state text not null default 'pending' check (state in ('pending', 'confirmed')),
      signer_name text check (signer_name is null or char_length(signer_name) between 2 and 30),
      agreed boolean not null default false,
      confirmed_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, order_id),
      foreign key (tenant_id, order_id) references shop_order (tenant_id, id) on delete cascade,
      foreign key (tenant_id, user_id) references user_account (tenant_id, id) on delete cascade,
      foreign key (tenant_id, product_id) references product (tenant_id, id),
      foreign key (tenant_id, template_id) references contract_template (tenant_id, id),
      check ((state = 'confirmed') = (confirmed_at is not null and signer_name is not null and agreed))
    )`.execute(db);
  await sql`create index order_contract_user on order_contract (tenant_id, user_id, id desc)`.execute(db);

  await sql`
    create table order_refund (
      tenant_id bigint not null references tenant(id),
      id bigint generated by default as identity,
      order_id bigint not null,
      user_id bigint not null,
      reason text not null check (char_length(reason) between 2 and 200),
      amount numeric(12, 2) not null check (amount >= 0),
      state text not null default 'requested' check (state in ('requested', 'approved', 'rejected')),
      note text check (note is null or char_length(note) <= 200),
      decided_by bigint,
      decided_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, order_id) references shop_order (tenant_id, id) on delete cascade,
      foreign key (tenant_id, user_id) references user_account (tenant_id, id) on delete cascade,
      foreign key (tenant_id, decided_by) references user_account (tenant_id, id) on delete set null (decided_by),
      check ((state = 'requested') = (decided_at is null))
    )`.execute(db);
  // At most one open request per order, and one approval: a rejected order may be asked again.
  await sql`create unique index order_refund_open on order_refund (tenant_id, order_id) where state in ('requested', 'approved')`.execute(db);
  await sql`create index order_refund_queue on order_refund (tenant_id, state, id desc)`.execute(db);
  await sql`create index order_refund_order on order_refund (tenant_id, order_id, id desc)`.execute(db);

  for (const [table, columns] of Object.entries(COMMENTS)) {
    for (const [column, text] of Object.entries(columns)) {
      if (column === '') await sql`comment on table ${sql.table(table)} is ${sql.lit(text)}`.execute(db);
      else await sql`comment on column ${sql.ref(`${table}.${column}`)} is ${sql.lit(text)}`.execute(db);
    }
  }
  await sql`comment on column shop_order.state is ${sql.lit('1 pending payment, 2 to be received, 3 completed, 4 cancelled, 5 part Q (after-sale), 6 refunded (an approved refund, or a cancelled paid reservation).')}`.execute(db);

  await forceTenantRls(db, TENANT_TABLES);
  await grantAppRole(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['order_refund', 'order_contract', 'contract_template', 'reservation', 'service_slot']) {
    await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
  }
  await sql`update shop_order set state = 4 where state = 6`.execute(db);
  await sql`alter table shop_order drop constraint if exists shop_order_state_check`.execute(db);
  await sql`alter table shop_order add constraint shop_order_state_check check (state between 1 and 5)`.execute(db);
}
