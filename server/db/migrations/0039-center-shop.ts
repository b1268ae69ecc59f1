import { sql, type Kysely } from 'kysely';
import { forceTenantRls, grantAppRole } from './tenant-rls';

// Issue 20 part T: the personal center's shop section (spec learning §2 "Personal center" shop;
// docs/shop-and-content.md part T).
// - product_favorite: a learner's favourite products (商品收藏). An order-side table, not a new
//   kind of cm's `favorite`: that one's target_type check and its existence checks belong to the
//   catalogue of contents (0005), while products, stock and prices are the order module's.
// - reading_shelf: a learner's state of a bought book (types 8, 9, 10) on the bookshelf: the
//   chapter read last (progress) and when it was taken off the shelf. A bought book is on the shelf
//   through its paid order (reading-repository bookshelf); a row here only adds to that.
// As in 0023/0032: tenant_id leads every primary and foreign key, and row-level security is forced.
const TENANT_TABLES = ['product_favorite', 'reading_shelf'];

/** `comment on` text for every table and column (what \d+ and the docs show). */
const COMMENTS: Record<string, Record<string, string>> = {
  product_favorite: {
    '': 'A product a learner saved (商品收藏; issue 20 part T): one row per learner and product.',
    tenant_id: 'The tenant; leads every key (row-level security).',
    user_id: 'The learner who saved it.',
    product_id: 'The product saved (any state: the list shows off-shelf and sold-out ones as such).',
    created_at: 'When it was saved (the list shows the latest first).',
  },
  reading_shelf: {
    '': 'A learner\'s reading state of a bought book (issue 20 part T): progress, and whether it is off the shelf.',
    tenant_id: 'The tenant; leads every key (row-level security).',
    user_id: 'The learner.',
    product_id: 'The reading product (type 8, 9 or 10).',
    chapter_id: 'The chapter opened last; null: not read yet, or that chapter was deleted.',
    read_at: 'When a chapter was last opened; null: never.',
    removed_at: 'When the learner took the book off the shelf; null: on the shelf. Opening the book or buying it again puts it back.',
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table product_favorite (
      tenant_id bigint not null references tenant(id),
      user_id bigint not null,
      product_id bigint not null,
      created_at timestamptz not null default now(),
      primary key (tenant_id, user_id, product_id),
      foreign key (tenant_id, user_id) references user_account (tenant_id, id) on delete cascade,
      foreign key (tenant_id, product_id) references product (tenant_id, id) on delete cascade
    )`.execute(db);
  await sql`create index product_favorite_user_time on product_favorite (tenant_id, user_id, created_at desc)`.execute(db);

  await sql`
    create table reading_shelf (
      tenant_id bigint not null references tenant(id),
      user_id bigint not null,
      product_id bigint not null,
      chapter_id bigint,
      read_at timestamptz,
      removed_at timestamptz,
      primary key (tenant_id, user_id, product_id),
      foreign key (tenant_id, user_id) references user_account (tenant_id, id) on delete cascade,
      foreign key (tenant_id, product_id) references product (tenant_id, id) on delete cascade,
      foreign key (tenant_id, chapter_id) references reading_chapter (tenant_id, id) on delete set null (chapter_id)
    )`.execute(db);

  for (const [table, columns] of Object.entries(COMMENTS)) {
    for (const [column, text] of Object.entries(columns)) {
      if (column === '') await sql`comment on table ${sql.table(table)} is ${sql.lit(text)}`.execute(db);
      else await sql`comment on column ${sql.ref(`${table}.${column}`)} is ${sql.lit(text)}`.execute(db);
    }
  }
  await forceTenantRls(db, TENANT_TABLES);
  await grantAppRole(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists reading_shelf`.execute(db);
  await sql`drop table if exists product_favorite`.execute(db);
}
