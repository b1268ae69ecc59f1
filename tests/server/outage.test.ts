// Operations (issue 22): the API survives its database going away, answers 503 meanwhile, serves
// again by itself, and a SIGTERM under load loses no acknowledged save. The server runs as its own
// process (tests/server/portal-process.ts), as `npm start` runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { callJson, SaveLoad, savedParts, signInLearner, startPortalProcess, type PortalProcess } from './portal-process';
import { startEmbeddedPostgres } from '../../server/db/embedded';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 100 ms until it is true or `ms` passed; returns the time it took, or -1. */
async function within(ms: number, check: () => Promise<boolean> | boolean): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started;
    await sleep(100);
  }
  return -1;
}

async function firstContentId(portal: PortalProcess): Promise<number> {
  const client = await portal.ownerClient();
  try {
    const { rows } = await client.query<{ id: number }>('select id from content where tenant_id = 1001 order by id limit 1');
    return Number(rows[0]!.id);
  } finally {
    await client.end();
  }
}

describe('the database goes away under load', () => {
  let portal: PortalProcess;
  beforeAll(async () => {
    portal = await startPortalProcess('outage');
  }, 150_000);
  afterAll(() => portal?.dispose(), 60_000);

  it('keeps the API process, answers 503 DB_UNAVAILABLE meanwhile, serves again within 30 s and loses no acknowledged save', async () => {
    const before = await callJson(`${portal.url}/healthz`);
    expect(before.status).toBe(200);
    const token = await signInLearner(portal.url);
    const contentId = await firstContentId(portal);
    const load = new SaveLoad(portal.url, token, contentId, 10);
    load.start();
    await within(10_000, () => load.acknowledged.size >= 50);

    // kill -9 of the postmaster: no shutdown, no checkpoint; crash recovery must replay the WAL.
    const postmaster = await portal.postmasterPid();
    process.kill(postmaster, 'SIGKILL');
    const killedAt = Date.now();
    const ackedAtKill = load.acknowledged.size;

    // Meanwhile: the envelope says 503 DB_UNAVAILABLE (never a 500), and readiness says so too.
    let sawReadyDown = false;
    const outage = await within(30_000, async () => {
      const ready = await callJson(`${portal.url}/readyz`);
      if (ready.status === 503) sawReadyDown = true;
      return (load.statuses.get('503/DB_UNAVAILABLE') ?? 0) > 0 && ready.status === 200 && load.acknowledged.size > ackedAtKill + 20;
    });
    expect(outage, `service resumed within 30 s (answers so far: ${JSON.stringify([...load.statuses])})`).toBeGreaterThanOrEqual(0);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(sawReadyDown, '/readyz answered 503 during the outage').toBe(true);
    expect(await portal.postmasterPid(), 'a new postmaster runs').not.toBe(postmaster);

    await load.stop();
    expect(load.unacknowledged(), 'the saves refused during the outage arrive later').toBe(0);
    expect([...load.statuses.keys()].filter((key) => key.startsWith('500')), 'no 500 answers').toEqual([]);

    // The same API process throughout: it neither died nor was restarted.
    expect(portal.child.exitCode).toBeNull();
    const after = await callJson(`${portal.url}/healthz`);
    expect(after.status).toBe(200);
    expect(after.pid).toBe(before.pid);
    expect(before.pid).toBe(portal.child.pid);

    const client = await portal.ownerClient();
    try {
      const saved = await savedParts(client, contentId);
      const lost = [...load.acknowledged].filter((partId) => !saved.has(partId));
      expect(lost, 'acknowledged saves missing after the crash').toEqual([]);
      expect(load.acknowledged.size).toBeGreaterThan(ackedAtKill);
    } finally {
      await client.end();
    }
    // One line for the outage and one for the restart, not one per request or per connection.
    expect(portal.log.filter((line) => line.includes('PostgreSQL is unavailable')), portal.log.filter((line) => /unavailable|sweep/i.test(line)).join('\n')).toHaveLength(1);
    expect(portal.log.some((line) => line.includes('Embedded PostgreSQL is running again'))).toBe(true);
  }, 90_000);
});

describe('SIGTERM under load', () => {
  let portal: PortalProcess;
  beforeAll(async () => {
    portal = await startPortalProcess('sigterm');
  }, 150_000);
  afterAll(() => portal?.dispose(), 60_000);

  it('finishes the requests in flight, stops PostgreSQL cleanly, exits 0, and every acknowledged save is stored', async () => {
    const token = await signInLearner(portal.url);
    const contentId = await firstContentId(portal);
    const load = new SaveLoad(portal.url, token, contentId, 10);
    load.start();
    await within(10_000, () => load.acknowledged.size >= 100);
    const postmaster = await portal.postmasterPid();

    portal.child.kill('SIGTERM');
    const code = await Promise.race([portal.exited, sleep(25_000).then(() => 'still running after 25 s')]);
    await load.stop(0);
    expect(code).toBe(0);
    expect(portal.log.some((line) => line.includes('Stopped cleanly.'))).toBe(true);
    let postmasterAlive = true;
    try { process.kill(postmaster, 0); } catch { postmasterAlive = false; }
    expect(postmasterAlive, 'PostgreSQL was stopped with the server').toBe(false);

    // Start the database alone on the same data dir and read what was acknowledged.
    const cluster = await startEmbeddedPostgres(portal.dataDir, 'portal', () => {}, { supervise: false });
    let client: pg.Client | undefined;
    try {
      client = await portal.ownerClient();
      const saved = await savedParts(client, contentId);
      expect([...load.acknowledged].filter((partId) => !saved.has(partId)), 'acknowledged saves missing after SIGTERM').toEqual([]);
      expect(load.acknowledged.size).toBeGreaterThanOrEqual(100);
    } finally {
      await client?.end();
      await cluster.stop();
    }
  }, 90_000);
});
