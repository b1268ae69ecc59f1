// The `admin-shop-orders` namespace (docs/i18n.md): the back office's orders and shipping (/sub_admin/shopOrders, issue 20 part Q).
import { defineTexts, useTexts } from '../../../i18n/texts';

const ADMIN_SHOP_ORDERS = defineTexts('admin-shop-orders', {
  zh: {
    title: '订单发货', intro: '买家付款后，需要配送的订单出现在“待发货”，先付款的排在前面。发货时填写快递公司和运单号，买家随即在订单中看到“待收货”和物流进度；之后可随时添加物流信息。电子书、有声书和课程无需发货，付款后即完成。',
    stage_toShip: '待发货', stage_shipped: '待收货', stage_completed: '已完成', stage_pending: '待付款', stage_cancelled: '已取消', stage_refunded: '已退款', stage_all: '全部',
    search: '搜索订单号或收货人', colOrder: '订单', colBuyer: '买家', colItems: '商品', colAddress: '收货信息', colPay: '实付', colDelivery: '物流', colActions: '操作',
    paidAt: '付款 {{time}}', createdAt: '下单 {{time}}', noDelivery: '无需配送', notShipped: '未发货',
    ship: '发货', addEvent: '添加物流', viewDelivery: '查看物流', empty: '没有这类订单', loadFailed: '加载失败', retry: '重试',
    shipTitle: '发货：订单 {{no}}', carrier: '快递公司', carrierPh: '选择或输入快递公司', trackingNo: '运单号', trackingNoPh: '4–40 位字母、数字或连字符',
    place: '发货地（选填）', placePh: '如：杭州仓', confirmShip: '确认发货', shipped: '已发货',
    needCarrier: '请填写快递公司', needTrackingNo: '请填写运单号', badTrackingNo: '运单号只能是 4–40 位字母、数字或连字符',
    eventTitle: '添加物流：订单 {{no}}', eventText: '物流信息', eventTextPh: '如：快件已到达【杭州转运中心】', eventPlace: '地点（选填）',
    eventState: '包裹状态', keepState: '不变', eventTime: '时间（选填，默认现在）', needEventText: '请填写物流信息', eventAdded: '物流信息已添加', save: '保存', cancel: '取消',
    delivery1: '已发货', delivery2: '运输中', delivery3: '派送中', delivery4: '已签收', timelineTitle: '物流：订单 {{no}}', close: '关闭',
    forbiddenHelp: '订单发货只有本站管理员可以操作。', total: '共 {{n}} 个订单',
  },
  en: {
    title: 'Orders and shipping', intro: 'Paid orders that ship something wait under "To ship", the earliest paid first. Shipping takes the carrier and tracking number; the buyer then sees the order as to be received with its tracking, and you can add tracking events at any time. E-books, audiobooks and courses ship nothing: they are complete once paid.',
    stage_toShip: 'To ship', stage_shipped: 'Shipped', stage_completed: 'Completed', stage_pending: 'Awaiting payment', stage_cancelled: 'Cancelled', stage_refunded: 'Refunded', stage_all: 'All',
    search: 'Search order number or receiver', colOrder: 'Order', colBuyer: 'Buyer', colItems: 'Items', colAddress: 'Deliver to', colPay: 'Paid', colDelivery: 'Delivery', colActions: 'Actions',
    paidAt: 'Paid {{time}}', createdAt: 'Placed {{time}}', noDelivery: 'Nothing to ship', notShipped: 'Not shipped',
    ship: 'Ship', addEvent: 'Add tracking', viewDelivery: 'Tracking', empty: 'No orders here', loadFailed: 'Could not load', retry: 'Retry',
    shipTitle: 'Ship order {{no}}', carrier: 'Carrier', carrierPh: 'Pick or type a carrier', trackingNo: 'Tracking number', trackingNoPh: '4–40 letters, digits or hyphens',
    place: 'Ships from (optional)', placePh: 'e.g. Hangzhou warehouse', confirmShip: 'Ship it', shipped: 'Shipped',
    needCarrier: 'Enter the carrier', needTrackingNo: 'Enter the tracking number', badTrackingNo: 'A tracking number is 4–40 letters, digits or hyphens',
    eventTitle: 'Add tracking to order {{no}}', eventText: 'What happened', eventTextPh: 'e.g. Arrived at the Hangzhou hub', eventPlace: 'Place (optional)',
    eventState: 'Parcel status', keepState: 'Unchanged', eventTime: 'Time (optional, default now)', needEventText: 'Enter what happened', eventAdded: 'Tracking added', save: 'Save', cancel: 'Cancel',
    delivery1: 'Shipped', delivery2: 'In transit', delivery3: 'Out for delivery', delivery4: 'Delivered', timelineTitle: 'Tracking of order {{no}}', close: 'Close',
    forbiddenHelp: 'Only this site\'s admins can ship orders.', total_one: '{{n}} order', total_other: '{{n}} orders',
  },
});

export const useShopOrdersTexts = () => useTexts(ADMIN_SHOP_ORDERS);
