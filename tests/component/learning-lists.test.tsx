// The learning lists (/course, /courseInfo, /subject, /knowledge, /content, /share): the query is
// the state (categoryId, categoryName, categoryPath, purpose or kind, searchValue, sort, pageNo,
// pageSize); category jumps open pre-filtered with the name in the title; the page and tab are
// remembered; cards follow the jump rules and remember the list for the detail's back action.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listLabels, searchContents, searchCourses, searchSubjects, type ContentItem, type CourseItem, type SubjectItem } from '../../src/api/catalogue';
import { getCategoryTree, type CategoryNode } from '../../src/api/catalogue-lists';
import { searchArticles, type ArticleItem } from '../../src/api/community';
import { createQueryClient, Providers } from '../../src/app/providers';
import ContentListPage from '../../src/features/learning/routes/content-list-page';
import CourseListPage from '../../src/features/learning/routes/course-list-page';
import KnowledgeListPage from '../../src/features/learning/routes/knowledge-list-page';
import ShareListPage from '../../src/features/learning/routes/share-list-page';
import SubjectListPage from '../../src/features/learning/routes/subject-list-page';
import { demoSetting } from '../unit/fixtures';
import { card } from './widget-harness';
import { loadSettings, resetApp } from './render-shell';

vi.mock('../../src/api/catalogue', () => ({ searchCourses: vi.fn(), searchSubjects: vi.fn(), searchContents: vi.fn(), listLabels: vi.fn() }));
vi.mock('../../src/api/community', () => ({ searchArticles: vi.fn() }));
vi.mock('../../src/api/catalogue-lists', async (importOriginal) => ({ ...(await importOriginal<object>()), getCategoryTree: vi.fn() }));

const courses = vi.mocked(searchCourses);
const subjects = vi.mocked(searchSubjects);
const contents = vi.mocked(searchContents);
const articles = vi.mocked(searchArticles);
const tree = vi.mocked(getCategoryTree);
const labels = vi.mocked(listLabels);

const course = (id: number, title: string): CourseItem => ({
  ...card(id, title), teacherName: '王老师', chapterCount: 3, lessonCount: 8, duration: 3600, studyCount: 12, favourCount: 0, score: 4, labels: [],
});
const subject = (id: number, title: string): SubjectItem => ({ ...card(id, title), itemCount: 4, courseCount: 3, studyCount: 5, favourCount: 0, labels: [] });
const content = (id: number, title: string, purpose: number): ContentItem => ({
  ...card(id, title), purpose, kind: 'video', author: '李四', duration: 60, mediaUrl: null, partCount: 0, viewCount: 7, favourCount: 0, labels: [],
});
const article = (id: number, title: string): ArticleItem => ({ ...card(id, title), kind: 'share', author: '赵六', viewCount: 9, favourCount: 0 });
const page = <T,>(list: T[], total = list.length, pageNo = 1, pageSize = 10) => ({ list, total, pageNo, pageSize });
const node = (id: number, name: string, path: string, children: CategoryNode[] = [], purpose = 1): CategoryNode => ({
  id, parentId: null, name, purpose, path, icon: null, sort: 0, children,
});

/** Course categories: 编程 (3) › Python (17). */
const COURSE_TREE = [node(3, '编程', '/3/', [{ ...node(17, 'Python', '/3/17/'), parentId: 3 }]), node(4, '管理', '/4/')];

