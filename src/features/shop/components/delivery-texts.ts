// The `shop-after-sale` namespace (docs/i18n.md; spec learning §9: English for the shop and order
// status texts): the delivery tracking page, the review page and the product page's 已购买.
import { defineTexts, useTexts } from '../../../i18n/texts';

const AFTER_SALE = defineTexts('shop-after-sale', {
  zh: {
    deliveryTitle: '物流详情', reviewTitle: '评价晒单', backToOrder: '返回订单', backToOrders: '返回订单列表',
    noOrderId: '没有指定订单，请从订单列表打开。', loadFailed: '加载失败：{{message}}', retry: '重试',
    carrier: '快递公司', trackingNo: '运单号', deliveryState: '物流状态', shippedAt: '发货时间', receiver: '收货信息',
    delivery1: '已发货', delivery2: '运输中', delivery3: '派送中', delivery4: '已签收',
    notShipped: '商家还未发货，发货后这里会显示物流进度。', noDelivery: '该订单的商品无需配送，付款后即可使用。',
    pendingPay: '订单还未付款，付款并发货后可查看物流。', cancelledOrder: '订单已取消，没有物流信息。',
    timeline: '物流进度', noEvents: '暂无物流记录', copy: '复制', copied: '已复制运单号',
    orderItems: '商品', pieces: '×{{n}}',
    rateLabel: '{{title}}的评分', stars: '{{n}} 星', contentLabel: '{{title}}的评价内容', contentPh: '说说商品的质量、包装和物流，帮助其他买家（最多 {{max}} 字）',
    photos: '晒图（选填，最多 {{max}} 张）', submitReviews: '提交评价', submitting: '提交中…', reviewed: '已评价', reviewSaved: '评价成功，感谢你的分享',
    needText: '请写下对《{{title}}》的评价内容', needScore: '请为《{{title}}》打分',
    notReceived: '确认收货后才能评价。', allReviewed: '这笔订单的商品都已评价，感谢你的分享。', myReview: '我的评价',
    viewProduct: '查看商品页', photoOf: '{{title}} 的晒图 {{n}}', bought: '已购买', viewOrder: '查看订单', readNow: '去阅读',
  },
  en: {
    deliveryTitle: 'Delivery tracking', reviewTitle: 'Review your order', backToOrder: 'Back to the order', backToOrders: 'Back to my orders',
    noOrderId: 'No order was given; open this page from your order list.', loadFailed: 'Could not load: {{message}}', retry: 'Retry',
    carrier: 'Carrier', trackingNo: 'Tracking number', deliveryState: 'Status', shippedAt: 'Shipped', receiver: 'Deliver to',
    delivery1: 'Shipped', delivery2: 'In transit', delivery3: 'Out for delivery', delivery4: 'Delivered',
    notShipped: 'The merchant has not shipped this order yet; tracking shows here once it has.', noDelivery: 'Nothing in this order is shipped; it is ready to use once paid.',
    pendingPay: 'This order is not paid yet; tracking shows once it is paid and shipped.', cancelledOrder: 'This order was cancelled; there is no delivery.',
    timeline: 'Tracking', noEvents: 'No tracking events yet', copy: 'Copy', copied: 'Tracking number copied',
    orderItems: 'Items', pieces: '×{{n}}',
    rateLabel: 'Rating of {{title}}', stars: '{{n}} stars', contentLabel: 'Your review of {{title}}', contentPh: 'Quality, packaging, delivery: help other buyers (at most {{max}} characters)',
    photos: 'Photos (optional, at most {{max}})', submitReviews: 'Submit reviews', submitting: 'Submitting…', reviewed: 'Reviewed', reviewSaved: 'Thank you for your review',
    needText: 'Please write your review of "{{title}}"', needScore: 'Please rate "{{title}}"',
    notReceived: 'You can review the items once you have confirmed receipt.', allReviewed: 'Every item of this order is reviewed. Thank you!', myReview: 'My review',
    viewProduct: 'Product page', photoOf: 'Photo {{n}}: {{title}}', bought: 'Purchased', viewOrder: 'View order', readNow: 'Read now',
  },
});

export const useAfterSaleTexts = () => useTexts(AFTER_SALE);
