import type { FastifyInstance } from 'fastify';
import { catalogueRoutes } from './catalogue-routes';
import { afterSaleRoutes } from './after-sale-routes';
import { reservationRoutes } from './reservation-routes';
import { makeRoutes } from './make-routes';
import { centerShopRoutes } from './center-shop-routes';
import { orderRoutes } from './routes';

/** order's one entry (issue 14 point 5): products, providers, the cart, orders and the reading area. */
export async function orderService(app: FastifyInstance): Promise<void> {
  await app.register(orderRoutes);
  // issue 20
  await app.register(catalogueRoutes);
  await app.register(afterSaleRoutes);
  await app.register(reservationRoutes);
  await app.register(makeRoutes);
  await app.register(centerShopRoutes);
}
