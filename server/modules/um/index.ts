import type { FastifyInstance } from 'fastify';
import { umRoutes } from './routes';
import { umRankRoutes } from './rank-routes';
import { umStudyTimeRoutes } from './study-time-routes';
import { umUserRoutes } from './user-routes';
import { umMessageRoutes } from './message-routes';
import { umProfileRoutes } from './profile-routes';
import { umSsoRoutes } from './sso-routes';
import { addressRoutes } from './address-routes';

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
}
