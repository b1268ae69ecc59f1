// TypeBox schemas of the cart and order calls (spec learning §3 Cart and order fields, §7 "Orders").
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../../../schemas/common';
import { Nullable, PageParams } from '../cm/catalogue';

/** Most of one product a cart line or an order line may hold. */
export const MAX_QUANTITY = 99;
/** Most lines a cart may hold. */
export const MAX_CART_LINES = 100;

const Quantity = Type.Integer({ minimum: 1, maximum: MAX_QUANTITY, description: `1 to ${MAX_QUANTITY}, and no more than the stock.` });
const Ids = Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: MAX_CART_LINES, description: 'Cart line ids.' });
const Money = (description: string) => Type.Number({ description });

/** Why a cart line cannot be bought now; null when it can. */
const Unavailable = Nullable(Type.Enum(['offShelf', 'providerOffShelf', 'soldOut', 'stockShort'], {
  description: 'offShelf: the product was taken off sale; providerOffShelf: its provider is off shelf (spec learning §4); soldOut: no stock; stockShort: less stock than the quantity.',
}));

/** A cart line (spec learning §3 cartList): the spec's fields plus what the page shows. */
export const CartLine = Type.Object({
  id: Type.Integer(),
  prodId: Type.Integer(),
  prodSku: Nullable(Type.String({ description: 'Always null: products have no SKUs here.' })),
  userId: Type.Integer(),
  quantity: Type.Integer(),
  price: Money('Price of one, now.'),
  retPrice: Money('List price of one (the price when the product has none).'),
  totalPrice: Money('price × quantity.'),
  totalRetPrice: Money('retPrice × quantity.'),
  checked: Type.Boolean(),
  title: Type.String(),
  cover: Nullable(Type.String()),
  productType: Type.Integer(),
  stock: Type.Integer(),
  unavailable: Unavailable,
});
export type CartLine = Static<typeof CartLine>;

/** The cart lines of one provider (spec learning §3: cartData grouped by provider). */
export const CartGroup = Type.Object({
  providerId: Type.Integer(),
  providerName: Type.String(),
  providerState: Type.Integer({ description: '1 or -1: off shelf.' }),
  orgType: Type.String(),
  cartList: Type.Array(CartLine),
});
export type CartGroup = Static<typeof CartGroup>;

/** Totals (spec learning §3): counts and prices of all lines and of the checked ones that can be bought. */
export const CartTotals = {
  productCount: Type.Integer({ description: 'Lines (distinct products).' }),
  itemCount: Type.Integer({ description: 'Pieces: the sum of the quantities.' }),
  checkedProductCount: Type.Integer({ description: 'Checked lines that can be bought.' }),
  checkedItemCount: Type.Integer({ description: 'Pieces in those lines.' }),
  checkedPrice: Money('What the checked lines cost.'),
  checkedRetPrice: Money('Their list price.'),
  checkedSaving: Money('checkedRetPrice − checkedPrice.'),
};

export const CartView = Type.Object({ cartData: Type.Array(CartGroup), ...CartTotals });
export type CartView = Static<typeof CartView>;

export const CartCount = Type.Object({ productCount: Type.Integer(), itemCount: Type.Integer({ description: 'What the navbar badge shows.' }) });

export const AddCartBody = Type.Object({ tenantId: TenantIdParam, prodId: Type.Integer({ minimum: 1 }), quantity: Type.Optional(Quantity) });

export const MulModifyBody = Type.Object({
  tenantId: TenantIdParam,
  list: Type.Array(Type.Object({ id: Type.Integer({ minimum: 1 }), quantity: Type.Optional(Quantity), checked: Type.Optional(Type.Boolean()) }), {
    minItems: 1, maxItems: MAX_CART_LINES, description: 'Lines to change: a quantity, a checked flag, or both.',
  }),
});

export const MulDeleteBody = Type.Object({ tenantId: TenantIdParam, ids: Ids });

/** What to buy: cart lines (the checked ones when no ids are given), or one product now. */
export const BuySelection = {
  tenantId: TenantIdParam,
  cartIds: Type.Optional(Ids),
  prodId: Type.Optional(Type.Integer({ minimum: 1, description: 'Buy now: this product, not the cart.' })),
  quantity: Type.Optional(Quantity),
};

export const ConfirmBody = Type.Object(BuySelection);

/** An order line as the confirm page and the order pages show it. */
export const OrderLine = Type.Object({
  cartId: Nullable(Type.Integer({ description: 'The cart line it comes from; null for buy-now and bought items.' })),
  prodId: Type.Integer(),
  title: Type.String(),
  cover: Nullable(Type.String()),
  productType: Type.Integer(),
  providerId: Type.Integer(),
  providerName: Type.String(),
  price: Type.Number(),
  retPrice: Type.Number(),
  quantity: Type.Integer(),
  totalPrice: Type.Number(),
});
export type OrderLine = Static<typeof OrderLine>;

const OrderSums = {
  productCount: Type.Integer(),
  itemCount: Type.Integer(),
  totalPrice: Money('What the items cost.'),
  totalRetPrice: Money('Their list price.'),
  freight: Money('Always 0 in this shop.'),
  payPrice: Money('The actual payment (spec learning §3): totalPrice + freight.'),
};

export const ConfirmView = Type.Object({ items: Type.Array(OrderLine), ...OrderSums });
export type ConfirmView = Static<typeof ConfirmView>;

export const SubmitBody = Type.Object({
  ...BuySelection,
  addressId: Type.Integer({ minimum: 1 }),
  submitToken: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'Made once per confirm page: a second submit with it returns the same order.' }),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
});

/** Order states (our decision; the spec does not show them). */
export const ORDER_STATE = { pending: 1, toReceive: 2, completed: 3, cancelled: 4 } as const;

export const OrderView = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String({ description: 'The order number (spec learning §3).' }),
  state: Type.Integer({ description: '1 pending payment, 2 to be received (paid and shipped), 3 completed, 4 cancelled.' }),
  cancelReason: Nullable(Type.Enum(['user', 'expired'])),
  createdAt: Type.String({ format: 'date-time', description: 'Creation time (spec learning §3).' }),
  expiresAt: Type.String({ format: 'date-time', description: 'An unpaid order is cancelled at this time.' }),
  paidAt: Nullable(Type.String({ format: 'date-time' })),
  shippedAt: Nullable(Type.String({ format: 'date-time' })),
  receivedAt: Nullable(Type.String({ format: 'date-time' })),
  cancelledAt: Nullable(Type.String({ format: 'date-time' })),
  payType: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  address: Type.Object({ receiver: Type.String(), phone: Type.String(), area: Type.String(), detail: Type.String() }),
  items: Type.Array(OrderLine),
  ...OrderSums,
});
export type OrderView = Static<typeof OrderView>;

export const OrderQuery = Type.Object({
  ...PageParams,
  state: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: 'The tab: none for all, 1 pending payment, 2 to be received, 3 completed, 4 cancelled.' })),
});

export const OrderIdQuery = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1 }) });
export const OrderIdBody = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1 }) });

export const PayBody = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1 }), payType: Type.String({ maxLength: 40 }) });

export const PayType = Type.Object({
  payType: Type.String(), name: Type.String(), nameEn: Type.String(), simulated: Type.Boolean({ description: 'true: no money moves.' }),
});
