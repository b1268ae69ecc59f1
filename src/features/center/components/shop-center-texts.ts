// The `center-shop` namespace (docs/i18n.md): the personal center's shop pages (issue 20 part T;
// spec learning §9: English is available for shop, order status and address texts).
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    loadFailed: '加载失败', retry: '重试', loading: '加载中',
    // shopMy
    myOrders: '我的订单', allOrders: '全部订单', pending: '待付款', toShip: '待发货', toReceive: '待收货', completed: '已完成', afterSale: '售后',
    recentOrders: '最近订单', noRecent: '还没有订单', goShopping: '去逛逛',
    myAssets: '我的收藏与书架', favorites: '商品收藏', bookshelf: '我的书架', addresses: '收货地址',
    shortcuts: '常用功能', reserve: '我的预约', contract: '我的合同', bought: '已购内容', cart: '购物车',
    orderNoShort: '订单号 {{no}}', itemsShort: '{{title}} 等 {{n}} 件',
    // shopOrder
    searchOrders: '搜索订单号或商品名称', searchLabel: '搜索订单', noMatch: '没有找到与“{{q}}”相关的订单', clearSearch: '清除搜索',
    // shopAddress
    addressCount: '已保存 {{n}} / {{max}} 个地址', addAddress: '新增收货地址', addressFull: '最多保存 {{max}} 个收货地址，请先删除不用的地址',
    noAddresses: '还没有收货地址', noAddressesHint: '下单时可直接选择这里的地址', isDefault: '默认地址', makeDefault: '设为默认',
    defaultSet: '已设为默认地址', edit: '编辑', delete: '删除', deleteConfirm: '确定删除这个收货地址吗？', deleted: '地址已删除',
    editOf: '编辑 {{receiver}}的地址', deleteOf: '删除 {{receiver}}的地址', makeDefaultOf: '设为默认 {{receiver}}的地址',
    confirm: '确定', cancel: '取消',
    // shopFavorite
    noFavorites: '还没有收藏商品', findProducts: '去逛逛商品', unfavorite: '取消收藏', unfavorited: '已取消收藏',
    addToCart: '加入购物车', added: '已加入购物车', savedAt: '收藏于 {{time}}', stockN: '库存 {{n}} 件',
    addToCartOf: '加入购物车：{{title}}', unfavoriteOf: '取消收藏：{{title}}',
    onSale: '在售', soldOut: '已售罄', offShelf: '已下架', providerOffShelf: '商家已下架',
    // shopBookshelf
    noBooks: '书架上还没有书。购买电子书、有声书或连载后，会出现在这里', goReading: '去书城看看',
    progress: '读到第 {{no}} / {{count}} 章：{{title}}', notStarted: '还没开始读 · 共 {{count}} 章', continueReading: '继续阅读', startReading: '开始阅读',
    readAt: '上次阅读 {{time}}', boughtAt: '购于 {{time}}', removeFromShelf: '移出书架', removeConfirm: '把《{{title}}》移出书架吗？已购内容不受影响，再次打开这本书时会回到书架。',
    removed: '已移出书架', progressOf: '《{{title}}》的阅读进度',
  },
  en: {
    loadFailed: 'Could not load', retry: 'Retry', loading: 'Loading',
    myOrders: 'My orders', allOrders: 'All orders', pending: 'Pending payment', toShip: 'To be shipped', toReceive: 'To be received', completed: 'Completed', afterSale: 'Refunds',
    recentOrders: 'Recent orders', noRecent: 'No orders yet', goShopping: 'Browse products',
    myAssets: 'Saved and bookshelf', favorites: 'Saved products', bookshelf: 'My bookshelf', addresses: 'Addresses',
    shortcuts: 'Shortcuts', reserve: 'My reservations', contract: 'My contracts', bought: 'My purchases', cart: 'Cart',
    orderNoShort: 'Order {{no}}', itemsShort: '{{title}} and more ({{n}} items)',
    searchOrders: 'Search by order number or product', searchLabel: 'Search orders', noMatch: 'No orders match "{{q}}"', clearSearch: 'Clear search',
    addressCount: '{{n}} of {{max}} addresses saved', addAddress: 'Add an address', addressFull: 'You can keep up to {{max}} addresses; delete one you no longer use first',
    noAddresses: 'No addresses yet', noAddressesHint: 'Addresses saved here can be picked at checkout', isDefault: 'Default', makeDefault: 'Make default',
    defaultSet: 'Default address set', edit: 'Edit', delete: 'Delete', deleteConfirm: 'Delete this address?', deleted: 'Address deleted',
    editOf: 'Edit the address of {{receiver}}', deleteOf: 'Delete the address of {{receiver}}', makeDefaultOf: 'Make default: the address of {{receiver}}',
    confirm: 'OK', cancel: 'Cancel',
    noFavorites: 'No saved products yet', findProducts: 'Browse products', unfavorite: 'Remove', unfavorited: 'Removed from saved products',
    addToCart: 'Add to cart', added: 'Added to the cart', savedAt: 'Saved {{time}}', stockN: '{{n}} in stock',
    addToCartOf: 'Add to cart: {{title}}', unfavoriteOf: 'Remove: {{title}}',
    onSale: 'On sale', soldOut: 'Sold out', offShelf: 'No longer on sale', providerOffShelf: 'Seller off shelf',
    noBooks: 'Your bookshelf is empty. E-books, audiobooks and serials you buy appear here', goReading: 'Browse books',
    progress: 'Chapter {{no}} of {{count}}: {{title}}', notStarted_one: 'Not started · {{count}} chapter', notStarted_other: 'Not started · {{count}} chapters',
    continueReading: 'Continue reading', startReading: 'Start reading',
    readAt: 'Last read {{time}}', boughtAt: 'Bought {{time}}', removeFromShelf: 'Remove from shelf', removeConfirm: 'Remove "{{title}}" from the shelf? You keep what you bought; opening the book again puts it back.',
    removed: 'Removed from the shelf', progressOf: 'Reading progress of "{{title}}"',
  },
};

/** The `center-shop` namespace, registered when the center's chunk loads. */
export const NAMESPACE = defineTexts('center-shop', TEXTS);

export type CenterShopText = keyof typeof TEXTS.zh;

/** The center's shop texts for the active language. */
export const useCenterShopTexts = () => useTexts(NAMESPACE);
