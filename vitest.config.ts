import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { TimedShardSequencer } from './tests/shard-sequencer';

// Three projects so `npm test` can run them in the order the README promises:
// unit + component (jsdom), server (real PostgreSQL), e2e (Chromium against the built app).
/** Server test files that use vi.mock (their own isolated project, below). */
const SERVER_MOCKING = ['tests/server/ai-assistants.test.ts', 'tests/server/ai-image.test.ts'];

export default defineConfig({
  plugins: [react(), import('./scripts/widget-validators').then((m) => m.widgetValidators())],
  test: {
    // Vitest's default leaves one core free: a single worker on a 2-core CI machine, where the
    // jsdom files are CPU-bound. Two workers there cut the unit run from about 6 to 4 minutes.
    maxWorkers: Math.max(2, availableParallelism()),
    // `--shard=i/n` (the e2e lanes of npm test) splits the files by their measured time.
    sequence: { sequencer: TimedShardSequencer },
    // The default report, and at its end every test that passed only on its retry (below).
    reporters: ['default', './tests/flaky-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/component/**/*.test.tsx', 'widgets/**/*.test.tsx'],
          environment: 'jsdom',
          // Worker threads start faster than forked processes: about 15 % off this project's run
          // (254 s to 221 s on the 2-core CI machine); nothing here needs a process of its own.
          pool: 'threads',
          setupFiles: ['tests/setup-dom.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          // One retry of a failed test: on CI's loaded 2-core machine a real server, database and
          // browser sometimes miss a bound by timing alone (each such miss so far was fixed, and
          // a new one showed up in the next run). A test that fails twice fails the run; one that
          // passes on retry is named by tests/flaky-reporter.ts. docs/decisions.md "Session 11".
          retry: 1,
          include: ['tests/server/**/*.test.ts'],
          exclude: SERVER_MOCKING,
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each worker process runs its files one after another without a fresh module graph: the app's
          // modules (Fastify, TypeBox schemas, Kysely, every route) load once per worker, not once per
          // file. Files share no rows (each has its own database, tests/server/harness.ts); the server's
          // module-level state is caches of values that are the same for every file (validators, the
          // sign-in decoy hash, the sanitiser). Full run, same sitting: 404 s of CPU and 220 s wall
          // isolated, 216 s and 142 s without (import 96 s → 13 s); decisions.md, session 6.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The server files that replace a module with vi.mock: a mock applies only to a fresh
          // module graph, so without isolation it depended on which file the worker ran first
          // (CI ran these after others had loaded the real provider, and they failed).
          name: 'server-mocked',
          retry: 1,
          include: SERVER_MOCKING,
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          isolate: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          retry: 1,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One worker runs the files one after another and keeps its Chromium and loaded modules
          // (tests/e2e/browser.ts: one browser per worker, a fresh context per test) instead of a
          // new process, a fresh import of playwright and a Chromium launch per file.
          isolate: false,
        },
      },
    ],
  },
});
