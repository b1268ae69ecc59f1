import type { FastifyInstance } from 'fastify';
import { authorRoutes } from './author-routes';
import { authoringRoutes } from './authoring-routes';
import { sharingRoutes } from './sharing-routes';
import { cmRoutes } from './routes';
import { mediaRoutes } from './media-routes';
import { tokenUrlRoutes } from './token-url-routes';
import { aiProviderRoutes } from './ai-provider-routes';
import { aiIndexRoutes } from './ai-index-routes';
import { aiChatRoutes } from './ai-chat-routes';
import { aiAssistantRoutes } from './ai-assistant-routes';
import { aiImageRoutes } from './ai-image-routes';
import { aiCreditRoutes } from './ai-credit-routes';
import type { ExamSearch } from './robot-retrieval';
import type { ObjectStore } from '../../lib/object-store';

/** What cm's entry is given by app.ts. */
export interface CmServiceOptions {
  /** Every tenant's media, served at /media/ only through signed links; no media routes without it. */
  mediaDir?: string | undefined;
  /** exam's search, for the assistant's links (a module never imports another: issue 14 point 5). */
  searchExams: ExamSearch;
  /** The portal's upload store, where part E keeps generated images (issue 21 E). */
  uploadDir?: string | undefined;
  objectStore?: ObjectStore | undefined;
}

/** cm's one entry (issue 14 point 5): the catalogue, details, study history, social, the assistant and media. */
export async function cmService(app: FastifyInstance, opts: CmServiceOptions): Promise<void> {
  await app.register(cmRoutes, { searchExams: opts.searchExams });
  if (opts.mediaDir) await app.register(mediaRoutes, { mediaDir: opts.mediaDir });
  // issue 19
  await app.register(sharingRoutes);
  // issue 20
  await app.register(authorRoutes);
  await app.register(authoringRoutes);
  // issue 21 Y
  await app.register(tokenUrlRoutes);
  // issue 21, the AI area: provider, index, chat, assistants, images and writing, credits
  await app.register(aiProviderRoutes);
  await app.register(aiIndexRoutes);
  await app.register(aiChatRoutes);
  await app.register(aiAssistantRoutes);
  await app.register(aiImageRoutes, { uploadDir: opts.uploadDir, objectStore: opts.objectStore });
  await app.register(aiCreditRoutes);
}
