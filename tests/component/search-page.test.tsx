// /search: the query is the state (searchValue, type, pageNo, pageSize); 综合 shows a few of each
// kind with "see all" links; each kind tab pages; cards follow the jump rules; empty words, no
// results and failures each have their own state.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchContents, searchCourses, searchSubjects, type ContentItem, type CourseItem, type SubjectItem } from '../../src/api/catalogue';
import { apiGet } from '../../src/api/client';
import { searchProducts, type ProductItem } from '../../src/api/shop';
import { createQueryClient, Providers } from '../../src/app/providers';
import SearchPage from '../../src/features/search/routes/search-page';
import { jsonItem, demoSetting } from '../unit/fixtures';
import { card } from './widget-harness';
import { loadSettings, resetApp } from './render-shell';

vi.mock('../../src/api/catalogue', () => ({ searchCourses: vi.fn(), searchSubjects: vi.fn(), searchContents: vi.fn() }));
vi.mock('../../src/api/shop', () => ({ searchProducts: vi.fn() }));
vi.mock('../../src/api/client', async (importOriginal) => ({ ...(await importOriginal<object>()), apiGet: vi.fn() }));

const courses = vi.mocked(searchCourses);
const subjects = vi.mocked(searchSubjects);
const contents = vi.mocked(searchContents);
const products = vi.mocked(searchProducts);
const probe = vi.mocked(apiGet);

const course = (id: number, title: string): CourseItem => ({
  ...card(id, title), teacherName: '王老师', chapterCount: 3, lessonCount: 8, duration: 3600, studyCount: 12, favourCount: 0, score: 4, labels: [],
});
const subject = (id: number, title: string): SubjectItem => ({ ...card(id, title), itemCount: 4, courseCount: 3, studyCount: 5, favourCount: 0, labels: [] });
const content = (id: number, title: string, purpose: number): ContentItem => ({
  ...card(id, title), purpose, kind: 'video', author: '李四', duration: 60, mediaUrl: null, partCount: 0, viewCount: 7, favourCount: 0, labels: [],
});
const product = (id: number, title: string, productType = 1): ProductItem => ({
  ...card(id, title), productType, price: 19.9, retailPrice: null, stock: 3, salesCount: 1, providerId: 2, providerName: '书店', providerState: 0, orgType: 'MERCHANT',
});
const page = <T,>(list: T[], total = list.length, pageNo = 1, pageSize = 10) => ({ list, total, pageNo, pageSize });

