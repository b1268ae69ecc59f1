// The personal center's shop pages (issue 20 part T): the overview's counts and links, the order
// search, the address book's default, delete and limit, saved products (availability, add to cart,
// remove), the bookshelf's progress and removal, and the product page's 收藏 toggle.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../src/api/shop-orders';
import type { CenterShopSummary, FavoriteItem, ShelfBook } from '../../src/api/center-shop';
import { renderRoutes } from './render-shell';
import { fakeAdapter, noRoute, ok, signedInDemoShell, type FakeCall } from './fake-api';

const order = (id: number, state: number, title: string): OrderView => ({
  id, orderNo: `20261127100000${String(id).padStart(6, '0')}`, state, cancelReason: null, createdAt: '2026-11-27T02:00:00Z', expiresAt: '2026-11-27T02:30:00Z',
  paidAt: null, shippedAt: null, receivedAt: null, cancelledAt: null, payType: null, remark: null,
  address: { receiver: '李同学', phone: '13800138000', area: '浙江省 杭州市', detail: '文三路 90 号' },
  items: [{ cartId: null, prodId: 100 + id, title, cover: null, productType: 1, providerId: 1, providerName: '书虫书店', price: 30, retPrice: 30, quantity: 1, totalPrice: 30 }],
  productCount: 1, itemCount: 1, totalPrice: 30, totalRetPrice: 30, freight: 0, payPrice: 30,
});

const summary: CenterShopSummary = {
  counts: { pending: 2, toShip: 1, toReceive: 3, completed: 4, cancelled: 5, afterSale: 1 }, orderCount: 16,
  recent: [order(1, 1, '算法导论')], favoriteCount: 7, bookshelfCount: 2, addressCount: 3,
};

const favorite = (prodId: number, title: string, availability: FavoriteItem['availability']): FavoriteItem => ({
  prodId, title, cover: null, productType: 1, price: 25, retPrice: 30, stock: availability === 'soldOut' ? 0 : 12, providerName: '书虫书店', availability, savedAt: '2026-11-20T02:00:00Z',
});

const book: ShelfBook = {
  id: 77, title: '三体', cover: null, productType: 8, providerName: '书虫书店', chapterCount: 8, boughtAt: '2026-11-01T02:00:00Z',
  lastChapterId: 902, lastChapterTitle: '第二章 疯狂年代', lastChapterNo: 2, readAt: '2026-11-25T02:00:00Z', percent: 25,
};