function mount(path: string) {
  const router = createMemoryRouter([
    { path: '/course', element: <CourseListPage /> },
    { path: '/courseInfo', element: <CourseListPage /> },
    { path: '/subject', element: <SubjectListPage /> },
    { path: '/knowledge', element: <KnowledgeListPage /> },
    { path: '/content', element: <ContentListPage /> },
    { path: '/share', element: <ShareListPage /> },
    { path: '*', element: <div data-testid="elsewhere" /> },
  ], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}
const query = (router: ReturnType<typeof mount>) => Object.fromEntries(new URLSearchParams(router.state.location.search));
const heading = () => screen.getByRole('heading', { level: 1 });

beforeEach(() => {
  document.title = '演示学堂 - 课程';
  loadSettings(demoSetting());
  courses.mockImplementation(async (q) => page([course(1, `课程 ${q.pageNo ?? 1}-1`), course(2, `课程 ${q.pageNo ?? 1}-2`)], 32, q.pageNo, q.pageSize));
  subjects.mockResolvedValue(page([subject(3, '安全专题')]));
  contents.mockImplementation(async (q) => (q.purpose?.includes(5)
    ? page([content(5, '三体', 5)])
    : q.purpose?.includes(2) ? page([content(4, '知识卡片', 2)]) : page([content(6, '微课 A', 1), content(8, '资料 B', 3)])));
  articles.mockResolvedValue(page([article(7, '学习心得')]));
  tree.mockImplementation(async (purpose) => (purpose === 1 ? COURSE_TREE : [node(9, `分类${purpose}`, '/9/', [], purpose)]));
  labels.mockResolvedValue([]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  sessionStorage.clear();
  resetApp();
});

describe('learning lists', { timeout: 20_000 }, () => {
  it('filters by a category from the tree: the query, the call and the title follow', async () => {
    const router = mount('/course');
    expect(await screen.findByText('课程 1-1')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('课程');
    expect(tree).toHaveBeenCalledWith(1, expect.anything());
    fireEvent.click(await screen.findByText('编程'));
    await waitFor(() => expect(query(router)).toEqual({ categoryId: '3', categoryName: '编程', categoryPath: '/3/' }));
    await waitFor(() => expect(courses).toHaveBeenLastCalledWith(expect.objectContaining({ categoryId: 3, pageNo: 1, pageSize: 10 }), expect.anything()));
    expect(heading()).toHaveTextContent('编程');
    await waitFor(() => expect(document.title).toBe('演示学堂 - 编程'));
    fireEvent.click(screen.getByRole('button', { name: '全部分类' }));
    await waitFor(() => expect(query(router)).toEqual({}));
    expect(document.title).toBe('演示学堂 - 课程');
    // The unfiltered first page is still cached: the title goes back and nothing is asked again.
    await waitFor(() => expect(heading()).toHaveTextContent('课程'));
    expect(courses).toHaveBeenCalledTimes(2);
  });

  it('opens pre-filtered from a category jump, with the name in the title and the branch open', async () => {
    mount('/course?categoryId=17&categoryName=Python&categoryPath=%2F3%2F17%2F');
    expect(await screen.findByText('课程 1-1')).toBeInTheDocument();
    expect(courses).toHaveBeenCalledWith(expect.objectContaining({ categoryId: 17, pageNo: 1 }), expect.anything());
    expect(heading()).toHaveTextContent('Python');
    // The chosen child is shown (its parent opened) and selected.
    const chosen = await screen.findByTitle('Python');
    expect(chosen.closest('.ant-tree-treenode')).toHaveClass('ant-tree-treenode-selected');
    await waitFor(() => expect(document.title).toBe('演示学堂 - Python'));
  });

  it('names the category from the tree when a jump carries only its id', async () => {
    mount('/course?categoryId=4');
    await waitFor(() => expect(heading()).toHaveTextContent('管理'));
    expect(courses).toHaveBeenCalledWith(expect.objectContaining({ categoryId: 4 }), expect.anything());
  });

  it('opens /knowledge from a purpose-2 jump on the knowledge tab, and a tab switch changes tree and purpose', async () => {
    const router = mount('/knowledge?categoryId=9&categoryName=%E5%89%8D%E7%AB%AF&purpose=2');
    expect(await screen.findByText('知识卡片')).toBeInTheDocument();
    expect(contents).toHaveBeenCalledWith(expect.objectContaining({ purpose: [2], categoryId: 9 }), expect.anything());
    expect(tree).toHaveBeenCalledWith(2, expect.anything());
    expect(screen.getByRole('tab', { name: '知识', selected: true })).toBeInTheDocument();
    expect(heading()).toHaveTextContent('前端');
    fireEvent.click(screen.getByRole('tab', { name: '微课' }));
    // Micro-courses sit in the content tree (3): the knowledge category no longer applies.
    await waitFor(() => expect(query(router)).toEqual({ purpose: '1' }));
    await waitFor(() => expect(contents).toHaveBeenLastCalledWith(expect.objectContaining({ purpose: [1], categoryId: undefined }), expect.anything()));
    expect(tree).toHaveBeenCalledWith(3, expect.anything());
  });

  it('reads the purpose of /content from the query: 1 is micro-lessons, 5 reading in the reading tree', async () => {
    const router = mount('/content?purpose=1');
    expect(await screen.findByRole('tab', { name: '微课', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(contents).toHaveBeenCalledWith(expect.objectContaining({ purpose: [1] }), expect.anything()));
    await act(() => router.navigate('/content?purpose=5'));
    expect(await screen.findByRole('tab', { name: '阅读', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(contents).toHaveBeenLastCalledWith(expect.objectContaining({ purpose: [5] }), expect.anything()));
    expect(tree).toHaveBeenCalledWith(11, expect.anything());
  });

  it('searches and sorts through the query, and back restores the box', async () => {
    const router = mount('/subject');
    const box = await screen.findByRole('searchbox');
    fireEvent.change(box, { target: { value: '  安全  ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(query(router)).toEqual({ searchValue: '安全' }));
    await waitFor(() => expect(subjects).toHaveBeenLastCalledWith(expect.objectContaining({ searchValue: '安全', pageNo: 1 }), expect.anything()));
    fireEvent.click(screen.getByRole('radio', { name: '最热' }));
    await waitFor(() => expect(query(router)).toEqual({ searchValue: '安全', sort: 'popular' }));
    await waitFor(() => expect(subjects).toHaveBeenLastCalledWith(expect.objectContaining({ searchValue: '安全', sort: 'popular' }), expect.anything()));
    await act(() => router.navigate(-2));
    await waitFor(() => expect(screen.getByRole('searchbox')).toHaveValue(''));
    expect(screen.getByRole('radio', { name: '最新' })).toBeChecked();
    expect(subjects.mock.calls.map((c) => [c[0].searchValue, c[0].sort])).toEqual([[undefined, undefined], ['安全', undefined], ['安全', 'popular']]);
  });

  it('filters by one label through the query, and shows no label bar for a kind without labels', async () => {
    labels.mockImplementation(async (type) => (type === 'course' ? [{ name: '热门', count: 9 }, { name: '新课', count: 4 }] : []));
    const router = mount('/course');
    const bar = await screen.findByTestId('label-bar');
    expect(labels).toHaveBeenCalledWith('course', [], expect.anything());
    fireEvent.click(within(bar).getByRole('checkbox', { name: '新课' }));
    await waitFor(() => expect(query(router)).toEqual({ label: '新课' }));
    await waitFor(() => expect(courses).toHaveBeenLastCalledWith(expect.objectContaining({ label: '新课', pageNo: 1 }), expect.anything()));
    fireEvent.click(within(bar).getByRole('checkbox', { name: '不限' }));
    await waitFor(() => expect(query(router)).toEqual({}));
    // Back to any label: the unfiltered page (cached from the first load) and 不限 chosen.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: '不限' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: '新课' })).not.toBeChecked();
    cleanup();
    // A label named by the address is shown chosen even when it is not among the most used.
    mount('/course?label=%E5%86%B7%E9%97%A8');
    expect(await screen.findByRole('checkbox', { name: '冷门' })).toBeChecked();
    cleanup();
    mount('/subject');
    await screen.findByText('安全专题');
    expect(screen.queryByTestId('label-bar')).toBeNull();
  });

  it('offers the page sizes 5, 6, 10, 15 and 20 and keeps the size in the query', async () => {
    const router = mount('/course');
    expect(await screen.findByText('课程 1-1')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const sizes = (await screen.findAllByRole('option')).map((o) => o.textContent ?? o.getAttribute('aria-label'));
    expect(sizes.map((s) => Number.parseInt(s ?? '', 10))).toEqual([5, 6, 10, 15, 20]);
    fireEvent.click(screen.getAllByTitle(/^20/).at(-1)!);
    await waitFor(() => expect(query(router)).toEqual({ pageNo: '1', pageSize: '20' }));
    await waitFor(() => expect(courses).toHaveBeenLastCalledWith(expect.objectContaining({ pageNo: 1, pageSize: 20 }), expect.anything()));
    // A size the pager does not offer falls back to 10.
    await act(() => router.navigate('/course?pageSize=7&sort=popular'));
    await waitFor(() => expect(courses).toHaveBeenLastCalledWith(expect.objectContaining({ pageSize: 10, sort: 'popular' }), expect.anything()));
  });

  it('remembers the page and brings it back when the list is opened again without pageNo', async () => {
    const router = mount('/course');
    expect(await screen.findByText('课程 1-1')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(query(router)).toEqual({ pageNo: '3' }));
    expect(await screen.findByText('课程 3-1')).toBeInTheDocument();
    await act(() => router.navigate('/home'));
    await act(() => router.navigate('/course'));
    // The remembered page is written back into the address, in place.
    await waitFor(() => expect(query(router)).toEqual({ pageNo: '3' }));
    expect(await screen.findByText('课程 3-1')).toBeInTheDocument();
    // Another filter (a category jump) has its own memory: page 1.
    await act(() => router.navigate('/course?categoryId=4&categoryName=%E7%AE%A1%E7%90%86'));
    await waitFor(() => expect(courses).toHaveBeenLastCalledWith(expect.objectContaining({ categoryId: 4, pageNo: 1 }), expect.anything()));
    expect(query(router)).toEqual({ categoryId: '4', categoryName: '管理' });
  });

  it('goes to the last page when the page asked for is past the end of the list', async () => {
    courses.mockImplementation(async (q) => page((q.pageNo ?? 1) > 2 ? [] : [course(1, `课程 ${q.pageNo ?? 1}-1`)], 12, q.pageNo, q.pageSize));
    const router = mount('/course?pageNo=4');
    await waitFor(() => expect(query(router)).toEqual({ pageNo: '2' }));
    expect(await screen.findByText('课程 2-1')).toBeInTheDocument();
  });

  it('remembers the tab of a list and brings it back from the menu link', async () => {
    const router = mount('/content');
    expect(await screen.findByRole('tab', { name: '全部', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(contents).toHaveBeenCalledWith(expect.objectContaining({ purpose: [1, 3, 4] }), expect.anything()));
    fireEvent.click(screen.getByRole('tab', { name: '阅读' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).getAll('purpose')).toEqual(['5', '6', '7']));
    await act(() => router.navigate('/home'));
    await act(() => router.navigate('/content'));
    expect(await screen.findByRole('tab', { name: '阅读', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).getAll('purpose')).toEqual(['5', '6', '7']));
    await waitFor(() => expect(contents).toHaveBeenLastCalledWith(expect.objectContaining({ purpose: [5, 6, 7] }), expect.anything()));
  });

  it('shows an empty state that offers to clear the filters', async () => {
    courses.mockResolvedValue(page([]));
    const router = mount('/course?categoryId=3&searchValue=xyz');
    expect(await screen.findByText('没有找到与“xyz”相关的内容。')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(query(router)).toEqual({}));
    expect(await screen.findByText('暂无内容。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '清除筛选' })).not.toBeInTheDocument();
  });

  it('shows a failure with a retry that asks again', async () => {
    // The query client retries once before the page shows the failure.
    subjects.mockRejectedValueOnce(new Error('系统错误')).mockRejectedValueOnce(new Error('系统错误'));
    mount('/subject');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('系统错误');
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('安全专题')).toBeInTheDocument();
  });

  it('shows a category failure in the sidebar with its own retry, and the list still loads', async () => {
    tree.mockRejectedValueOnce(new Error('boom')).mockRejectedValueOnce(new Error('boom'));
    mount('/course');
    expect(await screen.findByText('课程 1-1')).toBeInTheDocument();
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('分类加载失败。');
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('编程')).toBeInTheDocument();
  });

  it('links cards by the jump rules', async () => {
    mount('/course');
    expect((await screen.findByText('课程 1-1')).closest('a')).toHaveAttribute('href', '/course/detail/1');
    cleanup();
    mount('/subject');
    expect((await screen.findByText('安全专题')).closest('a')).toHaveAttribute('href', '/subject/detail/3');
    cleanup();
    mount('/knowledge');
    expect((await screen.findByText('知识卡片')).closest('a')).toHaveAttribute('href', '/knowledge/detail/4?purpose=2');
    cleanup();
    mount('/content?purpose=5');
    expect((await screen.findByText('三体')).closest('a')).toHaveAttribute('href', '/content/noval/5?purpose=5');
    cleanup();
    mount('/content?purpose=3');
    expect((await screen.findByText('资料 B')).closest('a')).toHaveAttribute('href', '/sub_cm/content/detail?id=8&purpose=3');
    cleanup();
    mount('/share');
    expect((await screen.findByText('学习心得')).closest('a')).toHaveAttribute('href', '/share/article/detail/7');
  });

  it('remembers the list, page and filters for the detail\'s back action when a card is opened', async () => {
    const router = mount('/course?categoryId=3&pageNo=2');
    fireEvent.click(await screen.findByText('课程 2-1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/detail/1'));
    expect(sessionStorage.getItem('portal.goback.course')).toBe('/course?categoryId=3&pageNo=2');
    cleanup();
    const again = mount('/knowledge?purpose=2');
    fireEvent.click(await screen.findByText('知识卡片'));
    await waitFor(() => expect(again.state.location.pathname).toBe('/knowledge/detail/4'));
    expect(sessionStorage.getItem('portal.goback.content')).toBe('/knowledge?purpose=2');
  });

  it('shows /courseInfo as a catalogue, one course per row', async () => {
    mount('/courseInfo');
    expect(await screen.findByText('课程 1-1')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('课程目录');
    expect(screen.getByText('课程 1-1').closest('ul')).toHaveAttribute('data-layout', 'list');
  });

  it('lists articles by kind from the query', async () => {
    mount('/share?kind=news');
    expect(await screen.findByRole('tab', { name: '资讯', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(articles).toHaveBeenCalledWith(expect.objectContaining({ kind: 'news' }), expect.anything()));
    expect(tree).toHaveBeenCalledWith(10, expect.anything());
  });
});
