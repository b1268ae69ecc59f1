// Issue 20 (first bullet of "Shop"): the provider and school pages the shop home linked to ended on
// 页面不存在. The list greys an off-shelf provider, whose click shows the 1-second warning worded for
// a school or a merchant and goes nowhere (spec learning §4); a provider's page filters its products
// by category and price range, refusing a wrong range with 请输入正确的价格区间 (spec §5).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductItem, ProviderItem } from '../../src/api/shop';
import type { ProviderDetail } from '../../src/api/provider';
import { renderRoutes } from './render-shell';
import { fakeAdapter, noRoute, ok, signedInDemoShell, type FakeCall } from './fake-api';

const provider = (id: number, over: Partial<ProviderItem> = {}): ProviderItem => ({
  id, storeId: id, storeName: `商家${id}`, storeThumbImg: null, title: `商家${id}`, cover: null, summary: '简介', orgType: 'MERCHANT', orgPath: null, state: 0, productCount: 3, ...over,
});
const PROVIDERS = [
  provider(1, { storeName: '书虫自营' }),
  provider(5, { storeName: '第一五三三学校', orgType: 'SCHOOL' }),
  provider(6, { storeName: '旧时光书店', state: 1 }),
  provider(7, { storeName: '停办学校', orgType: 'SCHOOL', state: -1 }),
];
const detail = (over: Partial<ProviderDetail> = {}): ProviderDetail => ({
  ...PROVIDERS[0]!, rating: { average: 4.6, count: 12 }, categories: [{ id: 31, name: '文学小说', productCount: 2 }, { id: 32, name: '文具', productCount: 1 }], ...over,
});
const product = (id: number, over: Partial<ProductItem> = {}): ProductItem => ({
  id, title: `商品${id}`, cover: null, summary: null, categoryId: 31, categoryName: '文学小说', publishTime: '2026-01-10T08:00:00.000Z',
  productType: 1, price: 20 * id, retailPrice: null, stock: 5, salesCount: 1, providerId: 1, providerName: '书虫自营', providerState: 0, orgType: 'MERCHANT', ...over,
});

function fakeServer() {
  const state = { detail: detail() as ProviderDetail | null, requests: [] as FakeCall[] };
  const adapter = fakeAdapter((call) => {
    if (call.url === '/cfg/api/page/provider') {
      const list = PROVIDERS.filter((p) => !call.params.orgType || p.orgType === call.params.orgType);
      return ok({ list, total: list.length, pageNo: 1, pageSize: 10 });
    }
    if (call.url === '/order/api/provider/detail') {
      return state.detail ? ok(state.detail) : { success: false, code: 404, flag: -1, message: '商家或学校不存在（编号 9）。', errorCode: 'PROVIDER_NOT_FOUND', data: null };
    }
    if (call.url === '/order/api/product/search') {
      const list = [product(1), product(2, { productType: 9 }), product(3)];
      return ok({ list, total: list.length, pageNo: 1, pageSize: 10 });
    }
    if (call.url === '/um/api/message/getUserUnReadCount') return ok(0);
    return noRoute(call.url);
  }, state.requests);
  return { state, adapter };
}

let server: ReturnType<typeof fakeServer>;
signedInDemoShell(() => {
  server = fakeServer();
  return server.adapter;
});

const card = async (name: string) => (await screen.findAllByTestId('provider-card')).find((c) => c.textContent?.includes(name))!;

