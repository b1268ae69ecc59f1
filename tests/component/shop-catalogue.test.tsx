// Issue 20 part P: the product lists by category, a product's content page, what I bought and the
// product center ended on 页面不存在. The lists filter by category, type and price range (a wrong
// range says 请输入正确的价格区间 and asks nothing, spec learning §5) and keep their page in the
// address (spec §9); the content page offers open to an owner and buy to anyone else; bought groups
// by kind and opens what each product grants.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductItem } from '../../src/api/shop';
import type { BoughtItem, ProductContent } from '../../src/features/shop/api/catalogue-api';
import { renderRoutes } from './render-shell';
import { fakeAdapter, noRoute, ok, signedInDemoShell, type FakeCall } from './fake-api';

const node = (id: number, name: string, parentId: number | null, productCount: number, children: unknown[] = []) => ({
  id, parentId, name, icon: null, sort: 0, state: 1, featured: false, productCount, children,
});
const TREE = [
  node(1, '图书', null, 5, [node(11, '文学小说', 1, 3), node(12, '少儿读物', 1, 2)]),
  node(2, '课程', null, 4, [node(21, '职业技能', 2, 4)]),
];
const product = (id: number, over: Partial<ProductItem> = {}): ProductItem => ({
  id, title: `商品${id}`, cover: null, summary: null, categoryId: 11, categoryName: '文学小说', publishTime: '2026-01-10T08:00:00.000Z',
  productType: 2, price: 20 * id, retailPrice: null, stock: 5, salesCount: 1, providerId: 1, providerName: '书虫自营', providerState: 0, orgType: 'MERCHANT', ...over,
});
const content = (owned: boolean): ProductContent => ({
  product: { ...product(7, { title: 'Python 编程入门' }), state: 1 }, owned, boughtAt: owned ? '2026-01-12T08:00:00.000Z' : null,
  grants: [{
    kind: 'course', targetId: 70, title: 'Python 编程入门', cover: null, summary: '从零开始', outlineTotal: 2,
    outline: [{ title: '1.1 课程介绍', group: '第 1 章 入门', kind: 'audio', duration: 45, free: false }, { title: '1.2 基础概念', group: '第 1 章 入门', kind: 'audio', duration: 60, free: false }],
    link: { path: '/course/detail/70', query: {} },
  }],
});
const bought = (over: Partial<BoughtItem>): BoughtItem => ({
  productId: 7, title: 'Python 编程入门', cover: null, productType: 2, providerName: '书虫自营', kind: 'course', boughtAt: '2026-01-12T08:00:00.000Z', orderId: 40,
  grants: [{ kind: 'course', targetId: 70, title: 'Python 编程入门', link: { path: '/course/detail/70', query: {} } }], ...over,
});

function fakeServer() {
  const state = { owned: false, requests: [] as FakeCall[] };
  const adapter = fakeAdapter((call) => {
    if (call.url === '/pm/pmCategory/list2') return ok(TREE);
    if (call.url.startsWith('/order/api/product/search')) {
      const list = [product(1), product(2), product(3, { productType: 8 })];
      return ok({ list, total: 23, pageNo: call.params.pageNo ?? 1, pageSize: call.params.pageSize ?? 10 });
    }
    if (call.url === '/order/api/product/content') return ok(content(state.owned));
    if (call.url === '/order/api/product/bought') {
      const all = [bought({}), bought({ productId: 8, title: '雾中的灯塔', productType: 1, kind: 'goods', grants: [], orderId: 41 })];
      const list = call.params.kind ? all.filter((i) => i.kind === call.params.kind) : all;
      return ok({ list, total: list.length, pageNo: 1, pageSize: 10, counts: { all: 2, course: 1, book: 0, content: 0, goods: 1 } });
    }
    if (call.url === '/order/api/product/center') {
      return ok({ categories: [{ id: 11, name: '文学小说', icon: null, productCount: 3, children: [], products: [product(1), product(2)] }], newest: [product(3)] });
    }
    if (call.url === '/um/api/message/getUserUnReadCount') return ok(0);
    if (call.url === '/order/api/cart/count') return ok({ productCount: 0, itemCount: 0 });
    return noRoute(call.url);
  }, state.requests);
  return { state, adapter };
}

