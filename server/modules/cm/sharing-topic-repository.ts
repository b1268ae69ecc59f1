// Topic pages and affairs (issue 19 part H; spec learning §2 "Details": /topic/detail/{id},
// /affair/detail/{id}; the calls are ours, docs/api.md "Sharing, notices, topics and affairs").
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { TopicItemKind } from '../../db/types-sharing';
import { iso } from '../../lib/list-sql';
import type { AffairDetail, TopicDetail, TopicItem } from '../../../schemas/api/sharing';

type Trx = Transaction<DB>;

/** The portal path of each kind's detail page (src/runtime/link-routes.ts). */
const PATHS: Record<TopicItemKind, (id: number) => string> = {
  course: (id) => `/course/detail/${id}`,
  content: (id) => `/sub_cm/content/detail?id=${id}`,
  exam: (id) => `/exam/detail/${id}`,
  classes: (id) => `/classes/detail/${id}`,
};

/** The table behind each kind. */
const TABLE: Record<TopicItemKind, 'course' | 'content' | 'exam' | 'training_class'> = {
  course: 'course', content: 'content', exam: 'exam', classes: 'training_class',
};

/** A published topic with its sections and their published items; counts a view. Undefined when there is none. */
export async function openTopic(trx: Trx, id: number): Promise<TopicDetail | undefined> {
  const topic = await trx.updateTable('topic').set({ view_count: sql`view_count + 1` })
    .where('id', '=', id).where('state', '=', 1).where('publish_time', '<=', sql<Date>`now()`)
    .returning(['id', 'title', 'subtitle', 'banner', 'intro', 'view_count', 'publish_time']).executeTakeFirst();
  if (!topic) return undefined;
  const sections = await trx.selectFrom('topic_section').select(['id', 'title']).where('topic_id', '=', id).orderBy('sort').orderBy('id').execute();
  const items = sections.length === 0 ? [] : await trx.selectFrom('topic_item').select(['section_id', 'kind', 'ref_id'])
    .where('section_id', 'in', sections.map((s) => s.id)).orderBy('sort').orderBy('id').execute();
  // One query per kind for the titles of the published ones; an item whose target is gone or withdrawn is left out.
  const cards = new Map<string, Omit<TopicItem, 'kind' | 'path'>>();
  for (const kind of Object.keys(TABLE) as TopicItemKind[]) {
    const ids = items.filter((i) => i.kind === kind).map((i) => i.ref_id);
    if (ids.length === 0) continue;
    const rows = await trx.selectFrom(TABLE[kind]).select(['id', 'title', 'cover', 'summary']).where('id', 'in', ids).where('state', '=', 1).execute();
    for (const r of rows) cards.set(`${kind}:${r.id}`, { id: r.id, title: r.title, cover: r.cover, summary: r.summary });
  }
  return {
    id: topic.id, title: topic.title, subtitle: topic.subtitle, banner: topic.banner, intro: topic.intro, viewCount: topic.view_count,
    publishTime: iso(topic.publish_time),
    sections: sections.map((s) => ({
      id: s.id, title: s.title,
      items: items.filter((i) => i.section_id === s.id).flatMap((i) => {
        const card = cards.get(`${i.kind}:${i.ref_id}`);
        return card ? [{ ...card, kind: i.kind, path: PATHS[i.kind](card.id) }] : [];
      }),
    })).filter((s) => s.items.length > 0),
  };
}

/** A published affair with my receipt (userId null: a guest), or undefined. */
export async function findAffair(trx: Trx, id: number, userId: number | null): Promise<AffairDetail | undefined> {
  const a = await trx.selectFrom('affair').selectAll().where('id', '=', id).where('state', '=', 1)
    .where('publish_time', '<=', sql<Date>`now()`).executeTakeFirst();
  if (!a) return undefined;
  const [mine, count] = await Promise.all([
    userId === null ? undefined : trx.selectFrom('affair_receipt').select('confirmed_at').where('affair_id', '=', id).where('user_id', '=', userId).executeTakeFirst(),
    trx.selectFrom('affair_receipt').select(sql<number>`count(*)::int`.as('n')).where('affair_id', '=', id).executeTakeFirstOrThrow(),
  ]);
  return {
    id: a.id, title: a.title, issuer: a.issuer, docNo: a.doc_no, body: a.body, attachments: a.attachments, needConfirm: a.need_confirm,
    confirmDeadline: a.confirm_deadline === null ? null : iso(a.confirm_deadline), publishTime: iso(a.publish_time),
    confirmedAt: mine ? iso(mine.confirmed_at) : null, confirmedCount: count.n, signedIn: userId !== null,
  };
}

/** Records my receipt of an affair (once: the first time stays). */
export async function recordReceipt(trx: Trx, tenantId: number, userId: number, affairId: number): Promise<void> {
  await trx.insertInto('affair_receipt').values({ tenant_id: tenantId, affair_id: affairId, user_id: userId })
    .onConflict((oc) => oc.columns(['tenant_id', 'affair_id', 'user_id']).doNothing()).execute();
}
