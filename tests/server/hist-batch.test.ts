// The batched progress write (server/modules/cm/hist-batcher.ts, upsertStudyRecords) must end
// exactly where the same writes one at a time would (upsertStudyRecord), duplicates of one record
// inside a batch included; and a node's token cache must honour revocations.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { StudyWriteBatcher } from '../../server/modules/cm/hist-batcher';
import { upsertStudyRecord, upsertStudyRecords, type StudyLogWrite } from '../../server/modules/cm/hist-repository';
import { foldStudyDays } from '../../server/modules/um/study-time-repository';
import { TokenCache } from '../../server/plugins/auth';
import { createTestApp, type TestApp } from './harness';

const TENANT = 1001;
let t: TestApp;
let users: number[];
let contents: number[];

beforeAll(async () => {
  t = await createTestApp();
  await withTenant(t.db.owner, TENANT, async (trx) => {
    // Two new users: the seed gives demo's users study records of their own (issue 19's archives),
    // and the comparison below needs both to start with none.
    users = [];
    for (const n of [1, 2]) {
      const user = await trx.insertInto('user_account').values({
        tenant_id: TENANT, account: `hist_batch_${n}_${Date.now()}`, password_hash: 'locked', password_salt: '', real_name: `batch ${n}`, nick_name: null,
        mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
      }).returning('id').executeTakeFirstOrThrow();
      users.push(Number(user.id));
    }
    contents = (await trx.selectFrom('content').select('id').where('tenant_id', '=', TENANT).orderBy('id').limit(3).execute()).map((r) => Number(r.id));
  });
});
afterAll(() => t.close());

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function rng(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return (((x ^ (x >>> 14)) >>> 0) % n);
  };
}

function randomWrites(userId: number, count: number, seed: number): StudyLogWrite[] {
  const next = rng(seed);
  return Array.from({ length: count }, () => {
    const duration = 60 + next(3) * 30;
    return {
      userId, contentId: contents[next(contents.length)]!, partId: next(2), progress: next(duration), duration,
      playTime: next(200), state: (next(5) === 0 ? 2 : 1) as 1 | 2, savedAt: 1_700_000_000_000 + next(6) * 1000,
      percentage: 0, courseId: null, subjectId: null, logType: next(2) === 0 ? null : 1, contentType: null, terminal: 'PC',
    };
  });
}

const rowsOf = (userId: number) => withTenant(t.db.owner, TENANT, (trx) => trx.selectFrom('study_record')
  .select(['content_id', 'part_id', 'progress', 'saved_at', 'max_progress', 'duration', 'state', 'play_time', 'percentage', 'log_type'])
  .where('user_id', '=', userId).orderBy('content_id').orderBy('part_id').execute());

describe('batched progress writes', () => {
  it('end at the same rows as the writes one by one, in batches of any split', async () => {
    const [one, many] = users as [number, number];
    const writes = randomWrites(one, 120, 7);
    for (const w of writes) await withTenant(t.db.app, TENANT, (trx) => upsertStudyRecord(trx, w));
    // The same writes for the other user, in batches of 1 to 17, duplicates of a record within a batch.
    const mine = writes.map((w) => ({ ...w, userId: many }));
    const split = rng(3);
    for (let i = 0; i < mine.length;) {
      const size = 1 + split(17);
      const answers = await withTenant(t.db.app, TENANT, (trx) => upsertStudyRecords(trx, mine.slice(i, i + size)));
      expect(answers.every(Boolean)).toBe(true);
      i += size;
    }
    const expected = await rowsOf(one);
    expect(expected.length).toBeGreaterThan(3);
    expect(await rowsOf(many)).toEqual(expected);
    // Study time per day (migration 0006's triggers) adds up the same way too: each record's largest
    // play time, once, however the writes were batched.
    const days = (userId: number) => withTenant(t.db.owner, TENANT, async (trx) => {
      await foldStudyDays(trx, userId);
      return trx.selectFrom('study_day').select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'seconds']).where('user_id', '=', userId).orderBy('day').execute();
    });
    const total = expected.reduce((sum, r) => sum + Number(r.play_time), 0);
    expect((await days(one)).reduce((sum, d) => sum + d.seconds, 0)).toBe(Math.min(total, 86_400));
    expect(await days(many)).toEqual(await days(one));
  });

  it('answers every write of a batch with its record, and undefined for a content that does not exist', async () => {
    const [userId] = users as [number];
    const base: StudyLogWrite = { userId, contentId: contents[0]!, partId: 9, progress: 10, duration: 100, playTime: 10, state: 1, savedAt: 1, percentage: 0, courseId: null, subjectId: null, logType: null, contentType: null, terminal: 'PC' };
    const answers = await withTenant(t.db.app, TENANT, (trx) => upsertStudyRecords(trx, [
      base,
      { ...base, contentId: 987_654_321 },
      { ...base, progress: 5, playTime: 30, savedAt: 2 },
    ]));
    expect(answers[1]).toBeUndefined();
    // Both writes of the record answer the merged record: the later position, the larger maxima.
    expect(answers[0]).toMatchObject({ progress: 5, maxProgress: 10, playTime: 30, savedAt: 2 });
    expect(answers[2]).toEqual(answers[0]);
  });

  it('the batcher writes concurrent saves together and keeps going when one batch fails', async () => {
    const [userId] = users as [number];
    const batcher = new StudyWriteBatcher(t.db.app);
    const base: StudyLogWrite = { userId, contentId: contents[1]!, partId: 21, progress: 1, duration: 100, playTime: 1, state: 1, savedAt: 1, percentage: 0, courseId: null, subjectId: null, logType: null, contentType: null, terminal: 'PC' };
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => batcher.write(TENANT, { ...base, partId: 21 + (i % 3), progress: i, playTime: i, savedAt: 100 + i })));
    expect(answers.every(Boolean)).toBe(true);
    const rows = (await rowsOf(userId)).filter((r) => Number(r.content_id) === contents[1] && Number(r.part_id) >= 21);
    expect(rows.map((r) => [Number(r.part_id), Number(r.max_progress), Number(r.play_time)])).toEqual([[21, 27, 27], [22, 28, 28], [23, 29, 29]]);
    // A value the column cannot hold fails its batch; the others in it are written one by one.
    const mixed = await Promise.allSettled([
      batcher.write(TENANT, { ...base, partId: 30, progress: 2 ** 40 }),
      batcher.write(TENANT, { ...base, partId: 31 }),
    ]);
    expect(mixed[0].status).toBe('rejected');
    expect(mixed[1]).toMatchObject({ status: 'fulfilled', value: expect.objectContaining({ partId: 31 }) });
  });
});

