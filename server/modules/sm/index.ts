import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '../../lib/object-store';
import { captchaRoutes } from './captcha-routes';
import { dictRoutes } from './dict-routes';
import { uploadRoutes } from './upload-routes';
import { tenantSwitchRoutes } from './tenant-switch-routes';

/** What sm's entry is given by app.ts. */
export interface SmServiceOptions {
  /** The local object store; no upload routes without it. */
  uploadDir?: string | undefined;
  /** Where new uploads go instead of uploadDir (an S3 bucket). */
  objectStore?: ObjectStore | undefined;
}

/** sm's one entry (issue 14 point 5): the slider captcha and file upload. */
export async function smService(app: FastifyInstance, opts: SmServiceOptions): Promise<void> {
  await app.register(captchaRoutes);
  await app.register(dictRoutes); // issue 21 X
  await app.register(tenantSwitchRoutes); // issue 21 Y
  if (opts.uploadDir) await app.register(uploadRoutes, { uploadDir: opts.uploadDir, ...(opts.objectStore ? { store: opts.objectStore } : {}) });
}
