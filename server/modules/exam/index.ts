import type { FastifyInstance } from 'fastify';
import { examRoutes } from './routes';

/** exam's one entry (issue 14 point 5): exam and survey lists and papers. */
export async function examService(app: FastifyInstance): Promise<void> {
  await app.register(examRoutes);
}

/** What exam offers other services; app.ts passes it on (cm's assistant links exams), so no module imports exam. */
export { searchExams } from './repository';