describe('writer connections (issue 15 point 6)', () => {
  it('write each tenant\'s saves under that tenant on one shared connection, and keep going after a failed batch', async () => {
    const OTHER = 1002;
    const [other] = await withTenant(t.db.owner, OTHER, async (trx) => Promise.all([
      trx.selectFrom('user_account').select('id').where('tenant_id', '=', OTHER).orderBy('id').executeTakeFirstOrThrow(),
    ]));
    const otherContent = await withTenant(t.db.owner, OTHER, (trx) => trx.selectFrom('content').select('id').where('tenant_id', '=', OTHER).orderBy('id').executeTakeFirstOrThrow());
    const [userId] = users as [number];
    // One writer: its session must follow the tenant of each batch.
    const batcher = new StudyWriteBatcher(t.db.app, undefined, undefined, { connect: () => t.db.newAppClient(), writers: 1 });
    try {
      const base: StudyLogWrite = { userId, contentId: contents[2]!, partId: 41, progress: 3, duration: 100, playTime: 3, state: 1, savedAt: 1, percentage: 0, courseId: null, subjectId: null, logType: null, contentType: null, terminal: 'PC' };
      const otherBase: StudyLogWrite = { ...base, userId: Number(other.id), contentId: Number(otherContent.id) };
      const answers = await Promise.all([
        batcher.write(TENANT, base),
        batcher.write(OTHER, otherBase),
        batcher.write(TENANT, { ...base, partId: 42 }),
        // A content of the other tenant is not this tenant's: row-level security hides it, no row.
        batcher.write(TENANT, { ...base, contentId: Number(otherContent.id), partId: 43 }),
        batcher.write(OTHER, { ...otherBase, partId: 42 }),
      ]);
      expect(answers.map((a) => a?.partId)).toEqual([41, 41, 42, undefined, 42]);
      const stored = await t.db.owner.selectFrom('study_record').select(['tenant_id', 'user_id', 'part_id'])
        .where('part_id', 'in', [41, 42, 43]).where('content_id', 'in', [contents[2]!, Number(otherContent.id)]).orderBy('tenant_id').orderBy('part_id').execute();
      expect(stored.map((r) => [Number(r.tenant_id), Number(r.part_id)])).toEqual([[TENANT, 41], [TENANT, 42], [OTHER, 41], [OTHER, 42]]);
      // A value the column cannot hold fails its batch and drops the connection; the others are written one by one on a new one.
      const mixed = await Promise.allSettled([
        batcher.write(TENANT, { ...base, partId: 50, progress: 2 ** 40 }),
        batcher.write(TENANT, { ...base, partId: 51 }),
        batcher.write(OTHER, { ...otherBase, partId: 51 }),
      ]);
      expect(mixed.map((m) => m.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
      expect(mixed[2]).toMatchObject({ value: expect.objectContaining({ partId: 51 }) });
    } finally {
      await batcher.close();
    }
  });
});

describe('token cache', () => {
  it('keeps a token for its time at most, never past the token\'s own expiry, and forgets on revocation', () => {
    let now = 1_000;
    const cache = new TokenCache(5_000, () => now);
    cache.set('a', { tenantId: 1, userId: 7 }, 1_000_000);
    cache.set('b', { tenantId: 1, userId: 7 }, 3_000);
    cache.set('c', { tenantId: 1, userId: 8 }, 1_000_000);
    now = 2_999;
    expect([cache.get('a'), cache.get('b')]).toEqual([{ tenantId: 1, userId: 7 }, { tenantId: 1, userId: 7 }]);
    now = 3_000;
    expect(cache.get('b')).toBeUndefined();
    cache.forgetUser(1, 7, 'keep-none');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toEqual({ tenantId: 1, userId: 8 });
    now = 6_000;
    expect(cache.get('c')).toBeUndefined();
  });
});
