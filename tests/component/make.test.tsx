// Made to order and opening a shop (issue 20 part S): /sub_home/make (kinds, the form's checks, a
// signed-in send, a guest's draft kept across sign-in), makeDetail (accepting the quote goes to the
// order), /sub_admin/registTenant/index (states), and /sub_admin/myAdmin saying 'please log in
// first' with no user (spec learning §2).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { MakeKind, MakeRequestView, StoreApplication } from '../../schemas/api/make';
import { useUserStore } from '../../src/stores/user-store';
import { renderRoutes } from './render-shell';
import { fakeAdapter, noRoute, ok, signedInDemoShell, type FakeCall } from './fake-api';

const kinds: MakeKind[] = [
  { id: 1, code: 'training', title: '企业内训方案', summary: '按岗位定制培训。', leadDays: 30, providerId: 7, providerName: '定制服务中心' },
  { id: 2, code: 'custom_book', title: '定制图书', summary: '纪念册与读本。', leadDays: 21, providerId: 7, providerName: '定制服务中心' },
];

const view = (over: Partial<MakeRequestView> = {}): MakeRequestView => ({
  id: 41, kindId: 2, kindTitle: '定制图书', providerName: '定制服务中心', title: '班级毕业纪念册', description: '45 人毕业班的纪念册，精装 50 本。',
  budgetMin: 3000, budgetMax: 5000, deadline: dayjs().add(30, 'day').format('YYYY-MM-DD'), contactName: '李同学', contactPhone: '13800138000', attachments: [], state: 'submitted',
  quote: null, declineReason: null, decidedAt: null, orderId: null, orderState: null, applicantName: '李学员', createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-21T02:00:00.000Z', messages: [], ...over,
});

const application = (over: Partial<StoreApplication> = {}): StoreApplication => ({
  id: 3, shopName: '书香文具小铺', orgType: 'MERCHANT', contactName: '张读者', contactPhone: '13800138000', licenceNo: '91310000MA1K4XYZ2B',
  description: '学生文具与读书周边。', logo: null, state: 'pending', rejectReason: null, providerId: null, reviewedAt: null,
  createdAt: '2026-11-20T02:00:00.000Z', applicantName: '李学员', ...over,
});

const calls: FakeCall[] = [];
const routes: Record<string, (c: FakeCall) => unknown> = {};
const answer = (c: FakeCall) => {
  const handler = routes[`${c.method.toLowerCase()} ${c.url}`];
  return handler ? handler(c) : noRoute(c.url);
};
signedInDemoShell(() => {
  calls.length = 0;
  for (const key of Object.keys(routes)) delete routes[key];
  sessionStorage.clear();
  routes['get /order/api/make/kinds'] = () => ok(kinds);
  routes['get /order/api/make/mine'] = () => ok({ list: [view()], total: 1, pageNo: 1, pageSize: 5 });
  return fakeAdapter(answer, calls);
});
const sent = (url: string) => calls.filter((c) => c.url === url);

/** Fills the request form with valid values, the phone as given. */
async function fillForm(phone: string) {
  fireEvent.click(await screen.findByRole('button', { name: '定制这一项：定制图书' }));
  fireEvent.change(screen.getByTestId('make-title'), { target: { value: '班级毕业纪念册' } });
  fireEvent.change(screen.getByTestId('make-description'), { target: { value: '45 人毕业班的纪念册，精装 50 本。' } });
  fireEvent.change(screen.getByTestId('make-budget-min'), { target: { value: '3000' } });
  fireEvent.change(screen.getByTestId('make-budget-max'), { target: { value: '5000' } });
  fireEvent.change(screen.getByTestId('make-contact-name'), { target: { value: '李同学' } });
  fireEvent.change(screen.getByTestId('make-contact-phone'), { target: { value: phone } });
}

