// Reservations, contracts and refunds in the browser's pages (issue 20 part R): a service product's
// slot picker (full slots cannot be picked, a reservation needs a slot), my reservations with cancel,
// a contract confirmed only with a typed name and the ticked box, and a refund asked with a reason.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ContractView, ReservationView, SlotView } from '../../src/api/reservations';
import type { OrderView } from '../../src/api/shop-orders';
import { renderRoutes } from './render-shell';
import { fakeAdapter, noRoute, ok, signedInDemoShell, type FakeCall } from './fake-api';

const inDays = (d: number, h = 0) => new Date(Date.now() + d * 86_400_000 + h * 3_600_000).toISOString();
const slot = (id: number, day: number, free: number): SlotView => ({ id, startAt: inDays(day), endAt: inDays(day, 1), capacity: 2, booked: 2 - free, free, mine: false, bookable: free > 0 });

const reservation = (id: number, status: ReservationView['status']): ReservationView => ({
  id, orderId: 500 + id, orderNo: `20261127100000${500 + id}`, orderState: status === 'toPay' ? 1 : 3, prodId: 90, title: '一对一阅读辅导', cover: null,
  providerName: '学习服务中心', slotId: 7, startAt: inDays(2), endAt: inDays(2, 1), note: null, price: 99, status,
  cancellable: status === 'upcoming' || status === 'toPay', createdAt: inDays(-1), cancelledAt: null,
});

const contract = (state: ContractView['state']): ContractView => ({
  id: 31, orderId: 600, orderNo: '20261127100000000600', orderState: 1, contractNo: 'HT20261127100000000600', prodId: 91, productTitle: '年度阅读会员', price: 365,
  title: '年度阅读会员服务协议', body: '甲方：学习服务中心\n乙方：张读者\n\n一、服务内容：全年畅读。', state, signerName: state === 'confirmed' ? '张读者' : null,
  confirmedAt: state === 'confirmed' ? inDays(0) : null, createdAt: inDays(-1),
});

const order: OrderView = {
  id: 700, orderNo: '20261127100000000700', state: 3, cancelReason: null, createdAt: inDays(-2), expiresAt: inDays(-2), paidAt: inDays(-2), shippedAt: null,
  receivedAt: inDays(-2), cancelledAt: null, payType: 'simulated', remark: null, address: { receiver: '', phone: '', area: '', detail: '' },
  items: [{ cartId: null, prodId: 91, title: '年度阅读会员', cover: null, productType: 12, providerId: 1, providerName: '学习服务中心', price: 365, retPrice: 365, quantity: 1, totalPrice: 365 }],
  productCount: 1, itemCount: 1, totalPrice: 365, totalRetPrice: 365, freight: 0, payPrice: 365,
};

