// Moved to src/components/shop/order-actions (issue 20 part T): the personal center's shop pages use it too,
// and a feature never imports another. The shop's pages keep importing this path.
export * from '../../../components/shop/order-actions';
