import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject, onTestFinished, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { DbCaptchaStore } from '../../server/lib/captcha-store';
import type { SmsSender } from '../../server/lib/sms';
import { openDatabase, type Database } from '../../server/db/database';

/** A fresh database (migrated, seeded with the demo tenants) and an app built on it. */
export interface TestApp {
  app: FastifyInstance;
  db: Database;
  databaseUrl: string;
  /** The app's local object store (served at /uploads/), empty until a test writes to it. */
  uploadDir: string;
  close(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('pgOwnerUrl') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Creates a database of its own for one test file: tests never share rows. */
export async function createTestApp(opts: { seed?: boolean; beforeReady?: (app: FastifyInstance) => void; trustProxy?: boolean; smsSender?: SmsSender; distDir?: string } = {}): Promise<TestApp> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  // A seeded app starts from a copy of the database global-setup seeded once.
  const seeded = opts.seed !== false;
  await adminQuery(seeded ? `create database ${name} template ${inject('pgSeededTemplate')}` : `create database ${name}`);
  const url = new URL(inject('pgOwnerUrl'));
  url.pathname = `/${name}`;
  const db = await openDatabase({ ownerUrl: url.toString(), appPassword: inject('pgAppPassword'), poolSize: 5 });
  const uploadDir = await mkdtemp(join(tmpdir(), 'uploads-'));
  const app = await buildApp({ db, uploadDir, trustProxy: opts.trustProxy ?? false, ...(opts.smsSender ? { smsSender: opts.smsSender } : {}), ...(opts.distDir ? { distDir: opts.distDir } : {}) });
  opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db,
    databaseUrl: url.toString(),
    uploadDir,
    close: async () => {
      await app.close();
      await db.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** GETs a path and returns the parsed envelope with the HTTP status. */
export async function getJson(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as { success: boolean; code: number; flag: number; message: string; data: any; errorCode?: string } };
}

/**
 * A slider-captcha uuid marked as passed in the app's database, as if the learner had solved the
 * puzzle: for signing in to a tenant whose loginConfig asks for the captcha (acme).
 */
export async function passedCaptcha(app: FastifyInstance, tenantId: number): Promise<string> {
  const uuid = `test-${randomBytes(8).toString('hex')}`;
  await new DbCaptchaStore(app.db.app).markVerified(tenantId, uuid);
  return uuid;
}

/**
 * Stops the clock (Date only) 1 s into the next fixed rate window of `windowMs` until the test ends,
 * so a test that counts calls up to a limit cannot straddle two windows on a slow run
 * (server/lib/rate-window.ts starts windows on multiples of their length).
 */
export function holdClockInOneWindow(windowMs: number): void {
  vi.useFakeTimers({ toFake: ['Date'], now: (Math.floor(Date.now() / windowMs) + 1) * windowMs + 1_000 });
  onTestFinished(() => { vi.useRealTimers(); });
}
