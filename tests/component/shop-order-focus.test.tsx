// Issue 23 (keyboard use): after a dialog closes the focus returns to the button that opened it,
// or the next sensible control when that one is gone. The order page opened with ?pay=1 shows the
// payment dialog at once, so its opener (提交订单) is on the page before; paying replaces the
// state's buttons. Both used to leave the focus on the page.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../src/features/shop/api/shop-api';
import { renderRoutes } from './render-shell';
import { fakeAdapter, noRoute, ok, signedInDemoShell, type FakeCall } from './fake-api';

const pending: OrderView = {
  id: 5, orderNo: 'SO202611260001', state: 1, cancelReason: null, createdAt: '2026-11-26T10:00:00Z', expiresAt: '2026-11-26T10:30:00Z',
  paidAt: null, shippedAt: null, receivedAt: null, cancelledAt: null, payType: null, remark: null,
  address: { receiver: '键盘读者', phone: '13812345679', area: '浙江省 杭州市 西湖区', detail: '文三路 100 号' },
  items: [], productCount: 1, itemCount: 1, totalPrice: 30, totalRetPrice: 30, freight: 0, payPrice: 30,
};

function fakeServer() {
  const state = { order: { ...pending }, calls: [] as FakeCall[], typesReady: Promise.resolve() };
  const adapter = fakeAdapter((call) => {
    switch (call.url) {
      case '/order/api/order/detail': return ok(state.order);
      case '/order/api/payment/getType': return state.typesReady.then(() => ok([{ payType: 'simulated', name: '模拟支付', nameEn: 'Simulated payment', simulated: true }]));
      case '/order/api/pay/unifiedOrder':
        state.order = { ...state.order, state: 2, payType: 'simulated', paidAt: '2026-11-26T10:01:00Z', shippedAt: '2026-11-26T10:01:00Z' };
        return ok(state.order);
      case '/um/api/message/getUserUnReadCount': return ok(0);
      case '/order/api/cart/count': return ok({ productCount: 0, itemCount: 0 });
      default: return noRoute(call.url);
    }
  }, state.calls);
  return { state, adapter };
}

let server: ReturnType<typeof fakeServer>;
signedInDemoShell(() => {
  server = fakeServer();
  return server.adapter;
});

describe('order page focus after the payment dialog', { timeout: 20_000 }, () => {
  it('取消 on the dialog opened on arrival puts the focus on 付款, not on the page', async () => {
    const user = userEvent.setup();
    renderRoutes('/sub_shop/order_detail/order_detail/5?pay=1');
    const cancel = await screen.findByRole('button', { name: '取 消' }).catch(() => screen.findByRole('button', { name: '取消' }));
    await user.click(cancel);
    await waitFor(() => {
      // jsdom runs no CSS animation: end antd's closing motion once it is under way, as a browser would.
      const leaving = document.querySelector<HTMLElement>('.ant-modal[class*="leave-active"]');
      for (const name of ['animationend', 'transitionend', 'webkitAnimationEnd', 'webkitTransitionEnd']) leaving?.dispatchEvent(new Event(name));
      expect(document.activeElement).toBe(screen.getByTestId('pay-order'));
    });
  });

  it('立即支付 can take the focus while the channels load: disabled, it left 取消 last and Tab left the dialog', async () => {
    let release = () => {};
    server.state.typesReady = new Promise<void>((resolve) => { release = resolve; });
    renderRoutes('/sub_shop/order_detail/order_detail/5?pay=1');
    const pay = await screen.findByTestId('pay-confirm');
    expect(pay).not.toBeDisabled();
    expect(pay).toHaveClass('ant-btn-loading');
    release();
    await waitFor(() => expect(pay).not.toHaveClass('ant-btn-loading'));
    expect(pay).not.toBeDisabled();
  });

  it('paying puts the focus on the next state\'s action (确认收货), not on the page', async () => {
    const user = userEvent.setup();
    renderRoutes('/sub_shop/order_detail/order_detail/5?pay=1');
    const pay = await screen.findByTestId('pay-confirm');
    await waitFor(() => expect(pay).not.toHaveClass('ant-btn-loading'));
    await user.click(pay);
    const take = await screen.findByTestId('take-delivery');
    await waitFor(() => expect(document.activeElement).toBe(take));
  });
});
