// Labels (spec learning §7 GET /cfg/api/label/listLabel and listClass; parameters not shown,
// docs/api.md "Labels" records ours). Labels are the tags courses, subjects and contents carry
// (their `labels` column); the learning lists filter by one (`label` on course/subject/content
// search). listClass names the kinds of item that carry labels, with how many each has; listLabel
// the labels of one kind, most used first, counting published items only.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql, type Transaction } from 'kysely';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import type { DB } from '../../db/types';
import { ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { UNLISTED_PURPOSES } from '../../lib/purposes';
import { LabelClass, LabelClassQuery, LabelCount, LabelListQuery } from '../../../schemas/api/cfg';

const LABEL_TYPES = ['course', 'subject', 'content'] as const;
type LabelType = (typeof LABEL_TYPES)[number];

/** The published rows of a kind whose labels count: a content of the given purposes, else of the listed ones. */
function labelled(type: LabelType, purposes: readonly number[] | undefined) {
  if (type !== 'content') return sql`select labels from ${sql.table(type)} where state = 1`;
  const purpose = purposes?.length
    ? sql`purpose in (${sql.join(purposes.map((p) => sql`${p}::int`))})`
    : sql`purpose not in (${sql.join(UNLISTED_PURPOSES.map((p) => sql`${p}::int`))})`;
  return sql`select labels from content where state = 1 and ${purpose}`;
}

async function listLabels(trx: Transaction<DB>, type: LabelType, purposes: readonly number[] | undefined, limit: number) {
  const { rows } = await sql<{ name: string; count: number }>`
    select l.name, count(*)::int as count from (${labelled(type, purposes)}) i cross join lateral unnest(i.labels) as l(name)
    where btrim(l.name) <> '' group by l.name order by count(*) desc, l.name limit ${limit}`.execute(trx);
  return rows;
}

/** cfg: the label calls. */
export async function labelRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cfg/api/label/listLabel', {
    schema: {
      tags: ['cfg'], summary: 'The labels on published items of one kind, most used first',
      querystring: LabelListQuery,
      response: { 200: Envelope(Type.Array(LabelCount)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await listLabels(trx, req.query.type, req.query.purpose, req.query.pageSize ?? 20))));

  r.get('/cfg/api/label/listClass', {
    schema: {
      tags: ['cfg'], summary: 'The kinds of item that carry labels, with how many labels and labelled items each has',
      querystring: LabelClassQuery,
      response: { 200: Envelope(Type.Array(LabelClass)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const classes = [];
    for (const type of LABEL_TYPES) {
      const { rows } = await sql<{ labels: number; items: number }>`
        select (select count(distinct l) from (${labelled(type, undefined)}) i cross join lateral unnest(i.labels) l)::int as labels,
               (select count(*) from (${labelled(type, undefined)}) i where cardinality(i.labels) > 0)::int as items`.execute(trx);
      classes.push({ type, labelCount: rows[0]?.labels ?? 0, itemCount: rows[0]?.items ?? 0 });
    }
    return ok(classes);
  }));
}