describe('/sub_home/make', { timeout: 30_000 }, () => {
  it('lists the kinds and my requests, refuses a bad phone with the rule, and sends a valid request to its page', async () => {
    routes['post /order/api/make/submit'] = () => ok(view());
    routes['get /order/api/make/detail'] = () => ok(view());
    const { router } = renderRoutes('/sub_home/make');
    // The first page of the file loads its chunks cold: a longer wait on a busy machine.
    expect(await screen.findAllByTestId('make-kind-card', {}, { timeout: 15_000 })).toHaveLength(2);
    expect(await screen.findByTestId('make-mine-row')).toHaveTextContent('班级毕业纪念册');
    await fillForm('12345');
    fireEvent.click(screen.getByTestId('make-submit'));
    expect(await screen.findByText('请输入正确的联系电话：11 位手机号，或带区号的电话号码')).toBeInTheDocument();
    expect(sent('/order/api/make/submit')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('make-contact-phone'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByTestId('make-submit'));
    await waitFor(() => expect(sent('/order/api/make/submit')).toHaveLength(1));
    expect(sent('/order/api/make/submit')[0]!.body).toMatchObject({
      tenantId: 1001, kindId: 2, title: '班级毕业纪念册', budgetMin: 3000, budgetMax: 5000, deadline: dayjs().add(30, 'day').format('YYYY-MM-DD'), contactName: '李同学', contactPhone: '13800138000', attachments: [],
    });
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/sub_home/make/makeDetail?id=41'));
  });

  it('sends a guest to sign in and back, keeping what they typed', async () => {
    useUserStore.getState().signOut(false);
    const { router } = renderRoutes('/sub_home/make');
    await fillForm('13800138000');
    fireEvent.click(screen.getByRole('button', { name: '登录后提交' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?returnUrl=${encodeURIComponent('/sub_home/make')}`);
    expect(sent('/order/api/make/submit')).toHaveLength(0);
    expect(JSON.parse(sessionStorage.getItem('make-draft:1001')!)).toMatchObject({ kindId: 2, title: '班级毕业纪念册', contactPhone: '13800138000', deadline: dayjs().add(30, 'day').format('YYYY-MM-DD') });
  });
});

describe('/sub_home/make/makeDetail', { timeout: 30_000 }, () => {
  it('accepts the quote and goes to the order to pay it', async () => {
    const quoted = view({ state: 'quoted', quote: { price: 4200, deliveryDate: '2027-01-05', note: '含精装印刷', quotedAt: '2026-11-22T02:00:00.000Z' } });
    routes['get /order/api/make/detail'] = () => ok(quoted);
    routes['get /um/umAddress/list2'] = () => ok([]);
    routes['post /order/api/make/accept'] = () => ok({ ...quoted, state: 'accepted', orderId: 88, orderState: 1 });
    const { router } = renderRoutes('/sub_home/make/makeDetail?id=41');
    expect(await screen.findByTestId('make-quote-price')).toHaveTextContent('¥4,200.00');
    fireEvent.click(screen.getByTestId('make-accept'));
    const acceptOk = await screen.findByRole('button', { name: '确认接受' });
    // Enabled once the address book has loaded (no address: the request's contact, nothing shipped).
    await waitFor(() => expect(acceptOk).toBeEnabled());
    fireEvent.click(acceptOk);
    await waitFor(() => expect(sent('/order/api/make/accept')).toHaveLength(1));
    // The quote shown goes along: the server refuses a newer one the learner has not seen.
    expect(sent('/order/api/make/accept')[0]!.body).toEqual({ tenantId: 1001, id: 41, quotedAt: '2026-11-22T02:00:00.000Z', addressId: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sub_shop/order_detail/order_detail/88'));
  });

  it('shows the server\'s refusal for another learner\'s request', async () => {
    routes['get /order/api/make/detail'] = () => ({ success: false, code: 404, flag: -1, message: '定制需求不存在（编号 41）。', data: null, errorCode: 'MAKE_NOT_FOUND' });
    renderRoutes('/sub_home/make/makeDetail?id=41');
    expect(await screen.findByText('定制需求不存在（编号 41）。')).toBeInTheDocument();
  });
});

describe('/sub_admin/registTenant/index', { timeout: 30_000 }, () => {
  it('shows a pending application instead of the form', async () => {
    routes['get /order/api/storeApply/mine'] = () => ok([application()]);
    renderRoutes('/sub_admin/registTenant/index');
    expect(await screen.findByTestId('apply-state')).toHaveTextContent('审核中');
    expect(screen.getByText('你有一份开店申请正在审核中，审核完成前不能再提交。')).toBeInTheDocument();
    expect(screen.queryByTestId('apply-form')).toBeNull();
  });

  it('shows the reason of a rejection and lets the applicant apply again', async () => {
    routes['get /order/api/storeApply/mine'] = () => ok([application({ state: 'rejected', rejectReason: '执照编号与名称不符' })]);
    renderRoutes('/sub_admin/registTenant/index');
    expect(await screen.findByText(/执照编号与名称不符/)).toBeInTheDocument();
    expect(screen.getByTestId('apply-form')).toBeInTheDocument();
  });
});

describe('/sub_admin/myAdmin with no user', { timeout: 30_000 }, () => {
  // spec learning §2: "if there is no user the message 'please log in first' shows"; the route used to
  // send a guest to /login without a word.
  it('says please log in first, with the way to sign in and come back', async () => {
    useUserStore.getState().signOut(false);
    const { router } = renderRoutes('/sub_admin/myAdmin');
    expect(await screen.findByTestId('admin-please-login')).toHaveTextContent('请先登录');
    expect(router.state.location.pathname).toBe('/sub_admin/myAdmin');
    expect(within(screen.getByTestId('admin-please-login')).getByRole('link', { name: '登录' })).toHaveAttribute('href', `/login?returnUrl=${encodeURIComponent('/sub_admin/myAdmin')}`);
    expect(sent('/cfg/api/admin/settings')).toHaveLength(0);
  });
});

describe('the back office\'s pages', { timeout: 30_000 }, () => {
  it('quotes a request from its drawer', async () => {
    let current = view({ id: 52, title: '新员工安全培训' });
    routes['get /order/api/make/admin/list'] = () => ok({ list: [current], total: 1, pageNo: 1, pageSize: 10 });
    routes['get /order/api/make/admin/detail'] = () => ok(current);
    routes['post /order/api/make/admin/quote'] = (c) => {
      current = { ...current, state: 'quoted', quote: { price: Number(c.body.price), deliveryDate: String(c.body.deliveryDate), note: String(c.body.note), quotedAt: '2026-11-27T02:00:00.000Z' } };
      return ok(current);
    };
    renderRoutes('/sub_admin/makeRequests');
    fireEvent.click(await screen.findByRole('button', { name: '处理“新员工安全培训”' }));
    fireEvent.change(await screen.findByTestId('admin-quote-price'), { target: { value: '4888' } });
    fireEvent.change(screen.getByTestId('admin-quote-note'), { target: { value: '含讲师与教材' } });
    fireEvent.click(screen.getByTestId('admin-quote-send'));
    await waitFor(() => expect(sent('/order/api/make/admin/quote')).toHaveLength(1));
    expect(sent('/order/api/make/admin/quote')[0]!.body).toEqual({ tenantId: 1001, id: 52, price: 4888, deliveryDate: dayjs().add(14, 'day').format('YYYY-MM-DD'), note: '含讲师与教材' });
    expect(await screen.findByText('当前报价：¥4,888.00，' + dayjs().add(14, 'day').format('YYYY-MM-DD') + ' 交付')).toBeInTheDocument();
  });

  it('rejects an application only with a reason', async () => {
    routes['get /order/api/storeApply/admin/list'] = () => ok({ list: [application()], total: 1, pageNo: 1, pageSize: 10 });
    routes['post /order/api/storeApply/admin/reject'] = () => ok(application({ state: 'rejected', rejectReason: '名称不符' }));
    renderRoutes('/sub_admin/storeApplications');
    fireEvent.click(await screen.findByRole('button', { name: '驳回“书香文具小铺”' }));
    const okButton = () => within(screen.getByRole('dialog')).getByRole('button', { name: /^驳\s*回$/ });
    fireEvent.click(await waitFor(okButton));
    expect(await screen.findByText('请填写驳回原因')).toBeInTheDocument();
    expect(sent('/order/api/storeApply/admin/reject')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('admin-reject-reason'), { target: { value: '名称不符' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(sent('/order/api/storeApply/admin/reject')).toHaveLength(1));
    expect(sent('/order/api/storeApply/admin/reject')[0]!.body).toEqual({ tenantId: 1001, id: 3, reason: '名称不符' });
  });
});