let server: ReturnType<typeof fakeServer>;
signedInDemoShell(() => {
  server = fakeServer();
  return server.adapter;
});
const searches = () => server.state.requests.filter((r) => r.url.startsWith('/order/api/product/search'));

describe('/sub_shop/products/products ended on 页面不存在', { timeout: 20_000 }, () => {
  it('shows the category tree with counts, and a category link lists that category', async () => {
    const { router } = renderRoutes('/sub_shop/products/products');
    const tree = await screen.findByTestId('category-tree');
    await within(tree).findByText('文学小说');
    expect(within(tree).getAllByTestId('category-link').map((a) => a.textContent)).toEqual(['图书5', '文学小说3', '少儿读物2', '课程4', '职业技能4']);
    await userEvent.click(within(tree).getByRole('link', { name: /文学小说/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?categoryId=11'));
    await waitFor(() => expect(searches().some((r) => r.params.categoryId === 11)).toBe(true));
    expect(await screen.findByRole('heading', { level: 1, name: '文学小说' })).toBeInTheDocument();
  });

  it('refuses a minimum above the maximum and a negative price with 请输入正确的价格区间, asking nothing', async () => {
    const { router } = renderRoutes('/sub_shop/products/products');
    await screen.findByTestId('catalogue-grid');
    const ranged = () => searches().filter((r) => r.params.minPrice !== undefined || r.params.maxPrice !== undefined);
    for (const [lo, hi] of [['50', '10'], ['-5', '10']] as const) {
      await userEvent.clear(screen.getByTestId('price-min'));
      await userEvent.clear(screen.getByTestId('price-max'));
      await userEvent.type(screen.getByTestId('price-min'), lo);
      await userEvent.type(screen.getByTestId('price-max'), hi);
      await userEvent.click(screen.getByTestId('price-apply'));
      expect(await screen.findByTestId('price-range-error')).toHaveTextContent('请输入正确的价格区间');
    }
    expect(ranged()).toEqual([]);
    await userEvent.clear(screen.getByTestId('price-min'));
    await userEvent.type(screen.getByTestId('price-min'), '10');
    await userEvent.click(screen.getByTestId('price-apply'));
    await waitFor(() => expect(router.state.location.search).toBe('?minPrice=10&maxPrice=10'));
    await waitFor(() => expect(ranged().at(-1)?.params).toMatchObject({ minPrice: 10, maxPrice: 10 }));
  });

  it('sorts by price through priceOrder and remembers the page in the address', async () => {
    const { router } = renderRoutes('/sub_shop/products/products?pageNo=2');
    await screen.findByTestId('catalogue-grid');
    await waitFor(() => expect(searches().at(-1)?.params).toMatchObject({ pageNo: 2, pageSize: 10 }));
    await userEvent.click(screen.getByText('价格从低到高', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=priceAsc'));
    await waitFor(() => expect(searches().at(-1)?.params).toMatchObject({ priceOrder: 'asc', pageNo: 1 }));
    expect(searches().at(-1)?.params.sort).toBeUndefined();
  });
});

describe('/sub_shop/list and /shop/list ended on 页面不存在', { timeout: 20_000 }, () => {
  it('shows one category with its trail and its siblings as chips when it is a leaf', async () => {
    renderRoutes('/sub_shop/list?categoryId=12');
    expect(await screen.findByRole('heading', { level: 1, name: '少儿读物' })).toBeInTheDocument();
    const chips = await screen.findByTestId('category-chips');
    expect(within(chips).getByRole('link', { name: '少儿读物 (2)' })).toHaveAttribute('aria-current', 'page');
    expect(within(chips).getByRole('link', { name: '文学小说 (3)' })).toHaveAttribute('href', '/sub_shop/list?categoryId=11');
    await waitFor(() => expect(searches().some((r) => r.params.categoryId === 12)).toBe(true));
  });

  it('without a category offers the chooser and asks for no products', async () => {
    renderRoutes('/sub_shop/list');
    const chooser = await screen.findByTestId('category-chooser');
    expect(within(chooser).getByRole('link', { name: '课程' })).toHaveAttribute('href', '/sub_shop/list?categoryId=2');
    expect(searches()).toEqual([]);
  });

  it('an unknown category says 没有找到这个分类', async () => {
    renderRoutes('/sub_shop/list?categoryId=999');
    expect(await screen.findByText('没有找到这个分类', { selector: '.ant-result-title' })).toBeInTheDocument();
  });

  it('/shop/list filters by product type from the address and its tabs', async () => {
    const { router } = renderRoutes('/shop/list?productType=8&productType=9&productType=10');
    expect(await screen.findByRole('heading', { level: 1, name: '数字阅读' })).toBeInTheDocument();
    await waitFor(() => expect(searches().some((r) => r.url.includes('productType=8&productType=9&productType=10'))).toBe(true));
    await userEvent.click(screen.getByRole('tab', { name: '课程' }));
    await waitFor(() => expect(router.state.location.search).toBe('?productType=2'));
    await waitFor(() => expect(searches().at(-1)?.url).toContain('productType=2'));
  });
});

describe('/product/content/{id} ended on 页面不存在', { timeout: 20_000 }, () => {
  it('shows what the product grants with its outline, the price and buy to a learner who does not own it', async () => {
    const { router } = renderRoutes('/product/content/7');
    const grant = await screen.findByTestId('product-grant');
    expect(grant).toHaveAttribute('data-kind', 'course');
    expect(within(grant).getByText('第 1 章 入门')).toBeInTheDocument();
    expect(within(grant).getByText('1.2 基础概念')).toBeInTheDocument();
    expect(within(grant).queryByTestId('grant-open')).toBeNull();
    await userEvent.click(screen.getByTestId('content-buy'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/sub_shop/order_confirm/order_confirm?prodId=7&quantity=1'));
  });

  it('offers open to the owner, which goes to the granted course', async () => {
    server.state.owned = true;
    const { router } = renderRoutes('/product/content/7');
    expect(await screen.findByTestId('content-owned')).toHaveTextContent('已购买');
    expect(screen.queryByTestId('content-buy')).toBeNull();
    await userEvent.click(await screen.findByTestId('grant-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/detail/70'));
  });
});

describe('/sub_shop/bought and the product center ended on 页面不存在', { timeout: 20_000 }, () => {
  it('groups by kind with counts, opens what a product grants, and says goods have nothing to open', async () => {
    const { router } = renderRoutes('/sub_shop/bought');
    const items = await screen.findAllByTestId('bought-item');
    expect(items.map((i) => i.getAttribute('data-kind'))).toEqual(['course', 'goods']);
    expect(screen.getByRole('tab', { name: '实物与服务 (1)' })).toBeInTheDocument();
    expect(within(items[1]!).getByText('没有在线内容，详见订单')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '实物与服务 (1)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=goods'));
    await waitFor(() => expect(server.state.requests.some((r) => r.url === '/order/api/product/bought' && r.params.kind === 'goods')).toBe(true));
    await userEvent.click(screen.getByRole('tab', { name: '全部 (2)' }));
    await userEvent.click(await screen.findByTestId('bought-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/detail/70'));
  });

  it('the product center shows its featured categories with their products and links into the lists', async () => {
    renderRoutes('/sub_home/prodCenter/index');
    const section = await screen.findByTestId('center-category');
    expect(within(section).getByRole('heading', { name: '文学小说' })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: '查看全部 文学小说' })).toHaveAttribute('href', '/sub_shop/list?categoryId=11');
    expect(screen.getByTestId('center-browse-all')).toHaveAttribute('href', '/sub_shop/products/products');
    expect(within(screen.getByTestId('center-newest')).getByText('商品3')).toBeInTheDocument();
  });
});