function fakeServer() {
  const state = { calls: [] as FakeCall[], reservations: [reservation(1, 'upcoming')], contract: contract('pending'), refund: null as null | Record<string, unknown> };
  const adapter = fakeAdapter((call) => {
    switch (call.url) {
      case '/order/api/product/detail':
        return ok({ id: 90, title: '一对一阅读辅导', cover: null, summary: null, productType: 11, price: 99, retailPrice: null, stock: 50, salesCount: 3, state: 1, providerId: 1, providerName: '学习服务中心', providerState: 0, orgType: 'MERCHANT', categoryName: null, description: null, images: [], specs: [] });
      case '/order/api/serviceSlot/list': return ok({ prodId: 90, providerId: 1, providerName: '学习服务中心', slots: [slot(7, 1, 0), slot(8, 1, 2), slot(9, 2, 1)] });
      case '/order/api/orderCustomize/create': return ok({ orderId: 501, orderNo: 'x', orderState: 1, needsPay: true, reservationId: 2, contractId: null, repeated: false });
      case '/order/api/reservation/myList': return ok({ list: state.reservations, total: state.reservations.length, pageNo: 1, pageSize: 10 });
      case '/order/api/reservation/cancel':
        state.reservations = state.reservations.map((r) => (r.id === call.body.id ? { ...r, status: 'cancelled' as const, cancellable: false } : r));
        return ok(state.reservations.find((r) => r.id === call.body.id));
      case '/order/api/contract/myList': return ok({ list: [state.contract], total: 1, pageNo: 1, pageSize: 10 });
      case '/order/api/contract/info': return ok(state.contract);
      case '/order/api/contract/confirm':
        state.contract = { ...contract('confirmed'), signerName: String(call.body.signerName) };
        return ok(state.contract);
      case '/order/api/order/detail': return ok(order);
      case '/order/api/orderCustomize/info': return ok({ orderId: 700, kind: 'none', reservation: null, contract: null });
      case '/order/api/refund/info': return ok({ orderId: 700, latest: state.refund, canApply: state.refund === null });
      case '/order/api/refund/apply':
        state.refund = { id: 1, orderId: 700, reason: call.body.reason, amount: 365, state: 'requested', note: null, createdAt: inDays(0), decidedAt: null, automatic: false };
        return ok({ orderId: 700, latest: state.refund, canApply: false });
      case '/order/api/orderComment/prodCommentList': return ok({ list: [], total: 0, pageNo: 1, pageSize: 5, summary: { count: 0, average: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } } });
      case '/order/api/productFavorite/get': return ok({ prodId: Number(call.params.prodId), favorite: false, count: 0 });
      case '/order/api/buy/query': return ok({ bought: false, orderId: null });
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
const callsTo = (url: string) => server.state.calls.filter((c) => c.url === url);

describe('reservations, contracts and refunds', { timeout: 45_000 }, () => {
  it('a service product offers its slots instead of the cart: a full slot cannot be picked, and reserving needs a slot', async () => {
    const user = userEvent.setup();
    renderRoutes('/product/detail/90');
    await screen.findByTestId('reserve-box', {}, { timeout: 8000 });
    expect(screen.queryByTestId('add-to-cart')).toBeNull();
    const options = await screen.findAllByTestId('slot-option');
    expect(options).toHaveLength(3);
    const radios = screen.getAllByRole('radio');
    expect(radios[0]).toBeDisabled();
    expect(radios[1]).toBeEnabled();
    expect(options[0]).toHaveTextContent('已约满');
    expect(options[1]).toHaveTextContent('剩余 2 个名额');
    await user.click(screen.getByTestId('reserve-submit'));
    expect(await screen.findByTestId('reserve-problem')).toHaveTextContent('请先选择一个时段');
    expect(callsTo('/order/api/orderCustomize/create')).toHaveLength(0);
    await user.click(options[1]!);
    await user.type(screen.getByLabelText('备注（选填）'), '请推荐书目');
    await user.click(screen.getByTestId('reserve-submit'));
    await waitFor(() => expect(callsTo('/order/api/orderCustomize/create')).toHaveLength(1));
    expect(callsTo('/order/api/orderCustomize/create')[0]!.body).toMatchObject({ kind: 'reserve', prodId: 90, slotId: 8, note: '请推荐书目' });
  });

  it('shopReserve lists my reservations and cancels one after the confirm', async () => {
    const user = userEvent.setup();
    renderRoutes('/user/center/shop/shopReserve');
    const row = await screen.findByTestId('center-reservation');
    expect(within(row).getByTestId('reservation-status')).toHaveTextContent('待服务');
    await user.click(within(row).getByTestId('reserve-cancel'));
    expect(callsTo('/order/api/reservation/cancel')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(callsTo('/order/api/reservation/cancel')[0]!.body).toMatchObject({ id: 1 }));
  });

  it('a contract is confirmed only with a typed name and the ticked box', async () => {
    const user = userEvent.setup();
    renderRoutes('/user/center/shop/shopContract');
    await user.click(await screen.findByTestId('contract-open'));
    const dialog = await screen.findByTestId('contract-dialog');
    expect(within(dialog).getByTestId('contract-text')).toHaveTextContent('一、服务内容：全年畅读。');
    await user.click(within(dialog).getByTestId('contract-confirm'));
    expect(await within(dialog).findByTestId('contract-problem')).toHaveTextContent('请输入您的姓名');
    await user.type(within(dialog).getByLabelText('您的姓名'), '张读者');
    await user.click(within(dialog).getByTestId('contract-confirm'));
    expect(await within(dialog).findByTestId('contract-problem')).toHaveTextContent('请先勾选');
    expect(callsTo('/order/api/contract/confirm')).toHaveLength(0);
    await user.click(within(dialog).getByRole('checkbox', { name: '我已阅读并同意本合同' }));
    await user.click(within(dialog).getByTestId('contract-confirm'));
    await waitFor(() => expect(callsTo('/order/api/contract/confirm')[0]!.body).toMatchObject({ id: 31, signerName: '张读者', agreed: true }));
  });

  it('a paid order asks for a refund with a reason, then shows it pending', async () => {
    const user = userEvent.setup();
    renderRoutes('/sub_shop/order_detail/order_detail/700');
    await user.click(await screen.findByTestId('refund-apply'));
    await user.click(await screen.findByTestId('refund-submit'));
    expect(await screen.findByText('请填写退款原因（2 到 200 个字）')).toBeInTheDocument();
    await user.type(screen.getByTestId('refund-reason'), '时间冲突');
    await user.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(callsTo('/order/api/refund/apply')[0]!.body).toMatchObject({ orderId: 700, reason: '时间冲突' }));
    expect(await screen.findByTestId('refund-state')).toHaveTextContent('退款处理中');
  });
});
