import type { FastifyInstance } from 'fastify';
import { cmRoutes } from './routes';
import { mediaRoutes } from './media-routes';
import type { ExamSearch } from './robot-retrieval';

/** What cm's entry is given by app.ts. */
export interface CmServiceOptions {
  /** Every tenant's media, served at /media/ only through signed links; no media routes without it. */
  mediaDir?: string | undefined;
  /** exam's search, for the assistant's links (a module never imports another: issue 14 point 5). */
  searchExams: ExamSearch;
}

/** cm's one entry (issue 14 point 5): the catalogue, details, study history, social, the assistant and media. */
export async function cmService(app: FastifyInstance, opts: CmServiceOptions): Promise<void> {
  await app.register(cmRoutes, { searchExams: opts.searchExams });
  if (opts.mediaDir) await app.register(mediaRoutes, { mediaDir: opts.mediaDir });
}
