import type { FastifyInstance } from 'fastify';
import { followRoutes } from './follow-routes';
import { credentialAdminRoutes } from './credential-admin-routes';
import { pointsRoutes } from './points-routes';
import { archivesRoutes } from './archives-routes';
import { credentialsRoutes } from './credentials-routes';
import { teachersRoutes } from './teachers-routes';
import { umRoutes } from './routes';
import { umRankRoutes } from './rank-routes';
import { umStudyTimeRoutes } from './study-time-routes';
import { umUserRoutes } from './user-routes';
import { umMessageRoutes } from './message-routes';
import { umProfileRoutes } from './profile-routes';
import { umSsoRoutes } from './sso-routes';
import { addressRoutes } from './address-routes';
import { verifyTokenRoutes } from './verify-token-routes';
import { weLoginPanelRoutes } from './we-login-panel-routes';
import { umTenantRoutes } from './tenant-routes';
import { profileSummaryRoutes } from './profile-summary-routes';
import { findMobileRoutes } from './find-mobile-routes';
import { organRoutes } from './organ-routes';

/**
 * um's one entry (issue 14 point 5): tenants, sign-in and accounts, ranks, study time, messages,
 * profile, single sign-on and the address book. Each route file stays its own plugin scope.
 */
export async function umService(app: FastifyInstance): Promise<void> {
  await app.register(umRoutes);
  await app.register(umRankRoutes);
  await app.register(umStudyTimeRoutes);
  await app.register(umUserRoutes);
  await app.register(umMessageRoutes);
  await app.register(umProfileRoutes);
  await app.register(umSsoRoutes);
  // /um/umAddress/…: registered from orderRoutes until the address book came home to um.
  await app.register(addressRoutes);
  // issue 19
  await app.register(pointsRoutes);
  await app.register(archivesRoutes);
  await app.register(credentialsRoutes);
  await app.register(teachersRoutes);
  await app.register(credentialAdminRoutes);
  // issue 20
  await app.register(followRoutes);
  // issue 21 Y: the partners' token check and the WeChat QR panel
  await app.register(verifyTokenRoutes);
  await app.register(weLoginPanelRoutes);
  // issue 21 W: tenant query, queryAuth and the operator's register
  await app.register(umTenantRoutes);
  // issue 21 X
  await app.register(profileSummaryRoutes);
  await app.register(findMobileRoutes);
  await app.register(organRoutes);
}
