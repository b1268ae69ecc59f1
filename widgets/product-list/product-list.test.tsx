import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { showMessage } from '../../src/components/feedback/feedback';
import { fakeData, paged, renderPage, renderWidget } from '../../tests/component/widget-harness';
import type { ProductItem } from '../../src/api/shop';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import ProductList from './product-list';

// spec shell §4: the off-shelf warning goes through the on-demand feedback (antd's message loads on first use).
vi.mock('../../src/components/feedback/feedback', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/components/feedback/feedback')>()),
  showMessage: vi.fn(),
}));

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));

const product = (id: number, title: string, over: Partial<ProductItem> = {}): ProductItem => ({
  id, title, cover: `/uploads/p-${id}.svg`, summary: null, categoryId: 1, categoryName: '图书', publishTime: '2026-11-20T00:00:00.000Z',
  productType: 1, price: 56.8, retailPrice: null, stock: 10, salesCount: 3,
  providerId: 1, providerName: '书虫自营', providerState: 0, orgType: 'MERCHANT', ...over,
});

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('product-list', () => {
  it('renders with its defaults through PageRenderer: price and the struck retail price when higher', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([
      product(24, '笔记本套装', { productType: 3, price: 54.9, retailPrice: 75 }),
      product(12, '小狐狸的冒险', { retailPrice: null }),
      product(13, '同价商品', { price: 10, retailPrice: 10 }),
    ]));
    renderPage([widget], [{ id: 'p', type: 'product-list', version: 1, props: {} }], { ctx: { tenantId: 1003, viewer: { audience: 'guest' } } });
    await screen.findByText('笔记本套装');
    expect(apiRequest).toHaveBeenCalledWith(
      '/order/api/product/search', { pageNo: 1, pageSize: 8, sort: 'newest', categoryId: undefined, providerId: undefined, productType: [] },
      expect.any(AbortSignal),
    );
    expect(screen.getByRole('heading', { name: '精选商品' })).toBeInTheDocument();
    expect(within(card('笔记本套装')).getByText('¥54.90')).toBeInTheDocument();
    const struck = within(card('笔记本套装')).getByText('¥75.00');
    expect(struck.tagName).toBe('S');
    expect(card('小狐狸的冒险').querySelector('s')).toBeNull();
    expect(card('同价商品').querySelector('s')).toBeNull();
  });

  it('links products by type: 8, 9, 10 to /sub_shop/noval/{id}, others to /product/detail/{id} in a new tab', () => {
    const list = [8, 9, 10, 1, 3].map((type) => product(100 + type, `类型${type}`, { productType: type }));
    renderWidget(ProductList, { props: widget.defaultProps, data: fakeData('success', paged(list)) });
    for (const type of [8, 9, 10]) {
      const link = within(card(`类型${type}`)).getAllByRole('link')[0]!;
      expect(link).toHaveAttribute('href', `/sub_shop/noval/${100 + type}`);
      expect(link).not.toHaveAttribute('target');
    }
    for (const type of [1, 3]) {
      const link = within(card(`类型${type}`)).getAllByRole('link')[0]!;
      expect(link).toHaveAttribute('href', `/product/detail/${100 + type}`);
      expect(link).toHaveAttribute('target', '_blank');
    }
    fireEvent.click(within(card('类型9')).getAllByRole('link')[0]!);
    expect(screen.getByTestId('where')).toHaveTextContent('/sub_shop/noval/109');
  });

  it('links the provider chip to /sub_shop/provider/{id}, or /sub_shop/school/{id} for orgType SCHOOL', () => {
    renderWidget(ProductList, {
      props: widget.defaultProps,
      data: fakeData('success', paged([
        product(1, '商家商品', { providerId: 2, providerName: '星河出版社' }),
        product(2, '学校商品', { providerId: 5, providerName: '第一五三三学校', orgType: 'SCHOOL' }),
      ])),
    });
    expect(screen.getByRole('link', { name: '星河出版社' })).toHaveAttribute('href', '/sub_shop/provider/2');
    const school = screen.getByRole('link', { name: '第一五三三学校' });
    expect(school).toHaveAttribute('href', '/sub_shop/school/5');
    fireEvent.click(school);
    expect(screen.getByTestId('where')).toHaveTextContent('/sub_shop/school/5');
  });

  it('an off-shelf provider warns for 1 s and does not navigate; its products still open', () => {
    const warning = vi.mocked(showMessage);
    renderWidget(ProductList, {
      props: widget.defaultProps,
      data: fakeData('success', paged([product(15, '旧书', { providerId: 6, providerName: '旧时光书店', providerState: 1 })])),
    });
    const chip = screen.getByRole('link', { name: '旧时光书店' });
    fireEvent.click(chip);
    expect(warning).toHaveBeenCalledWith('warning', '该商家已下架', 1);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/home$/);
    expect(within(card('旧书')).getAllByRole('link')[0]).toHaveAttribute('href', '/product/detail/15');
  });

  it('says 学校 in the off-shelf warning when the site is made for schools', () => {
    const warning = vi.mocked(showMessage);
    renderWidget(ProductList, {
      props: widget.defaultProps, ctx: { tenantId: 1533, viewer: { audience: 'guest' }, makeForSchool: true },
      data: fakeData('success', paged([product(16, '课程资料', { providerId: 7, providerName: '某学校', providerState: -1, orgType: 'SCHOOL' })])),
    });
    fireEvent.click(screen.getByRole('link', { name: '某学校' }));
    expect(warning).toHaveBeenCalledWith('warning', '该学校已下架', 1);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/home$/);
  });

  it('hides the provider chip when showProvider is off', () => {
    renderWidget(ProductList, { props: { ...widget.defaultProps, showProvider: false }, data: fakeData('success', paged([product(1, '商品')])) });
    expect(screen.queryByRole('link', { name: '书虫自营' })).toBeNull();
  });

  it('passes product types, provider and category to the call, in a stable key', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([product(1, '筛选商品')]));
    renderPage([widget], [{ id: 'p', type: 'product-list', version: 1, props: { productTypes: [2, 1, 2], providerId: 5, categoryId: 9, sort: 'popular', count: 4 } }]);
    await screen.findByText('筛选商品');
    expect(apiRequest).toHaveBeenCalledWith(
      '/order/api/product/search', { pageNo: 1, pageSize: 4, sort: 'popular', categoryId: 9, providerId: 5, productType: [1, 2] }, expect.any(AbortSignal),
    );
  });

  it('shows 暂无数据 when there are no products', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([]));
    renderPage([widget], [{ id: 'p', type: 'product-list', version: 1, props: {} }]);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the API error with a retry that fetches again', async () => {
    vi.mocked(apiRequest).mockRejectedValueOnce(new Error('系统繁忙')).mockResolvedValueOnce(paged([product(3, '重试商品')]));
    renderPage([widget], [{ id: 'p', type: 'product-list', version: 1, props: {} }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('系统繁忙');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('重试商品')).toBeInTheDocument();
  });

  it('shows a skeleton while pending', () => {
    renderWidget(ProductList, { props: widget.defaultProps, data: fakeData('pending') });
    expect(screen.getByRole('status', { name: '加载中' })).toHaveAttribute('aria-busy', 'true');
  });
});
