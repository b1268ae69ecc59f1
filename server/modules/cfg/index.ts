import type { FastifyInstance } from 'fastify';
import { cfgRoutes } from './routes';
import { labelRoutes } from './label-routes';
import { adminRoutes } from './admin-routes';
import { templateRoutes } from './template-routes';
import { bannerRoutes } from './banner-routes';
import { externalLinkRoutes } from './external-link-routes';
import { pageAdminRoutes } from './page-admin-routes';
import { configGetRoutes } from './config-get-routes';
import { packageRoutes } from './package-routes';

/** cfg's one entry (issue 14 point 5): store settings, labels, the back-office, templates, banners, external links. */
export async function cfgService(app: FastifyInstance): Promise<void> {
  await app.register(cfgRoutes);
  await app.register(labelRoutes);
  await app.register(adminRoutes);
  await app.register(templateRoutes);
  await app.register(bannerRoutes);
  await app.register(externalLinkRoutes);
  await app.register(pageAdminRoutes);
  // issue 21 Y: one public setting, the catalogue roots, the app package
  await app.register(configGetRoutes);
  await app.register(packageRoutes);
}
