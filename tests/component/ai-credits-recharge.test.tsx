// Issue 21 part F: /robot/goRecharge (docs/ai.md F). The balance with the prices and free answers,
// the packages (buy goes to the shop's own confirm page with the way back), the ledger, a page that
// came back from paying, no packages, a failed read with a retry; guests are sent to sign in.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { CreditBalance, CreditPackage, LedgerRow } from '../../src/features/robot/api/credits';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

type Row = Record<string, unknown>;
const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });

const BALANCE: CreditBalance = { balance: 114, prices: { answer: 1, image: 4, application: 2, writing: 2, speech: 1 }, welcomeGrant: 100, dailyFreeAnswers: 3, freeAnswersLeft: 2 };
const PACKAGES: CreditPackage[] = [
  { prodId: 41, title: 'AI 点数 100 点', credits: 100, price: 9.9, retailPrice: null, summary: '适合体验。', stock: 99 },
  { prodId: 42, title: 'AI 点数 500 点', credits: 500, price: 39, retailPrice: 49.5, summary: null, stock: 99 },
];
const row = (id: number, over: Partial<LedgerRow>): LedgerRow => ({
  id, kind: 'charge', use: 'answer', units: 1, amount: -1, balanceAfter: 100, note: '', orderId: null, createdAt: '2026-11-20T08:00:00.000Z', ...over,
});
const LEDGER: LedgerRow[] = [
  row(12, { kind: 'topup', use: null, amount: 500, balanceAfter: 614, note: '充值 500 点（订单 20261120000012）', orderId: 77 }),
  row(11, { kind: 'charge', use: 'image', units: 2, amount: -8, balanceAfter: 114, note: 'AI 绘图：2 张' }),
  row(10, { kind: 'charge', use: 'answer', amount: 0, balanceAfter: 122, note: '免费提问' }),
];

function fakeServer() {
  const state = { packages: PACKAGES as CreditPackage[] | string, requests: [] as { url: string; params: Row }[] };
  const answerOf = (url: string, params: Row): unknown => {
    switch (url) {
      case '/cm/api/ai/credits/balance': return ok(BALANCE);
      case '/cm/api/ai/credits/packages':
        return typeof state.packages === 'string' ? { success: false, code: 500, flag: -1, message: state.packages, data: null } : ok(state.packages);
      case '/cm/api/ai/credits/ledger': return ok({ list: LEDGER, total: LEDGER.length, pageNo: Number(params.pageNo ?? 1), pageSize: 10 });
      case '/order/api/order/confirm': return ok({ items: [], needsDelivery: false, itemCount: 1, productCount: 1, totalPrice: 9.9, totalRetPrice: 9.9, freight: 0, payPrice: 9.9 });
      case '/order/api/address/list': case '/um/api/address/list': return ok([]);
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return ok(null);
    }
  };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const params = (config.params ?? {}) as Row;
    const url = (config.url ?? '').split('?')[0]!;
    state.requests.push({ url, params });
    return { data: answerOf(url, params), status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  return { state, adapter };
}

let server: ReturnType<typeof fakeServer>;
const previousAdapter = apiClient.defaults.adapter;

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  server = fakeServer();
  apiClient.defaults.adapter = server.adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

describe('AI credits top-up', { timeout: 20_000 }, () => {
  it('sends a guest to sign in first', async () => {
    const { router } = renderRoutes('/robot/goRecharge');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe('/robot/goRecharge');
  });

  it('shows the balance, prices and free answers, the packages and the ledger', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    renderRoutes('/robot/goRecharge');
    const balance = await screen.findByTestId('recharge-balance', {}, { timeout: 5000 });
    expect(balance).toHaveTextContent('114 点');
    expect(balance).toHaveTextContent('今日还可免费提问 2 次');
    expect(balance).toHaveTextContent('AI 绘图：每张 4 点');
    const packages = await screen.findAllByTestId('recharge-package');
    expect(packages.map((p) => within(p).getByRole('button').getAttribute('aria-label'))).toEqual(['购买 AI 点数 100 点，¥9.90', '购买 AI 点数 500 点，¥39']);
    expect(packages[1]).toHaveTextContent('原价 ¥49.50');
    // The buy button's name starts with its visible text (axe label-content-name-mismatch: antd made it 购 买).
    for (const p of packages) {
      const button = within(p).getByRole('button');
      expect(button.getAttribute('aria-label')!.startsWith(button.textContent!)).toBe(true);
    }
    const ledger = await screen.findByTestId('recharge-ledger');
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('充值 充值 500 点（订单 20261120000012）+500614'),
      expect.stringContaining('消费 · 绘图 ×2 AI 绘图：2 张-8114'),
      expect.stringContaining('消费 · 对话 (免费) 免费提问0122'),
    ]);
  });

  it('buys through the shop\'s confirm page, which knows to come back here', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    const { router } = renderRoutes('/robot/goRecharge');
    const packages = await screen.findAllByTestId('recharge-package', {}, { timeout: 5000 });
    await userEvent.setup().click(within(packages[1]!).getByRole('button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sub_shop/order_confirm/order_confirm'));
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({ prodId: '42', quantity: '1', returnUrl: '/robot/goRecharge' });
  });

  it('says the top-up arrived when it comes back from paying, and reads the balance again', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    const { router } = renderRoutes('/robot/goRecharge');
    await screen.findByTestId('recharge-balance', {}, { timeout: 5000 });
    const reads = () => server.state.requests.filter((r) => r.url === '/cm/api/ai/credits/balance').length;
    const before = reads();
    await router.navigate('/robot/goRecharge?paid=77');
    expect(await screen.findByTestId('recharge-paid')).toHaveTextContent('充值成功，点数已到账。');
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('says plainly when the site sells no packages, and offers a retry when they cannot be read', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    server.state.packages = [];
    renderRoutes('/robot/goRecharge');
    expect(await screen.findByText('本站还没有上架点数套餐。如需充值，请联系本站管理员。', {}, { timeout: 5000 })).toBeInTheDocument();
    cleanup();
    server.state.packages = '服务暂时不可用';
    renderRoutes('/robot/goRecharge');
    expect(await screen.findByText('加载失败：服务暂时不可用', {}, { timeout: 5000 })).toBeInTheDocument();
    server.state.packages = PACKAGES;
    await userEvent.setup().click(screen.getByRole('button', { name: /^重\s?试$/ }));
    expect(await screen.findAllByTestId('recharge-package')).toHaveLength(2);
  });
});
