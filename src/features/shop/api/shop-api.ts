// Moved to src/api/shop-orders.ts (issue 20 part T): the personal center's shop pages use the same
// calls, and a feature never imports another. The shop's pages keep importing this path.
export * from '../../../api/shop-orders';
