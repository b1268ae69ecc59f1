import type { FastifyInstance } from 'fastify';
import { verifyLiveToken } from '../../lib/live-tokens';
import { chatRoutes } from './chat-routes';
import { trainRoutes } from './routes';
import { homeworkRoutes } from './homework-routes';
import { liveStreamRoutes } from './live-stream';

/** What train's entry is given by app.ts. */
export interface TrainServiceOptions {
  /** Every tenant's media: the lesson a live room plays. */
  mediaDir?: string | undefined;
}

/** train's one entry (issue 14 point 5): classes and live rooms. */
export async function trainService(app: FastifyInstance, opts: TrainServiceOptions = {}): Promise<void> {
  await app.register(trainRoutes);
  // Issue 18: homework (homework-routes.ts).
  await app.register(homeworkRoutes);
  // The live playlist of a live room plays the tenant's seeded lesson (live-stream.ts).
  await app.register(liveStreamRoutes, { mediaDir: opts.mediaDir });
  // The live-room chat socket (issue 17): argoRtm tokens only.
  await app.register(chatRoutes, { verifyToken: (token: string) => verifyLiveToken(app, token, 'rtm') });
}
