// The tabs of the center's order list (spec learning §2 "Order list tabs": all, pending payment, to
// be received, completed, cancelled), shared by the overview's links and the list itself.
import type { ShopTextKey } from '../../../components/shop/shop-texts';

/** /user/center/shop/shopOrder. */
export const SHOP_ORDER_PATH = '/user/center/shop/shopOrder';

/** The tabs: the order state each shows (0 all), in the spec's order, with the shop's state texts. */
export const ORDER_TABS: ReadonlyArray<{ state: number; label: ShopTextKey }> = [
  { state: 0, label: 'tabAll' }, { state: 1, label: 'state1' }, { state: 2, label: 'state2' }, { state: 3, label: 'state3' }, { state: 4, label: 'state4' },
];

/** The center's order list on a tab (0: all). */
export const orderListPath = (state: number) => (state ? `${SHOP_ORDER_PATH}?tab=${state}` : SHOP_ORDER_PATH);
