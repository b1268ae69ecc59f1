// The cart page (spec learning §2 /sub_shop/cart; §3 Cart: cartData grouped by provider, totals;
// §4: a failed cart quantity change restores the old quantity): lines by provider, the totals the
// server computed, a refused quantity change putting the old number back, check and checkout.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CartLine, CartView } from '../../src/features/shop/api/shop-api';
import { demoPages, demoSetting, jsonItem, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';
import { useUserStore } from '../../src/stores/user-store';
import { fakeAdapter, ok, signedInDemoShell, type FakeCall, type Row } from './fake-api';


const line = (id: number, quantity: number, price: number, stock: number, checked = true): CartLine => ({
  id, prodId: 100 + id, prodSku: null, userId: 7, quantity, price, retPrice: price, totalPrice: price * quantity, totalRetPrice: price * quantity,
  checked, title: `商品${id}`, cover: null, productType: 1, stock, unavailable: null,
});

/** The cart as the server would answer it: totals worked out from the lines. */
function viewOf(lines: CartLine[]): CartView {
  const byProvider = [lines.filter((l) => l.id % 2 === 1), lines.filter((l) => l.id % 2 === 0)].filter((g) => g.length);
  const checked = lines.filter((l) => l.checked);
  return {
    cartData: byProvider.map((cartList, i) => ({ providerId: i + 1, providerName: i === 0 ? '书虫自营' : '星河出版社', providerState: 0, orgType: 'MERCHANT', cartList })),
    productCount: lines.length, itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    checkedProductCount: checked.length, checkedItemCount: checked.reduce((n, l) => n + l.quantity, 0),
    checkedPrice: checked.reduce((n, l) => n + l.price * l.quantity, 0), checkedRetPrice: checked.reduce((n, l) => n + l.price * l.quantity, 0), checkedSaving: 0,
  };
}

function fakeServer() {
  const state = { lines: [] as CartLine[], requests: [] as FakeCall[] };
  const answer = (url: string, body: Row) => {
    switch (url) {
      case '/order/api/cart/listWithProvider': return ok(viewOf(state.lines));
      case '/order/api/cart/mulModify': {
        const changes = body.list as Array<{ id: number; quantity?: number; checked?: boolean }>;
        for (const c of changes) {
          const l = state.lines.find((x) => x.id === c.id)!;
          if (c.quantity !== undefined && c.quantity > l.stock) {
            return { success: false, code: 400, flag: -1, message: `《${l.title}》库存不足：仅剩 ${l.stock} 件，请减少数量。`, data: null, errorCode: 'STOCK_SHORT' };
          }
        }
        for (const c of changes) {
          const l = state.lines.find((x) => x.id === c.id)!;
          if (c.quantity !== undefined) Object.assign(l, { quantity: c.quantity, totalPrice: l.price * c.quantity });
          if (c.checked !== undefined) l.checked = c.checked;
        }
        return ok(viewOf(state.lines));
      }
      case '/order/api/cart/count': return ok({ productCount: state.lines.length, itemCount: state.lines.reduce((n, l) => n + l.quantity, 0) });
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
    }
  };
  const adapter = fakeAdapter((call) => answer(call.url, call.body), state.requests);
  return { state, adapter };
}

let server: ReturnType<typeof fakeServer>;

signedInDemoShell(() => {
  server = fakeServer();
  return server.adapter;
});

const quantityInput = (title: string) => screen.getByRole('spinbutton', { name: `${title}的数量` });

describe('cart page', { timeout: 20_000 }, () => {
  it('groups lines by provider and shows the server\'s totals', async () => {
    server.state.lines = [line(1, 2, 10.5, 9), line(2, 1, 30, 9), line(3, 1, 5, 9, false)];
    renderRoutes('/sub_shop/cart');
    const groups = await screen.findAllByTestId('cart-group');
    expect(groups.map((g) => within(g).getByTestId('cart-provider').textContent)).toEqual(['书虫自营', '星河出版社']);
    expect(within(groups[0]!).getAllByTestId('cart-line')).toHaveLength(2);
    const summary = screen.getByTestId('cart-summary');
    expect(summary).toHaveTextContent('已选 3 件');
    expect(summary).toHaveTextContent('¥51.00');
    // The navbar badge hears of the cart's pieces.
    expect(useUserStore.getState().cartCount).toBe(4);
  });

  it('has no table row outside a table (axe aria-required-parent: the column header was role="row")', async () => {
    server.state.lines = [line(1, 2, 10.5, 9)];
    renderRoutes('/sub_shop/cart');
    await screen.findAllByTestId('cart-group');
    expect(screen.queryAllByRole('row')).toHaveLength(0);
  });

  it('puts the old quantity back when the server refuses the change (spec learning §4)', async () => {
    server.state.lines = [line(1, 2, 10, 2)];
    renderRoutes('/sub_shop/cart');
    const input = await waitFor(() => quantityInput('商品1'));
    expect(input).toHaveValue('2');
    const typing = userEvent.setup();
    await typing.clear(input);
    await typing.type(input, '5{Enter}');
    await waitFor(() => expect(server.state.requests.some((r) => r.url === '/order/api/cart/mulModify')).toBe(true));
    const sent = server.state.requests.find((r) => r.url === '/order/api/cart/mulModify')!;
    expect(sent.body.list).toEqual([{ id: 1, quantity: 5 }]);
    await waitFor(() => expect(quantityInput('商品1')).toHaveValue('2'));
    expect(await screen.findByText(/库存不足：仅剩 2 件.*数量已恢复为 2/)).toBeInTheDocument();
    expect(within(screen.getByTestId('cart-line')).getByTestId('line-total')).toHaveTextContent('¥20.00');
  });

  it('changes the quantity with the stepper, and the totals follow the server', async () => {
    server.state.lines = [line(1, 1, 10, 9)];
    renderRoutes('/sub_shop/cart');
    await waitFor(() => quantityInput('商品1'));
    fireEvent.click(screen.getByRole('button', { name: '商品1的数量 +1' }));
    await waitFor(() => expect(quantityInput('商品1')).toHaveValue('2'));
    await waitFor(() => expect(screen.getByTestId('cart-summary')).toHaveTextContent('¥20.00'));
    expect(useUserStore.getState().cartCount).toBe(2);
  });

  it('unchecks a line, then checks out only the checked lines', async () => {
    server.state.lines = [line(1, 1, 10, 9), line(2, 1, 20, 9)];
    const { router } = renderRoutes('/sub_shop/cart');
    const box = await screen.findByRole('checkbox', { name: '选择商品2' });
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByTestId('cart-summary')).toHaveTextContent('已选 1 件'));
    expect(server.state.requests.find((r) => r.url === '/order/api/cart/mulModify')!.body.list).toEqual([{ id: 2, checked: false }]);
    fireEvent.click(screen.getByTestId('checkout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sub_shop/order_confirm/order_confirm'));
    expect(router.state.location.search).toBe('?cartIds=1');
  });
});

describe('navbar cart count', { timeout: 20_000 }, () => {
  it('loads the cart\'s pieces for a signed-in user of a shop tenant with a cart, not the unread count (spec shell §6)', async () => {
    resetApp();
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'options', { function: 'shop', hasCart: true })] }), demoPages);
    useUserStore.getState().signIn(1001, learnerSession);
    server.state.lines = [line(1, 2, 10, 9), line(2, 3, 20, 9)];
    renderRoutes('/home');
    const cart = await screen.findByTestId('navbar-cart');
    await waitFor(() => expect(within(cart).getByTestId('navbar-badge')).toHaveTextContent('5'));
    expect(server.state.requests.some((r) => r.url === '/um/api/message/getUserUnReadCount')).toBe(false);
  });

  it('loads nothing for a guest', async () => {
    useUserStore.getState().signOut(false);
    resetApp();
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'options', { function: 'shop', hasCart: true })] }), demoPages);
    renderRoutes('/home');
    await screen.findByTestId('navbar-cart');
    expect(server.state.requests.some((r) => r.url === '/order/api/cart/count')).toBe(false);
  });
});
