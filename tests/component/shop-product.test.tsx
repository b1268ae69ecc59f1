// The product page (issue 13 point 12: product detail had no description, gallery or reviews):
// the gallery switches its large image, the description and specifications show, and the reviews
// come from GET /order/api/orderComment/prodCommentList with their summary, five more at a time.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductComment, ProductDetail } from '../../src/features/shop/api/shop-api';
import { renderRoutes } from './render-shell';
import { fakeAdapter, noRoute, ok, signedInDemoShell, type FakeCall } from './fake-api';

const product = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  id: 42, title: '雾中的灯塔', cover: '/uploads/seed/covers/1003/product-1.svg', summary: '豆瓣高分好书。', categoryId: 3, categoryName: '文学小说',
  publishTime: '2026-01-10T08:00:00.000Z', productType: 1, price: 39.8, retailPrice: 49, stock: 12, salesCount: 300,
  providerId: 1, providerName: '书虫自营', providerState: 0, orgType: 'MERCHANT', state: 1,
  description: '第一段：一座灯塔的故事。\n\n第二段：正版新书，塑封发货。',
  images: ['/uploads/seed/covers/1003/gallery-1.svg', '/uploads/seed/covers/1003/gallery-2.svg'],
  specs: [{ name: '作者', value: '许知远' }, { name: 'ISBN', value: '978-7-123-45678-9' }],
  ...over,
});

const review = (id: number, score: number, content = `评价 ${id}`): ProductComment => ({
  id, score, content, createTime: new Date(Date.UTC(2026, 1, 28 - id)).toISOString(), userName: `读者${id}`, avatar: null,
});

function fakeServer() {
  const state = { product: product(), reviews: [] as ProductComment[], reviewsFail: false, requests: [] as FakeCall[] };
  const adapter = fakeAdapter((call) => {
    if (call.url === '/order/api/product/detail') return ok(state.product);
    if (call.url === '/order/api/orderComment/prodCommentList') {
      if (state.reviewsFail) return { success: false, code: 500, flag: -1, message: '系统错误', data: null };
      const pageNo = Number(call.params.pageNo);
      const pageSize = Number(call.params.pageSize);
      const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
      for (const r of state.reviews) distribution[r.score as 1] += 1;
      const count = state.reviews.length;
      const average = count ? Math.round((state.reviews.reduce((s, r) => s + r.score, 0) / count) * 10) / 10 : 0;
      return ok({ summary: { average, count, distribution }, list: state.reviews.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: count, pageNo, pageSize });
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

describe('product detail had no description, gallery or reviews', { timeout: 20_000 }, () => {
  it('shows the gallery: cover first, and a thumbnail puts its image in the large frame', async () => {
    renderRoutes('/product/detail/42');
    const gallery = await screen.findByTestId('product-gallery');
    const main = within(gallery).getByTestId('product-gallery-main');
    expect(main).toHaveAttribute('src', '/uploads/seed/covers/1003/product-1.svg');
    const thumbs = within(gallery).getAllByRole('button', { name: /显示第 \d 张图片/ });
    expect(thumbs).toHaveLength(3);
    await userEvent.click(thumbs[2]!);
    expect(within(gallery).getByTestId('product-gallery-main')).toHaveAttribute('src', '/uploads/seed/covers/1003/gallery-2.svg');
    expect(thumbs[2]).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the description paragraph by paragraph, and the specifications', async () => {
    renderRoutes('/product/detail/42');
    const intro = await screen.findByTestId('product-description');
    expect(within(intro).getAllByText(/段：/).map((p) => p.tagName)).toEqual(['P', 'P']);
    const specs = screen.getByTestId('product-specs');
    expect(specs).toHaveTextContent('作者');
    expect(specs).toHaveTextContent('许知远');
    expect(specs).toHaveTextContent('978-7-123-45678-9');
  });

  it('says so when the seller wrote no description, and leaves out empty specifications', async () => {
    server.state.product = product({ description: null, specs: [] });
    renderRoutes('/product/detail/42');
    expect(await screen.findByText('商家还没有填写商品介绍。')).toBeInTheDocument();
    expect(screen.queryByTestId('product-specs')).toBeNull();
  });

  it('shows the review summary and the newest five, then five more from the server', async () => {
    server.state.reviews = [5, 5, 4, 5, 3, 4, 1].map((score, i) => review(i + 1, score));
    renderRoutes('/product/detail/42');
    const summary = await screen.findByTestId('product-review-summary');
    expect(within(summary).getByTestId('product-review-average')).toHaveTextContent('3.9');
    expect(summary).toHaveTextContent('7 条评价');
    expect(summary).toHaveTextContent('好评率 71%');
    expect(within(summary).getByLabelText('5 星：3 条')).toBeInTheDocument();
    expect(screen.getByTestId('product-rating')).toHaveTextContent('3.9 分 · 7 条评价');
    expect(screen.getAllByTestId('product-review')).toHaveLength(5);
    expect(server.state.requests.find((r) => r.url === '/order/api/orderComment/prodCommentList')!.params).toMatchObject({ prodId: 42, pageNo: 1, pageSize: 5 });
    await userEvent.click(screen.getByTestId('product-reviews-more'));
    await waitFor(() => expect(screen.getAllByTestId('product-review')).toHaveLength(7));
    expect(screen.queryByTestId('product-reviews-more')).toBeNull();
  });

  it('shows a buyer\'s review as text, never as HTML', async () => {
    server.state.reviews = [review(1, 5, '<img src=x onerror=alert(1)>好书')];
    renderRoutes('/product/detail/42');
    const item = await screen.findByTestId('product-review');
    expect(item).toHaveTextContent('<img src=x onerror=alert(1)>好书');
    expect(item.querySelector('img[src="x"]')).toBeNull();
  });

  it('says nobody has reviewed it yet, without a rating line', async () => {
    renderRoutes('/product/detail/42');
    expect(await screen.findByTestId('product-reviews-empty')).toHaveTextContent('还没有人评价这件商品');
    expect(screen.queryByTestId('product-rating')).toBeNull();
  });

  it('keeps the product on the page when the reviews fail, with a retry', async () => {
    server.state.reviewsFail = true;
    renderRoutes('/product/detail/42');
    expect(await screen.findByText('评价没有加载出来')).toBeInTheDocument();
    expect(screen.getByTestId('add-to-cart')).toBeEnabled();
    server.state.reviewsFail = false;
    server.state.reviews = [review(1, 4)];
    await userEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByTestId('product-review')).toHaveTextContent('评价 1');
  });
});
