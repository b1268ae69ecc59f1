// After-sale pages (issue 20 part Q) against a fake API: the tracking page (carrier, number, events
// newest first; why there is none before shipping), the review page (what it sends, what it refuses
// to send), the order's buttons by state (待发货 has no receipt; 评价 → 已评价), and the confirm page
// of a reading product, which asks no address and sends none.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../src/features/shop/api/shop-api';
import type { DeliveryView, OrderReviews } from '../../src/api/after-sale';
import { renderRoutes } from './render-shell';
import { fakeAdapter, noRoute, ok, signedInDemoShell, type FakeCall } from './fake-api';

const order = (over: Partial<OrderView> = {}): OrderView => ({
  id: 7, orderNo: '20261126100000000007', state: 2, cancelReason: null, createdAt: '2026-11-26T10:00:00Z', expiresAt: '2026-11-26T10:30:00Z',
  paidAt: '2026-11-26T10:01:00Z', shippedAt: null, receivedAt: null, cancelledAt: null, payType: 'simulated', remark: null,
  address: { receiver: '张读者', phone: '13812345678', area: '浙江省 杭州市 西湖区', detail: '文三路 100 号' },
  items: [{ cartId: null, prodId: 31, title: '活着', cover: null, productType: 1, providerId: 1, providerName: '书虫自营', price: 30, retPrice: 30, quantity: 1, totalPrice: 30 }],
  productCount: 1, itemCount: 1, totalPrice: 30, totalRetPrice: 30, freight: 0, payPrice: 30, needsDelivery: true, reviewState: 'none', ...over,
});

const shipped: DeliveryView = {
  orderId: 7, orderNo: '20261126100000000007', orderState: 2, needsDelivery: true, shipped: true, carrier: '顺丰速运', trackingNo: 'SF1234567890', state: 2,
  shippedAt: '2026-11-26T12:00:00Z', signedAt: null, address: order().address, items: [{ prodId: 31, title: '活着', cover: null, quantity: 1 }],
  events: [
    { id: 2, time: '2026-11-26T18:00:00Z', place: '杭州转运中心', text: '快件已到达【杭州转运中心】', state: 2 },
    { id: 1, time: '2026-11-26T12:00:00Z', place: '杭州', text: '商家已发货，顺丰速运，运单号 SF1234567890', state: 1 },
  ],
};

const reviews = (review: OrderReviews['lines'][number]['review'] = null): OrderReviews => ({
  orderId: 7, orderNo: '20261126100000000007', orderState: 3, reviewState: review ? 'done' : 'open',
  lines: [{ orderItemId: 70, prodId: 31, title: '活着', cover: null, productType: 1, quantity: 1, review }],
});

const state = {
  calls: [] as FakeCall[],
  order: order(),
  delivery: shipped,
  reviews: reviews(),
  confirm: { items: order().items, productCount: 1, itemCount: 1, totalPrice: 30, totalRetPrice: 30, freight: 0, payPrice: 30, needsDelivery: true } as Record<string, unknown>,
};

signedInDemoShell(() => {
  state.calls = [];
  return fakeAdapter((call) => {
    switch (call.url) {
      case '/order/api/order/detail': return ok(state.order);
      case '/order/api/order/query': return ok({ list: [state.order], total: 1, pageNo: 1, pageSize: 10 });
      case '/order/api/delivery/detail': return ok(state.delivery);
      case '/order/api/orderComment/orderInfo': return ok(state.reviews);
      case '/order/api/orderComment/submit': {
        const item = (call.body.items as Array<{ score: number; content: string; images: string[] }>)[0]!;
        state.reviews = reviews({ id: 1, score: item.score, content: item.content, images: item.images, createTime: '2026-11-27T10:00:00Z' });
        return ok(state.reviews);
      }
      case '/order/api/order/confirm': return ok(state.confirm);
      case '/order/api/order/submit': return ok({ id: 8, orderNo: '20261127100000000008', repeated: false });
      case '/um/umAddress/list2': return ok([{ id: 3, receiver: '张读者', phone: '13812345678', area: '浙江省', detail: '文三路', label: null, isDefault: true }]);
      case '/order/api/payment/getType': return ok([{ payType: 'simulated', name: '模拟支付', nameEn: 'Simulated payment', simulated: true }]);
      case '/order/api/cart/count': return ok({ productCount: 0, itemCount: 0 });
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return noRoute(call.url);
    }
  }, state.calls);
});

const sent = (url: string) => state.calls.filter((c) => c.url === url);

describe('tracking page', () => {
  it('shows the carrier, the tracking number and the events newest first', async () => {
    state.delivery = shipped;
    renderRoutes('/sub_shop/delivery_detail/7');
    expect(await screen.findByTestId('delivery-tracking-no')).toHaveTextContent('SF1234567890');
    expect(screen.getByTestId('delivery-carrier')).toHaveTextContent('顺丰速运');
    expect(screen.getByTestId('delivery-state')).toHaveTextContent('运输中');
    expect(screen.getAllByTestId('delivery-event').map((e) => e.textContent)).toEqual([
      expect.stringContaining('杭州转运中心】'), expect.stringContaining('商家已发货'),
    ]);
    expect(sent('/order/api/delivery/detail')[0]!.params).toMatchObject({ orderId: 7 });
  });

  it('before shipping says the merchant has not shipped yet, with no timeline', async () => {
    state.delivery = { ...shipped, shipped: false, carrier: null, trackingNo: null, state: null, shippedAt: null, events: [] };
    renderRoutes('/sub_shop/delivery_detail/7');
    expect(await screen.findByTestId('delivery-none')).toHaveTextContent('商家还未发货');
    expect(screen.queryByTestId('delivery-timeline')).toBeNull();
  });
});

