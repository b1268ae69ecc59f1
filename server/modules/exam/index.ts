import type { FastifyInstance } from 'fastify';
import { examRoutes } from './routes';
import { markingRoutes } from './marking-routes';
import { heartbeatRoutes } from './heartbeat-routes';
import { invigilateRoutes } from './invigilate-routes';
import { startDeadlineSweep } from './deadline-sweep';
import { bankRoutes } from './bank-routes';

/** What examService takes: the deadline sweep (off unless asked: server tests turn it on themselves). */
export interface ExamServiceOptions {
  /** Close overdue attempts of every tenant every intervalMs (default 30 s); false or absent: off. */
  deadlineSweep?: { intervalMs?: number } | false;
}

/** exam's one entry (issue 14 point 5): exam and survey lists and papers. */
export async function examService(app: FastifyInstance, opts: ExamServiceOptions = {}): Promise<void> {
  await app.register(examRoutes);
  // issue 18: marking subjective answers (myExamMarking).
  await app.register(markingRoutes);
  // issue 18: the paper's heartbeat and invigilation (myExamInvigilate).
  await app.register(heartbeatRoutes);
  await app.register(invigilateRoutes);
  // issue 18 part A: the back-office's question bank, exam builder, role grants and practice sets.
  await app.register(bankRoutes);
  if (opts.deadlineSweep) {
    const { intervalMs } = opts.deadlineSweep;
    // Started once the app is ready, stopped (a sweep under way finished) before the pools close.
    let sweep: ReturnType<typeof startDeadlineSweep> | undefined;
    app.addHook('onReady', async () => {
      sweep = startDeadlineSweep(app.db.app, { ...(intervalMs ? { intervalMs } : {}), log: app.log });
    });
    app.addHook('onClose', async () => sweep?.stop());
  }
}

/** What exam offers other services; app.ts passes it on (cm's assistant links exams), so no module imports exam. */
export { searchExams } from './repository';