function fakeServer() {
  const state = {
    calls: [] as FakeCall[],
    addresses: [
      { id: 1, receiver: '李同学', phone: '13800138000', area: '浙江省 杭州市 西湖区', detail: '文三路 90 号', label: 'home', isDefault: true },
      { id: 2, receiver: '王同学', phone: '13900139000', area: '浙江省 杭州市 滨江区', detail: '网商路 699 号', label: 'company', isDefault: false },
    ] as Array<Record<string, unknown>>,
    favorites: [favorite(11, '钢笔礼盒', 'onSale'), favorite(12, '绝版画册', 'soldOut')],
    shelf: [book],
    saved: false,
    /** Holds the answer of productFavorite/get until it resolves. */
    stateGate: Promise.resolve(),
  };
  const adapter = fakeAdapter((call) => {
    switch (call.url) {
      case '/order/api/centerShop/summary': return ok(summary);
      case '/order/api/order/query': {
        const words = String(call.params.searchValue ?? '');
        const list = [order(1, 1, '算法导论'), order(2, 2, '钢笔礼盒')].filter((o) => !words || o.orderNo.includes(words) || o.items[0]!.title.includes(words));
        return ok({ list, total: list.length, pageNo: 1, pageSize: 10 });
      }
      case '/um/umAddress/list2': return ok(state.addresses);
      case '/um/umAddress/update':
        state.addresses = state.addresses.map((a) => ({ ...a, isDefault: a.id === call.body.id }));
        return ok(state.addresses.find((a) => a.id === call.body.id));
      case '/um/umAddress/delete':
        state.addresses = state.addresses.filter((a) => a.id !== call.body.id);
        return ok({ id: call.body.id });
      case '/order/api/productFavorite/list': return ok({ list: state.favorites, total: state.favorites.length, pageNo: 1, pageSize: 10 });
      case '/order/api/productFavorite/get': return state.stateGate.then(() => ok({ prodId: Number(call.params.prodId), favorite: state.saved, count: 0 }));
      case '/order/api/productFavorite/save':
        state.saved = call.body.favorite === true;
        if (!state.saved) state.favorites = state.favorites.filter((f) => f.prodId !== call.body.prodId);
        return ok({ prodId: call.body.prodId, favorite: state.saved, count: state.favorites.length });
      case '/order/api/cart/addCart': return ok({ productCount: 1, itemCount: 1 });
      case '/order/api/reading/shelf': return ok({ list: state.shelf, total: state.shelf.length, pageNo: 1, pageSize: 10 });
      case '/order/api/reading/shelfRemove':
        state.shelf = state.shelf.filter((b) => b.id !== call.body.productId);
        return ok({ productId: call.body.productId, onShelf: false });
      case '/order/api/product/detail':
        return ok({ id: 11, title: '钢笔礼盒', cover: null, summary: null, productType: 3, price: 25, retailPrice: 30, stock: 12, salesCount: 3, state: 1, providerId: 1, providerName: '书虫书店', providerState: 0, orgType: 'MERCHANT', categoryName: null, description: null, images: [], specs: [] });
      case '/order/api/orderComment/prodCommentList': return ok({ list: [], total: 0, pageNo: 1, pageSize: 5, summary: { count: 0, average: 0, stars: [0, 0, 0, 0, 0] } });
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

describe('the center\'s shop pages', { timeout: 20_000 }, () => {
  it('shopMy counts my orders by state, each opening the order list on its tab, with the latest orders and my other counts', async () => {
    renderRoutes('/user/center/shop/shopMy');
    const pending = await screen.findByTestId('shop-my-state-pending', {}, { timeout: 10_000 });
    expect(pending).toHaveTextContent('2');
    expect(pending).toHaveAttribute('href', '/user/center/shop/shopOrder?tab=1');
    expect(screen.getByTestId('shop-my-state-toShip')).toHaveTextContent('1 待发货');
    expect(screen.getByTestId('shop-my-state-completed')).toHaveAttribute('href', '/user/center/shop/shopOrder?tab=3');
    expect(screen.getByTestId('shop-my-state-afterSale')).toHaveTextContent('1 售后');
    expect(screen.getByTestId('shop-my-favorites')).toHaveTextContent('7');
    expect(screen.getByTestId('shop-my-bookshelf')).toHaveAttribute('href', '/user/center/shop/shopBookshelf');
    expect(within(screen.getByTestId('shop-my-recent')).getByRole('link', { name: /算法导论/ })).toHaveAttribute('href', '/sub_shop/order_detail/order_detail/1');
    expect(screen.getByRole('link', { name: '已购内容' })).toHaveAttribute('href', '/sub_shop/bought');
  });

  it('shopOrder searches by order number or product and offers to clear a search that finds nothing', async () => {
    const user = userEvent.setup();
    renderRoutes('/user/center/shop/shopOrder');
    expect(await screen.findAllByTestId('center-order', {}, { timeout: 10_000 })).toHaveLength(2);
    await user.type(screen.getByRole('searchbox', { name: '搜索订单' }), '钢笔');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('center-order')).toHaveLength(1));
    expect(callsTo('/order/api/order/query').at(-1)!.params).toMatchObject({ searchValue: '钢笔' });
    await user.clear(screen.getByRole('searchbox', { name: '搜索订单' }));
    await user.type(screen.getByRole('searchbox', { name: '搜索订单' }), '没有这个{Enter}');
    expect(await screen.findByText('没有找到与“没有这个”相关的订单')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '清除搜索' }));
    await waitFor(() => expect(screen.getAllByTestId('center-order')).toHaveLength(2));
  });

  it('shopAddress makes an address the default with its own fields, and deletes one only after the confirm', async () => {
    const user = userEvent.setup();
    renderRoutes('/user/center/shop/shopAddress');
    await screen.findAllByTestId('center-address', {}, { timeout: 10_000 });
    expect(screen.getByTestId('center-address-count')).toHaveTextContent('已保存 2 / 20 个地址');
    await user.click(screen.getByRole('button', { name: '设为默认 王同学的地址' }));
    await waitFor(() => expect(callsTo('/um/umAddress/update')).toHaveLength(1));
    expect(callsTo('/um/umAddress/update')[0]!.body).toMatchObject({ id: 2, receiver: '王同学', phone: '13900139000', area: '浙江省 杭州市 滨江区', detail: '网商路 699 号', label: 'company', isDefault: true });
    await waitFor(() => expect(screen.getAllByTestId('center-address')[1]).toHaveAttribute('data-default', 'true'));
    await user.click(screen.getByRole('button', { name: '删除 李同学的地址' }));
    expect(callsTo('/um/umAddress/delete')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(screen.getAllByTestId('center-address')).toHaveLength(1));
    expect(callsTo('/um/umAddress/delete')[0]!.body).toMatchObject({ id: 1 });
  });

  it('shopAddress stops adding at 20 addresses and says why', async () => {
    server.state.addresses = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, receiver: `读者${i}`, phone: '13800138000', area: '北京市', detail: `${i} 号`, label: null, isDefault: i === 0 }));
    renderRoutes('/user/center/shop/shopAddress');
    await screen.findAllByTestId('center-address', {}, { timeout: 10_000 });
    expect(screen.getByTestId('center-address-add')).toBeDisabled();
    expect(screen.getByText('最多保存 20 个收货地址，请先删除不用的地址')).toBeInTheDocument();
  });

  it('shopFavorite shows what can be bought, adds it to the cart, and removes a saved product', async () => {
    const user = userEvent.setup();
    renderRoutes('/user/center/shop/shopFavorite');
    const rows = await screen.findAllByTestId('center-favorite', {}, { timeout: 10_000 });
    expect(rows.map((r) => within(r).getByTestId('center-favorite-state').textContent)).toEqual(['在售', '已售罄']);
    expect(within(rows[1]!).getByTestId('center-favorite-cart')).toBeDisabled();
    await user.click(within(rows[0]!).getByTestId('center-favorite-cart'));
    await waitFor(() => expect(callsTo('/order/api/cart/addCart')[0]?.body).toMatchObject({ prodId: 11, quantity: 1 }));
    await user.click(within(rows[1]!).getByTestId('center-favorite-remove'));
    await waitFor(() => expect(screen.getAllByTestId('center-favorite')).toHaveLength(1));
    expect(callsTo('/order/api/productFavorite/save')[0]!.body).toMatchObject({ prodId: 12, favorite: false });
  });

  it('shopBookshelf shows the chapter read last, continues there, and removes a book after the confirm', async () => {
    const user = userEvent.setup();
    renderRoutes('/user/center/shop/shopBookshelf');
    const row = await screen.findByTestId('center-shelf-book', {}, { timeout: 10_000 });
    expect(within(row).getByTestId('center-shelf-progress')).toHaveTextContent('读到第 2 / 8 章：第二章 疯狂年代');
    expect(within(row).getByTestId('center-shelf-read')).toHaveAttribute('href', '/sub_shop/noval/77?chapter=2');
    expect(within(row).getByTestId('center-shelf-read')).toHaveTextContent('继续阅读');
    await user.click(within(row).getByTestId('center-shelf-remove'));
    await user.click(await screen.findByRole('button', { name: /确\s?定/ }));
    expect(await screen.findByTestId('center-shelf-empty')).toBeInTheDocument();
    expect(callsTo('/order/api/reading/shelfRemove')[0]!.body).toMatchObject({ productId: 77 });
  });

  it('the product page\'s 收藏 saves the product and shows it pressed', async () => {
    renderRoutes('/product/detail/11');
    const toggle = await screen.findByTestId('favorite-toggle', {}, { timeout: 10_000 });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'true'));
    expect(callsTo('/order/api/productFavorite/save')[0]!.body).toMatchObject({ prodId: 11, favorite: true });
    expect(screen.getByTestId('favorite-toggle')).toHaveTextContent('已收藏');
  });

  it('收藏 saves at once while the saved state is still loading (the button was busy then, and the click was lost)', async () => {
    server.state.stateGate = new Promise(() => {});
    renderRoutes('/product/detail/11');
    const toggle = await screen.findByTestId('favorite-toggle', {}, { timeout: 10_000 });
    fireEvent.click(toggle);
    await waitFor(() => expect(callsTo('/order/api/productFavorite/save')).toHaveLength(1));
    expect(callsTo('/order/api/productFavorite/save')[0]!.body).toMatchObject({ prodId: 11, favorite: true });
    await waitFor(() => expect(screen.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'true'));
  });
});
