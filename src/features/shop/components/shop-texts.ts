// Moved to src/components/shop/shop-texts (issue 20 part T): the personal center's shop pages use it too,
// and a feature never imports another. The shop's pages keep importing this path.
export * from '../../../components/shop/shop-texts';
