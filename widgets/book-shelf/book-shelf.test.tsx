import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fakeData, paged, renderPage, renderWidget } from '../../tests/component/widget-harness';
import type { ProductItem } from '../../src/api/shop';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import BookShelf from './book-shelf';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));

const book = (id: number, title: string, productType: number, over: Partial<ProductItem> = {}): ProductItem => ({
  id, title, cover: `/uploads/b-${id}.svg`, summary: null, categoryId: 148, categoryName: '有声书', publishTime: '2026-11-18T00:00:00.000Z',
  productType, price: 27.9, retailPrice: 40, stock: 9999, salesCount: 8, providerId: 4, providerName: '声音图书馆', providerState: 0, orgType: 'MERCHANT', ...over,
});

afterEach(() => vi.clearAllMocks());

describe('book-shelf', () => {
  it('renders with its defaults through PageRenderer, asking only for reading products (types 8, 9, 10)', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([book(34, '三国演义（有声版）', 9), book(31, '电子书', 8)]));
    renderPage([widget], [{ id: 's', type: 'book-shelf', version: 1, props: {} }], { ctx: { tenantId: 1003, viewer: { audience: 'guest' } } });
    await screen.findByText('三国演义（有声版）');
    expect(apiRequest).toHaveBeenCalledWith(
      '/order/api/product/search', { pageNo: 1, pageSize: 10, sort: 'newest', categoryId: undefined, productType: [8, 9, 10] }, expect.any(AbortSignal),
    );
    expect(screen.getByRole('heading', { name: '精品书架' })).toBeInTheDocument();
    // The cover is decorative: the link reads the title once (issue 23 point 4).
    const cover = document.querySelector('.w-cover img')!;
    expect(cover).toHaveAttribute('alt', '');
    expect(screen.getByRole('link', { name: '三国演义（有声版）' })).toBeInTheDocument();
    expect(cover).toHaveAttribute('src', '/uploads/b-34.svg');
    expect(cover.parentElement).toHaveStyle({ aspectRatio: '3 / 4' });
    expect(screen.getAllByText('¥27.90')).toHaveLength(2);
  });

  it('opens reading products in the reader at /sub_shop/noval/{id}', () => {
    renderWidget(BookShelf, { props: widget.defaultProps, data: fakeData('success', paged([book(39, '散文集', 10)])) });
    const link = screen.getByRole('link', { name: /散文集/ });
    expect(link).toHaveAttribute('href', '/sub_shop/noval/39');
    fireEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/sub_shop/noval/39');
  });

  it('hides prices when asked', () => {
    renderWidget(BookShelf, { props: { ...widget.defaultProps, showPrice: false }, data: fakeData('success', paged([book(1, '书', 8)])) });
    expect(screen.queryByText('¥27.90')).toBeNull();
  });

  it('shows 暂无数据 when the shelf is empty', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([]));
    renderPage([widget], [{ id: 's', type: 'book-shelf', version: 1, props: {} }]);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the API error with a retry that fetches again', async () => {
    vi.mocked(apiRequest).mockRejectedValueOnce(new Error('系统繁忙')).mockResolvedValueOnce(paged([book(2, '重试的书', 8)]));
    renderPage([widget], [{ id: 's', type: 'book-shelf', version: 1, props: {} }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('系统繁忙');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('重试的书')).toBeInTheDocument();
  });

  it('shows a skeleton while pending', () => {
    renderWidget(BookShelf, { props: widget.defaultProps, data: fakeData('pending') });
    expect(screen.getByRole('status', { name: '加载中' })).toHaveAttribute('aria-busy', 'true');
  });
});