function mount(path: string) {
  const router = createMemoryRouter([{ path: '/search', element: <SearchPage /> }, { path: '*', element: <div data-testid="elsewhere" /> }], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}
const query = (router: ReturnType<typeof mount>) => Object.fromEntries(new URLSearchParams(router.state.location.search));

beforeEach(() => {
  loadSettings(demoSetting());
  courses.mockResolvedValue(page([course(1, 'Python 入门'), course(2, 'Python 进阶')], 12));
  subjects.mockResolvedValue(page([subject(3, 'Python 专题')]));
  contents.mockImplementation(async (q) => (q.purpose?.includes(1)
    ? page([content(4, 'Python 微课', 1)])
    : page([content(5, 'Python 读本', 5), content(6, 'Python 资料', 3)])));
  products.mockResolvedValue(page([]));
  probe.mockResolvedValue(page([], 0));
});
afterEach(() => {
  // Unmount before the store resets, or the old page re-renders as a study tenant and probes again.
  cleanup();
  vi.clearAllMocks();
  resetApp();
});

describe('search page', { timeout: 20_000 }, () => {
  it('prompts for words when the query has none, and calls nothing', async () => {
    mount('/search?type=total');
    expect(await screen.findByText(/输入关键词/)).toBeInTheDocument();
    expect(courses).not.toHaveBeenCalled();
  });

  it('shows a few of each kind on 综合, with cards linked by the jump rules', async () => {
    mount('/search?searchValue=Python&type=total');
    expect(screen.getByRole('searchbox')).toHaveValue('Python');
    expect((await screen.findByText('Python 入门')).closest('a')).toHaveAttribute('href', '/course/detail/1');
    expect((await screen.findByText('Python 专题')).closest('a')).toHaveAttribute('href', '/subject/detail/3');
    expect((await screen.findByText('Python 微课')).closest('a')).toHaveAttribute('href', '/knowledge/detail/4?purpose=1');
    expect((await screen.findByText('Python 读本')).closest('a')).toHaveAttribute('href', '/content/noval/5?purpose=5');
    expect(courses).toHaveBeenCalledWith({ searchValue: 'Python', pageNo: 1, pageSize: 5 }, expect.anything());
    expect(contents.mock.calls.map((c) => c[0].purpose)).toEqual(expect.arrayContaining([[1, 2], [3, 4, 5, 6, 7]]));
    // 12 courses found, 5 shown: the section links to the course tab.
    const section = screen.getByText('Python 入门').closest('section')!;
    expect(within(section).getByText('共 12 条')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: /查看全部/ })).toHaveAttribute('href', '/search?searchValue=Python&type=course');
    // A study tenant without products has no product tab.
    expect(screen.queryByRole('tab', { name: '商品' })).not.toBeInTheDocument();
  });

  it('switches tab into the query and pages a kind with the spec page sizes', async () => {
    const router = mount('/search?searchValue=Python&type=total');
    fireEvent.click(await screen.findByRole('tab', { name: '课程' }));
    await waitFor(() => expect(query(router)).toEqual({ searchValue: 'Python', type: 'course' }));
    await waitFor(() => expect(courses).toHaveBeenLastCalledWith({ searchValue: 'Python', pageNo: 1, pageSize: 10 }, expect.anything()));
    expect(await screen.findByText('共 12 条')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(query(router)).toEqual({ searchValue: 'Python', type: 'course', pageNo: '2' }));
    await waitFor(() => expect(courses).toHaveBeenLastCalledWith({ searchValue: 'Python', pageNo: 2, pageSize: 10 }, expect.anything()));
    router.navigate(-1);
    await waitFor(() => expect(query(router)).toEqual({ searchValue: 'Python', type: 'course' }));
  });

  it('puts new words into the query, keeping the tab, so back returns to the old search', async () => {
    const router = mount('/search?searchValue=Python&type=subject');
    const box = await screen.findByRole('searchbox');
    fireEvent.change(box, { target: { value: '  安全  ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(query(router)).toEqual({ searchValue: '安全', type: 'subject' }));
    await waitFor(() => expect(subjects).toHaveBeenLastCalledWith({ searchValue: '安全', pageNo: 1, pageSize: 10 }, expect.anything()));
    router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('searchbox')).toHaveValue('Python'));
  });

  it('names the words when nothing matches, on 综合 and on a tab', async () => {
    courses.mockResolvedValue(page([]));
    subjects.mockResolvedValue(page([]));
    contents.mockResolvedValue(page([]));
    const router = mount('/search?searchValue=xyz&type=total');
    expect(await screen.findByText('没有找到与“xyz”相关的内容，换个关键词试试。')).toBeInTheDocument();
    await router.navigate('/search?searchValue=xyz&type=course');
    expect(await screen.findByText('没有找到与“xyz”相关的课程。')).toBeInTheDocument();
  });

  it('shows a failure with a retry that asks again', async () => {
    // The query client retries once before the page shows the failure.
    courses.mockRejectedValueOnce(new Error('系统错误')).mockRejectedValueOnce(new Error('系统错误'))
      .mockResolvedValueOnce(page([course(1, 'Python 入门')]));
    mount('/search?searchValue=Python&type=course');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('系统错误');
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('Python 入门')).toBeInTheDocument();
  });

  it('has a product tab for a shop tenant, linking reading products to the reader', async () => {
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'options', { function: 'shop' })] }));
    products.mockResolvedValue(page([product(7, 'Python 电子书', 8), product(8, 'Python 手册', 1)]));
    mount('/search?searchValue=Python&type=product');
    expect(await screen.findByRole('tab', { name: '商品', selected: true })).toBeInTheDocument();
    expect((await screen.findByText('Python 电子书')).closest('a')).toHaveAttribute('href', '/sub_shop/noval/7');
    expect(screen.getByText('Python 手册').closest('a')).toHaveAttribute('href', '/product/detail/8');
    expect(probe).not.toHaveBeenCalled();
  });

  it('shows the product tab to a study tenant that has products', async () => {
    probe.mockResolvedValue(page([product(9, 'x')], 1));
    mount('/search?searchValue=Python&type=total');
    expect(await screen.findByRole('tab', { name: '商品' })).toBeInTheDocument();
    expect(probe).toHaveBeenCalledWith('/order/api/product/search', { pageNo: 1, pageSize: 1 }, expect.objectContaining({ silent: true }));
  });
});
