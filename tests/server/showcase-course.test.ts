// README's showcase link pointed at a course id that seed order decided (/study/course/detail/51
// was a campus course on demo). Demo's showcase course, the one with the audio and video chapters,
// now has SHOWCASE_COURSE_ID whatever order the tenants are seeded in, and no other course of any
// tenant has that id (course ids stay unique across tenants).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOWCASE_COURSE_ID } from '../../server/demo/seed-catalogue';
import { loadTenantSeeds, seedTenants } from '../../server/demo/seed';
import { createTestApp, type TestApp } from './harness';

const DEMO = 1001;

/** The chapter titles of a tenant's course, in order. */
async function chapters(t: TestApp, tenantId: number, courseId: number): Promise<string[]> {
  const rows = await t.db.owner.selectFrom('course_phase').select('title')
    .where('tenant_id', '=', tenantId).where('course_id', '=', courseId).orderBy('sort').execute();
  return rows.map((r) => r.title);
}

/** The tenants that have a course with this id. */
async function tenantsWithCourse(t: TestApp, id: number): Promise<number[]> {
  return (await t.db.owner.selectFrom('course').select('tenant_id').where('id', '=', id).execute()).map((r) => Number(r.tenant_id));
}

describe('the showcase course id depended on seed order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('demo\'s course SHOWCASE_COURSE_ID is the one with the audio and the video chapter, and only demo has that id', async () => {
    expect((await chapters(t, DEMO, SHOWCASE_COURSE_ID)).join(' | ')).toMatch(/音频精讲.*视频精讲/);
    expect(await tenantsWithCourse(t, SHOWCASE_COURSE_ID)).toEqual([DEMO]);
  });
});

describe('a fresh database that seeds demo first', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('gives the showcase its id and every other course, of demo or a tenant seeded later, another one', async () => {
    const seeds = await loadTenantSeeds();
    expect(await seedTenants(t.db.owner, seeds.filter((s) => s.code === 'demo'))).toEqual(['demo']);
    expect((await chapters(t, DEMO, SHOWCASE_COURSE_ID)).join(' | ')).toMatch(/音频精讲.*视频精讲/);
    const ids = (await t.db.owner.selectFrom('course').select('id').where('tenant_id', '=', DEMO).execute()).map((r) => Number(r.id));
    expect(ids.filter((id) => id <= SHOWCASE_COURSE_ID)).toEqual([SHOWCASE_COURSE_ID]);
    expect(await seedTenants(t.db.owner, seeds.filter((s) => s.code === 'acme'))).toEqual(['acme']);
    expect(await tenantsWithCourse(t, SHOWCASE_COURSE_ID)).toEqual([DEMO]);
  });
});