describe('the provider list ended on 页面不存在', { timeout: 20_000 }, () => {
  it('lists schools and merchants, an off-shelf one greyed, and a click on an open one goes to its page', async () => {
    const { router } = renderRoutes('/sub_shop/provider/list');
    expect(await card('旧时光书店')).toHaveAttribute('data-off-shelf', 'true');
    expect(await card('书虫自营')).not.toHaveAttribute('data-off-shelf');
    expect(within(await card('第一五三三学校')).getByRole('link')).toHaveAttribute('href', '/sub_shop/school/5');
    await userEvent.click(within(await card('书虫自营')).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sub_shop/provider/1'));
  });

  it('an off-shelf merchant warns for 1 second, in merchant wording, and does not navigate', async () => {
    const { router, visited } = renderRoutes('/sub_shop/provider/list');
    await userEvent.click(within(await card('旧时光书店')).getByRole('link'));
    expect(await screen.findByText('该商家已下架')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sub_shop/provider/list');
    expect(visited.every((p) => p === '/sub_shop/provider/list')).toBe(true);
  });

  it('an off-shelf school warns in school wording', async () => {
    const { router } = renderRoutes('/sub_shop/provider/list');
    await userEvent.click(within(await card('停办学校')).getByRole('link'));
    expect(await screen.findByText('该学校已下架')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sub_shop/provider/list');
  });

  it('filters by type through the address', async () => {
    const { router } = renderRoutes('/sub_shop/provider/list');
    await card('书虫自营');
    await userEvent.click(screen.getByText('学校', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(router.state.location.search).toBe('?orgType=SCHOOL'));
    await waitFor(() => expect(server.state.requests.some((r) => r.url === '/cfg/api/page/provider' && r.params.orgType === 'SCHOOL')).toBe(true));
  });
});

describe('the provider page ended on 页面不存在', { timeout: 20_000 }, () => {
  it('shows the header and the products, reading types linked to the reader, others to the product page', async () => {
    renderRoutes('/sub_shop/provider/1');
    const header = await screen.findByTestId('provider-header');
    expect(within(header).getByTestId('provider-rating')).toHaveTextContent('评分 4.6（12 条评价）');
    expect(within(header).getByTestId('provider-product-count')).toHaveTextContent('在售商品 3 件');
    const grid = await screen.findByTestId('provider-products');
    const hrefs = within(grid).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/product/detail/1', '/sub_shop/noval/2', '/product/detail/3']);
    expect(screen.getByRole('tab', { name: '文学小说' })).toBeInTheDocument();
  });

  it('a category tab asks for that category\'s products', async () => {
    renderRoutes('/sub_shop/provider/1');
    await userEvent.click(await screen.findByRole('tab', { name: '文具' }));
    await waitFor(() => expect(server.state.requests.some((r) => r.url === '/order/api/product/search' && r.params.categoryId === 32 && r.params.providerId === 1)).toBe(true));
  });

  it('refuses a minimum above the maximum, and prices that are not numbers, with 请输入正确的价格区间, asking nothing', async () => {
    renderRoutes('/sub_shop/provider/1');
    await screen.findByTestId('provider-products');
    const asked = () => server.state.requests.filter((r) => r.url === '/order/api/product/search' && (r.params.minPrice !== undefined || r.params.maxPrice !== undefined));
    await userEvent.type(screen.getByTestId('price-min'), '50');
    await userEvent.type(screen.getByTestId('price-max'), '10');
    await userEvent.click(screen.getByTestId('price-apply'));
    expect(await screen.findByTestId('price-range-error')).toHaveTextContent('请输入正确的价格区间');
    expect(screen.getByTestId('price-min')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByTestId('price-max'));
    await userEvent.type(screen.getByTestId('price-max'), 'abc');
    await userEvent.click(screen.getByTestId('price-apply'));
    expect(screen.getByTestId('price-range-error')).toBeInTheDocument();
    expect(asked()).toHaveLength(0);
    // A right range clears the message and asks for it.
    await userEvent.clear(screen.getByTestId('price-max'));
    await userEvent.type(screen.getByTestId('price-max'), '80.5');
    await userEvent.click(screen.getByTestId('price-apply'));
    await waitFor(() => expect(asked().some((r) => r.params.minPrice === 50 && r.params.maxPrice === 80.5)).toBe(true));
    expect(screen.queryByTestId('price-range-error')).toBeNull();
  });

  it('an off-shelf school says so in school wording, with no products', async () => {
    server.state.detail = detail({ ...PROVIDERS[3]! });
    renderRoutes('/sub_shop/school/7');
    expect(await screen.findByTestId('provider-off-shelf')).toHaveTextContent('该学校已下架');
    expect(screen.queryByTestId('provider-products')).toBeNull();
  });

  it('an unknown provider is a clear page with the way back to the list', async () => {
    server.state.detail = null;
    renderRoutes('/sub_shop/provider/9');
    const missing = await screen.findByTestId('provider-missing');
    expect(missing).toHaveTextContent('没有找到这个学校或商家');
    expect(within(missing).getByRole('link')).toHaveAttribute('href', '/sub_shop/provider/list');
  });

  it('the school address shows a merchant too, and no id goes to the list', async () => {
    renderRoutes('/sub_shop/school/1');
    expect(await screen.findByTestId('provider-header')).toBeInTheDocument();
    const { router } = renderRoutes('/sub_shop/provider');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sub_shop/provider/list'));
    await act(async () => {});
  });
});
