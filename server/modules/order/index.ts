import type { FastifyInstance } from 'fastify';
import { orderRoutes } from './routes';

/** order's one entry (issue 14 point 5): products, providers, the cart, orders and the reading area. */
export async function orderService(app: FastifyInstance): Promise<void> {
  await app.register(orderRoutes);
}
