// Texts of the shop's buying path, shared by the shop and the personal center's shop pages (spec learning §9: English is available for the shop, cart,
// order status and address texts): products, cart, order confirm, orders, addresses, payment.
import { defineTexts, useTexts } from '../../i18n/texts';

const TEXTS = {
  zh: {
    products: '全部商品', searchProducts: '搜索商品', allCategories: '全部分类', found: '共 {{n}} 件商品', noProducts: '暂无商品',
    noMatch: '没有找到与“{{q}}”相关的商品', clearFilters: '清除筛选', sortNewest: '最新上架', sortPopular: '销量优先',
    loadFailed: '加载失败', retry: '重试',
    stockN: '库存 {{n}} 件', soldOut: '已售罄', sales: '已售 {{n}}',
    provider: '商家', school: '学校', quantity: '数量', addToCart: '加入购物车', buyNow: '立即购买', added: '已加入购物车',
    productOffShelf: '该商品已下架', providerOffShelfWarn: '该商家已下架，暂不能购买其商品', schoolOffShelfWarn: '该学校已下架，暂不能购买其商品',
    productNotFound: '商品不存在', backToProducts: '返回商品列表',     cart: '购物车', cartEmpty: '购物车还是空的', goShopping: '去逛逛', checkAll: '全选', checkGroup: '选择{{name}}的全部商品',
    checkLine: '选择{{title}}', delete: '删除', deleteChecked: '删除选中', deleteConfirm: '确定从购物车删除这件商品吗？',
    deleteCheckedConfirm: '确定删除选中的 {{n}} 件商品吗？', deleted: '已删除', cancel: '取消', confirm: '确定',
    unitPrice: '单价', subtotal: '小计', operation: '操作', checkedSummary: '已选 {{n}} 件', total: '合计：', saving: '已优惠 {{amount}}',
    checkout: '去结算', nothingChecked: '请先勾选要结算的商品', quantityOf: '{{title}}的数量',
    offShelf: '已下架', providerOffShelf: '商家已下架', stockShort: '库存不足，仅剩 {{n}} 件', quantityRestored: '数量已恢复为 {{n}}',
    confirmOrder: '确认订单', address: '收货地址', addAddress: '新增收货地址', editAddress: '编辑收货地址', noAddress: '还没有收货地址，请先新增一个',
    defaultTag: '默认', setDefault: '设为默认地址', edit: '编辑', receiver: '收货人', phone: '手机号', area: '所在地区', detail: '详细地址',
    label: '标签', home: '家', company: '公司', schoolLabel: '学校', save: '保存', receiverPh: '请输入收货人姓名', phonePh: '11 位手机号',
    areaPh: '如：浙江省 杭州市 西湖区', detailPh: '街道、楼栋、门牌号', addressSaved: '地址已保存', addressDeleted: '地址已删除',
    deleteAddressConfirm: '确定删除这个收货地址吗？',
    requiredReceiver: '请填写收货人姓名', requiredPhone: '请填写手机号', badPhone: '手机号格式不正确，请填写 11 位手机号',
    requiredArea: '请填写所在地区', requiredDetail: '请填写详细地址',
    items: '商品清单', remark: '订单备注', remarkPh: '选填：给商家留言（200 字以内）', goods: '商品金额', freight: '运费', free: '免运费',
    payable: '实付款：', submit: '提交订单', incomplete: '请填写完整信息', backToCart: '返回购物车', submitted: '订单已提交',
    myOrders: '我的订单', tabAll: '全部', state1: '待付款', state2: '待收货', state3: '已完成', state4: '已取消', state6: '已退款',
    noOrders: '还没有订单', noOrdersTab: '没有{{tab}}的订单', orderNo: '订单号：{{no}}', createdAt: '下单时间：{{time}}', pieces: '共 {{n}} 件',
    actualPay: '实付款', viewDetail: '查看详情', pay: '去支付', cancelOrder: '取消订单', cancelConfirm: '确定取消这个订单吗？商品库存将被释放。',
    cancelled: '订单已取消', takeDelivery: '确认收货', takeConfirm: '确认已收到商品吗？', received: '已确认收货', expiredNote: '超时未支付，订单已自动取消',
    userCancelled: '订单已取消', payWithin: '请在 {{time}} 前完成支付，超时订单将自动取消', shippedNote: '商家已发货，请注意查收',
    completedNote: '交易完成，感谢您的购买', orderDetail: '订单详情', orderInfo: '订单信息', payType: '支付方式', paidAt: '付款时间',
    shippedAt: '发货时间', receivedAt: '收货时间', cancelledAt: '取消时间', chooseNeedPay: '选择支付方式', simulatedNote: '演示环境的模拟支付：不会产生真实扣款。支付后实物商品等待商家发货，电子书、有声书和课程立即可用。',
    payNow: '确认支付 {{amount}}', orderNoLabel: '订单号', orderNotFound: '订单不存在', createdAtLabel: '下单时间', simulatedName: '模拟支付', paid: '支付成功', backToOrders: '返回订单列表',
    err_PRODUCT_OFF_SHELF: '该商品已下架，暂不能购买', err_PROVIDER_OFF_SHELF: '该商家已下架，暂不能购买其商品', err_SOLD_OUT: '该商品已售罄',
    favorite: '收藏', favorited: '已收藏', favoriteAdded: '已收藏，可在个人中心的“商品收藏”查看', favoriteRemoved: '已取消收藏', err_FAVORITE_LIMIT: '最多收藏 200 件商品，请先移除一些',
    err_QUANTITY_LIMIT: '每件商品最多购买 99 件', err_CART_FULL: '购物车已满，请先结算或删除一些商品',
    err_CART_CHANGED: '购物车已变化，请返回购物车重新结算', err_NOTHING_CHECKED: '请先在购物车中勾选要结算的商品',
    // issue 20 part Q: to ship, tracking, reviews, orders that ship nothing.
    state2ToShip: '待发货', toShipNote: '已付款，等待商家发货', viewDelivery: '查看物流', review: '评价', reviewedTag: '已评价', noShipping: '无需配送',
    noShippingNote: '订单中的商品无需配送，付款后即可使用', err_NOT_SHIPPED: '商家还未发货，发货后才能确认收货', err_ADDRESS_REQUIRED: '请填写完整信息：请选择收货地址',
    err_ALREADY_REVIEWED: '该商品已经评价过了',
    err_STOCK_SHORT: '库存不足，请减少数量', err_ADDRESS_INVALID: '请检查收货地址', err_ADDRESS_LIMIT: '最多保存 20 个收货地址，请先删除不用的地址', err_ORDER_STATE: '订单状态已变化，请刷新后重试',
  },
  en: {
    products: 'All products', searchProducts: 'Search products', allCategories: 'All categories', found_one: '{{n}} product', found_other: '{{n}} products', noProducts: 'No products yet',
    noMatch: 'No products match "{{q}}"', clearFilters: 'Clear filters', sortNewest: 'Newest', sortPopular: 'Best selling',
    loadFailed: 'Could not load', retry: 'Retry',
    stockN: '{{n}} in stock', soldOut: 'Sold out', sales: '{{n}} sold',
    provider: 'Seller', school: 'School', quantity: 'Quantity', addToCart: 'Add to cart', buyNow: 'Buy now', added: 'Added to the cart',
    productOffShelf: 'This product is no longer on sale', providerOffShelfWarn: 'This seller has been taken off shelf; its products cannot be bought', schoolOffShelfWarn: 'This school has been taken off shelf; its products cannot be bought',
    productNotFound: 'Product not found', backToProducts: 'Back to products',     cart: 'Cart', cartEmpty: 'Your cart is empty', goShopping: 'Browse products', checkAll: 'Select all', checkGroup: 'Select all items of {{name}}',
    checkLine: 'Select {{title}}', delete: 'Delete', deleteChecked: 'Delete selected', deleteConfirm: 'Remove this item from the cart?',
    deleteCheckedConfirm: 'Remove the {{n}} selected items?', deleted: 'Removed', cancel: 'Cancel', confirm: 'OK',
    unitPrice: 'Unit price', subtotal: 'Subtotal', operation: 'Actions', checkedSummary: '{{n}} selected', total: 'Total: ', saving: 'You save {{amount}}',
    checkout: 'Check out', nothingChecked: 'Select the items to check out first', quantityOf: 'Quantity of {{title}}',
    offShelf: 'Off sale', providerOffShelf: 'Seller off shelf', stockShort: 'Only {{n}} left', quantityRestored: 'Quantity set back to {{n}}',
    confirmOrder: 'Confirm order', address: 'Shipping address', addAddress: 'Add an address', editAddress: 'Edit address', noAddress: 'No address yet; add one first',
    defaultTag: 'Default', setDefault: 'Make this my default address', edit: 'Edit', receiver: 'Recipient', phone: 'Mobile', area: 'Region', detail: 'Address',
    label: 'Label', home: 'Home', company: 'Work', schoolLabel: 'School', save: 'Save', receiverPh: 'Recipient\'s name', phonePh: '11-digit mobile number',
    areaPh: 'Province, city, district', detailPh: 'Street, building, room', addressSaved: 'Address saved', addressDeleted: 'Address deleted',
    deleteAddressConfirm: 'Delete this address?',
    requiredReceiver: 'Enter the recipient\'s name', requiredPhone: 'Enter a mobile number', badPhone: 'Enter an 11-digit mobile number, such as 13812345678',
    requiredArea: 'Enter the region', requiredDetail: 'Enter the street address',
    items: 'Items', remark: 'Note', remarkPh: 'Optional: a note to the seller (up to 200 characters)', goods: 'Items', freight: 'Shipping', free: 'Free',
    payable: 'To pay: ', submit: 'Place order', incomplete: 'Please fill in the complete information', backToCart: 'Back to cart', submitted: 'Order placed',
    myOrders: 'My orders', tabAll: 'All', state1: 'Pending payment', state2: 'To be received', state3: 'Completed', state4: 'Cancelled', state6: 'Refunded',
    noOrders: 'No orders yet', noOrdersTab: 'No orders in "{{tab}}"', orderNo: 'Order no. {{no}}', createdAt: 'Placed {{time}}', pieces_one: '{{n}} item', pieces_other: '{{n}} items',
    actualPay: 'Paid', viewDetail: 'Details', pay: 'Pay', cancelOrder: 'Cancel order', cancelConfirm: 'Cancel this order? Its items go back on sale.',
    cancelled: 'Order cancelled', takeDelivery: 'Confirm receipt', takeConfirm: 'Have you received the items?', received: 'Receipt confirmed', expiredNote: 'Not paid in time; the order was cancelled automatically',
    userCancelled: 'Order cancelled', payWithin: 'Pay before {{time}}, or the order is cancelled automatically', shippedNote: 'Shipped; it is on its way',
    completedNote: 'Completed. Thank you for your purchase', orderDetail: 'Order details', orderInfo: 'Order information', payType: 'Payment', paidAt: 'Paid',
    shippedAt: 'Shipped', receivedAt: 'Received', cancelledAt: 'Cancelled', chooseNeedPay: 'Choose how to pay', simulatedNote: 'Simulated payment for this demo: no money is charged. Physical items then wait for the seller to ship them; e-books, audiobooks and courses are ready at once.',
    payNow: 'Pay {{amount}}', orderNoLabel: 'Order no.', orderNotFound: 'The order does not exist', createdAtLabel: 'Placed', simulatedName: 'Simulated payment', paid: 'Payment successful', backToOrders: 'Back to my orders',
    err_PRODUCT_OFF_SHELF: 'This product is no longer on sale', err_PROVIDER_OFF_SHELF: 'This seller has been taken off shelf; its products cannot be bought', err_SOLD_OUT: 'This product is sold out',
    favorite: 'Save', favorited: 'Saved', favoriteAdded: 'Saved; find it under Saved products in your account', favoriteRemoved: 'Removed from saved products', err_FAVORITE_LIMIT: 'You can save up to 200 products; remove some first',
    err_QUANTITY_LIMIT: 'At most 99 of one product', err_CART_FULL: 'Your cart is full; check out or remove some items first',
    err_CART_CHANGED: 'Your cart changed; go back to the cart and check out again', err_NOTHING_CHECKED: 'Select the items to check out in the cart first',
    state2ToShip: 'To be shipped', toShipNote: 'Paid; waiting for the seller to ship it', viewDelivery: 'Tracking', review: 'Review', reviewedTag: 'Reviewed', noShipping: 'Nothing to ship',
    noShippingNote: 'Nothing in this order is shipped; it is ready to use once paid', err_NOT_SHIPPED: 'The seller has not shipped it yet; confirm receipt once it arrives', err_ADDRESS_REQUIRED: 'Please fill in the complete information: choose a shipping address',
    err_ALREADY_REVIEWED: 'You have reviewed this item already',
    err_STOCK_SHORT: 'Not enough stock; lower the quantity', err_ADDRESS_INVALID: 'Check the address fields', err_ADDRESS_LIMIT: 'You can keep up to 20 addresses; delete one you no longer use first', err_ORDER_STATE: 'The order has changed; reload and try again',
  },
};

/** The `shop` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('shop', TEXTS);

export type ShopTextKey = keyof typeof TEXTS.zh;

/** The shop texts for the active language. */
export const useShopTexts = () => useTexts(NAMESPACE);

const SERVER_SAYS_MORE = new Set(['STOCK_SHORT', 'ADDRESS_INVALID', 'ORDER_STATE']);

/** The text of a failed shop call: our own words for the codes we know (English too), else the server's sentence. */
export function failureText(t: ReturnType<typeof useShopTexts>, error: unknown, english: boolean): string {
  const e = error as { errorCode?: string; message?: string } | null;
  const key = `err_${e?.errorCode ?? ''}` as ShopTextKey;
  const known = Boolean(e?.errorCode) && key in TEXTS.zh;
  // In Chinese the server's own sentence says more (the count left, the field at fault, the state).
  if (known && (english || !e?.message || !SERVER_SAYS_MORE.has(e.errorCode!))) return t(key);
  return e?.message || t('loadFailed');
}