describe('order buttons by state', () => {
  it('a paid order not shipped is 待发货 and offers no receipt; once shipped it offers tracking and receipt', async () => {
    state.order = order();
    const first = renderRoutes('/sub_shop/order_detail/order_detail/7');
    expect(await screen.findByTestId('order-state')).toHaveTextContent('待发货');
    expect(screen.queryByTestId('take-delivery')).toBeNull();
    expect(screen.queryByTestId('view-delivery')).toBeNull();
    first.unmount();
    state.order = order({ shippedAt: '2026-11-26T12:00:00Z' });
    renderRoutes('/sub_shop/order_detail/order_detail/7');
    expect(await screen.findByTestId('take-delivery')).toBeInTheDocument();
    expect(screen.getByTestId('order-state')).toHaveTextContent('待收货');
    expect(screen.getByTestId('view-delivery')).toHaveAttribute('href', '/sub_shop/delivery_detail/7');
  });

  it('the personal center\'s order list says 待发货 too (it used to say 待收货 for a paid order not shipped)', async () => {
    state.order = order();
    renderRoutes('/user/center/shop/shopOrder');
    expect(await screen.findByTestId('order-state')).toHaveTextContent('待发货');
  });

  it('a received order offers 评价 while a line is open and says 已评价 after', async () => {
    state.order = order({ state: 3, shippedAt: '2026-11-26T12:00:00Z', receivedAt: '2026-11-27T09:00:00Z', reviewState: 'open' });
    const first = renderRoutes('/sub_shop/order_detail/order_detail/7');
    expect(await screen.findByTestId('review-order')).toHaveAttribute('href', '/sub_shop/comment?orderId=7');
    first.unmount();
    state.order = { ...state.order, reviewState: 'done' };
    renderRoutes('/sub_shop/order_detail/order_detail/7');
    expect(await screen.findByTestId('order-reviewed')).toHaveTextContent('已评价');
    expect(screen.queryByTestId('review-order')).toBeNull();
  });
});

describe('review page', () => {
  it('sends nothing without a text, then sends the stars and the text and shows the review', async () => {
    state.reviews = reviews();
    const user = userEvent.setup();
    renderRoutes('/sub_shop/comment?orderId=7');
    const form = await screen.findByTestId('review-form');
    await user.click(screen.getByTestId('review-submit'));
    expect(sent('/order/api/orderComment/submit')).toHaveLength(0);
    // Four stars: the fourth star of the line's rating.
    const stars = form.querySelectorAll<HTMLElement>('.ant-rate-star > div');
    await user.click(stars[3]!);
    await user.type(within(form).getByRole('textbox'), '纸张很好，物流也快');
    await user.click(screen.getByTestId('review-submit'));
    await waitFor(() => expect(sent('/order/api/orderComment/submit')).toHaveLength(1));
    expect(sent('/order/api/orderComment/submit')[0]!.body).toMatchObject({ orderId: 7, items: [{ orderItemId: 70, score: 4, content: '纸张很好，物流也快', images: [] }] });
    expect(await screen.findByTestId('review-all-done')).toBeInTheDocument();
    expect(screen.getByTestId('review-done')).toHaveTextContent('纸张很好，物流也快');
  });

  it('before receipt says so and offers no form', async () => {
    state.reviews = { ...reviews(), orderState: 2, reviewState: 'none' };
    renderRoutes('/sub_shop/comment?orderId=7');
    expect(await screen.findByTestId('review-not-received')).toHaveTextContent('确认收货后才能评价');
    expect(screen.queryByTestId('review-form')).toBeNull();
  });
});

describe('order confirm of a reading product', () => {
  it('asks no address and submits none (issue: a reading product no longer asks for a shipping address)', async () => {
    state.confirm = { ...state.confirm, items: [{ ...order().items[0]!, productType: 8, title: '三体（电子书）' }], needsDelivery: false };
    const user = userEvent.setup();
    renderRoutes('/sub_shop/order_confirm/order_confirm?prodId=31&quantity=1');
    expect(await screen.findByTestId('confirm-no-address')).toHaveTextContent('无需配送');
    expect(screen.queryByTestId('confirm-address')).toBeNull();
    await user.click(await screen.findByTestId('submit-order'));
    await waitFor(() => expect(sent('/order/api/order/submit')).toHaveLength(1));
    expect(sent('/order/api/order/submit')[0]!.body).not.toHaveProperty('addressId');
  });

  it('a physical product still asks the address and sends it', async () => {
    state.confirm = { ...state.confirm, items: order().items, needsDelivery: true };
    const user = userEvent.setup();
    renderRoutes('/sub_shop/order_confirm/order_confirm?prodId=31&quantity=1');
    await screen.findByTestId('address-option');
    await user.click(await screen.findByTestId('submit-order'));
    await waitFor(() => expect(sent('/order/api/order/submit')).toHaveLength(1));
    expect(sent('/order/api/order/submit')[0]!.body).toMatchObject({ addressId: 3 });
  });
});
