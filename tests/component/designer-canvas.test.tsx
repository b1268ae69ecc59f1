// The page designer's shell (issue 16): the palette shows only the tenant's allowed widgets and adds
// by keyboard, the structure outline moves blocks by keyboard (@dnd-kit's KeyboardSensor), undo and
// redo keys, autosave, the conflict banner of a 409, and the warning before leaving with changes.
// The API module is mocked; the registry holds real widgets. The canvas iframe does not load in
// jsdom: its drop zones are checked from a layout as the preview posts it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageTemplateV2 } from '../../schemas/page-template';
import { ApiError } from '../../src/api/client';
import { createRegistry } from '../../src/runtime/registry';
import { RegistryProvider } from '../../src/runtime/registry-context';
import { useAppStore } from '../../src/stores/app-store';
import { widget as columns } from '../../widgets/columns/index';
import { widget as courseList } from '../../widgets/course-list/index';
import { widget as titleBar } from '../../widgets/title-bar/index';
import { closeAntdStatics } from './antd-leftovers';

vi.mock('../../src/features/admin/api/pages', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/features/admin/api/pages')>();
  return { ...actual, getPageDraft: vi.fn(), saveDraft: vi.fn(), listVersions: vi.fn(), publishPage: vi.fn() };
});

const api = await import('../../src/features/admin/api/pages');
const { useDesigner } = await import('../../src/features/admin/designer/designer-store');
const { default: DesignerPage, AUTOSAVE_DELAY_MS } = await import('../../src/features/admin/designer/designer-page');
const { dropZones } = await import('../../src/features/admin/designer/canvas');

const summary = { pageId: 7, pageCode: 'Pzy_test', name: '专题页', kind: 'tab' as const, storeId: null, isDefault: false, publishedVersion: 1, hasDraft: true, revision: 3, updatedBy: null, updatedAt: null, menu: null };
const template = (blocks: PageTemplateV2['blocks'] = []): PageTemplateV2 => ({ schemaVersion: 2, pageId: 7, pageCode: 'Pzy_test', title: '专题页', root: { props: {} }, blocks });
const heading = (id: string, title: string) => ({ id, type: 'title-bar', version: 1, props: { title } });
const ids = () => useDesigner.getState().template!.blocks.map((b) => b.id);

function renderDesigner(blocks: PageTemplateV2['blocks'], allow?: string[]) {
  vi.mocked(api.getPageDraft).mockResolvedValue({ page: summary, template: template(blocks), revision: 3, isDraft: true });
  const options = useAppStore.getState().options;
  useAppStore.setState({ options: allow ? { ...options, widgets: allow } : { ...options, widgets: undefined } });
  const registry = createRegistry().register(courseList).register(titleBar).register(columns);
  const router = createMemoryRouter([
    { path: '/sub_admin/designer/:pageId', element: <DesignerPage /> },
    { path: '/sub_admin/designer', element: <p>page list</p> },
  ], { initialEntries: ['/sub_admin/designer/7'] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}><RegistryProvider registry={registry}><RouterProvider router={router} /></RegistryProvider></QueryClientProvider>);
  return router;
}

const ready = () => screen.findByTestId('designer-toolbar', {}, { timeout: 10_000 });

beforeEach(() => {
  vi.mocked(api.getPageDraft).mockReset();
  vi.mocked(api.saveDraft).mockReset();
  vi.mocked(api.listVersions).mockResolvedValue({ versions: [] });
  useDesigner.setState({ page: null, template: null, viewing: null, selectedId: null, saveState: 'saved' });
});

afterEach(async () => {
  vi.useRealTimers();
  // The leave question (a static Modal.confirm) outlived its test, half-closed: titled by the id antd
  // gives every dialog under test (test-id), it named the next test's compare dialog.
  await closeAntdStatics();
});

describe('designer palette', { timeout: 20_000 }, () => {
  it('shows only the widgets of the tenant\'s allow-list, with their labels, grouped by category', async () => {
    renderDesigner([], ['course-list', 'title-bar']);
    await ready();
    const palette = screen.getByTestId('designer-palette');
    // The name is the visible text (it was "添加课程列表", which left the visible description out: WCAG 2.5.3).
    expect(within(palette).getByTestId('palette-course-list')).toHaveAccessibleName('课程列表按分类展示最新或最热的课程');
    expect(within(palette).getByTestId('palette-course-list')).toHaveAccessibleDescription(/拖到画布上添加/);
    expect(within(palette).getByTestId('palette-title-bar')).toBeInTheDocument();
    expect(within(palette).queryByTestId('palette-columns')).toBeNull();
    expect(within(palette).getByRole('region', { name: '学习' })).toContainElement(within(palette).getByTestId('palette-course-list'));
  });

  it('adds a widget by keyboard after the selected block, with its defaults', async () => {
    const user = userEvent.setup();
    renderDesigner([heading('a', '一'), heading('b', '二')]);
    await ready();
    act(() => useDesigner.getState().select('a'));
    screen.getByTestId('palette-course-list').focus();
    await user.keyboard('{Enter}');
    expect(ids()).toEqual(['a', 'course-list-1', 'b']);
    expect(useDesigner.getState().template!.blocks[1]!.props).toEqual(courseList.defaultProps);
    expect(useDesigner.getState().selectedId).toBe('course-list-1');
  });
});

describe('designer outline', { timeout: 20_000 }, () => {
  it('keeps its rows list items, the sortable button inside each (the <li> itself was the button: axe "list")', async () => {
    renderDesigner([heading('a', '一'), heading('b', '二')]);
    await ready();
    const list = within(screen.getByTestId('designer-outline')).getByRole('list');
    for (const child of Array.from(list.children)) expect(child.tagName).toBe('LI');
    const row = screen.getByTestId('outline-row-a');
    expect(row.tagName).not.toBe('LI');
    expect(row).toHaveAttribute('role', 'button');
    expect(row.closest('li')?.parentElement).toBe(list);
  });

  it('moves a block down by keyboard: Space lifts, ArrowDown moves, Space drops', async () => {
    const user = userEvent.setup();
    renderDesigner([heading('a', '一'), heading('b', '二'), heading('c', '三')]);
    await ready();
    screen.getByTestId('outline-row-a').focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');
    await waitFor(() => expect(ids()).toEqual(['b', 'a', 'c']));
    expect(useDesigner.getState().canUndo).toBe(true);
  });

  it('moves a block into a column by keyboard and announces where it went', async () => {
    const user = userEvent.setup();
    renderDesigner([{ id: 'row', type: 'columns', version: 1, props: {}, slots: { col1: [], col2: [] } }, heading('t', '标题')]);
    await ready();
    const outline = screen.getByTestId('designer-outline');
    expect(within(outline).getByText('col2 栏', { exact: false })).toBeInTheDocument();
    screen.getByTestId('outline-row-t').focus();
    await user.keyboard('[Space]');
    // Up past "end of columns" and the col3 header: the row then sits at the end of col2.
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[Space]');
    await waitFor(() => expect(useDesigner.getState().template!.blocks[0]!.slots!.col2!.map((b) => b.id)).toEqual(['t']));
    expect(ids()).toEqual(['row']);
    await waitFor(() => expect(document.body).toHaveTextContent('已放到 分栏 的 col2 栏第 1 位'));
  });

  it('deletes the selected block with the Delete key and duplicates it with the button', async () => {
    const user = userEvent.setup();
    renderDesigner([heading('a', '一'), heading('b', '二')]);
    await ready();
    await user.click(screen.getByTestId('outline-row-a'));
    await user.click(screen.getByTestId('outline-duplicate'));
    expect(ids()).toEqual(['a', 'title-bar-1', 'b']);
    await user.keyboard('{Delete}');
    expect(ids()).toEqual(['a', 'b']);
  });
});

describe('designer keys, autosave and conflicts', { timeout: 20_000 }, () => {
  it('undoes with Ctrl+Z and redoes with Ctrl+Shift+Z and Ctrl+Y, but not while typing in a field', async () => {
    const user = userEvent.setup();
    renderDesigner([heading('a', '一')]);
    await ready();
    act(() => void useDesigner.getState().addBlock('title-bar', { parentId: null, index: 1 }));
    expect(ids()).toEqual(['a', 'title-bar-1']);
    await user.keyboard('{Control>}z{/Control}');
    expect(ids()).toEqual(['a']);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(ids()).toEqual(['a', 'title-bar-1']);
    await user.keyboard('{Control>}z{/Control}');
    await user.keyboard('{Control>}y{/Control}');
    expect(ids()).toEqual(['a', 'title-bar-1']);
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await user.keyboard('{Control>}z{/Control}');
    expect(ids()).toEqual(['a', 'title-bar-1']);
    field.remove();
  });

  it('saves the draft once, 1.5 s after the last of several edits, and shows saved', async () => {
    vi.mocked(api.saveDraft).mockResolvedValue({ revision: 4, upgraded: [] });
    renderDesigner([heading('a', '一')]);
    await ready();
    act(() => useDesigner.getState().updateProps('a', { title: '1' }));
    expect(screen.getByTestId('save-state')).toHaveAttribute('data-state', 'unsaved');
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DELAY_MS / 2));
    act(() => useDesigner.getState().updateProps('a', { title: '2' }));
    act(() => useDesigner.getState().updateProps('a', { title: '3' }));
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DELAY_MS / 2));
    expect(api.saveDraft).not.toHaveBeenCalled();
    await waitFor(() => expect(api.saveDraft).toHaveBeenCalledTimes(1), { timeout: AUTOSAVE_DELAY_MS + 1000 });
    expect(vi.mocked(api.saveDraft).mock.calls[0]![0]).toMatchObject({ pageId: 7, revision: 3, template: { blocks: [{ props: { title: '3' } }] } });
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveAttribute('data-state', 'saved'));
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DELAY_MS + 200));
    expect(api.saveDraft).toHaveBeenCalledTimes(1);
  });

  it('shows the conflict banner on a 409, and compare lists what the other admin changed', async () => {
    const user = userEvent.setup();
    vi.mocked(api.saveDraft).mockRejectedValue(new ApiError('另一位管理员已保存了此页面的新版本，请重新加载后再修改', { code: 409, flag: -1, status: 409 }));
    renderDesigner([heading('a', '一')]);
    await ready();
    act(() => useDesigner.getState().updateProps('a', { title: '我的' }));
    await act(() => useDesigner.getState().saveNow());
    const banner = await screen.findByTestId('conflict-banner');
    expect(banner).toHaveTextContent('另一位管理员已保存了此页面的新版本');
    vi.mocked(api.getPageDraft).mockResolvedValue({ page: summary, template: template([heading('a', '他的'), heading('z', '新')]), revision: 5, isDraft: true });
    await user.click(within(banner).getByRole('button', { name: /比\s?较/ }));
    const dialog = await screen.findByRole('dialog', { name: '你的草稿与服务器上的草稿' });
    expect(dialog).toHaveTextContent('a (title-bar)');
    expect(dialog).toHaveTextContent('他的');
    expect(dialog).toHaveTextContent('z (title-bar)');
  });

  it('warns before the tab closes with unsaved changes', async () => {
    renderDesigner([heading('a', '一')]);
    await ready();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    act(() => useDesigner.getState().updateProps('a', { title: 'x' }));
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });

  it('saves when the admin leaves inside the app, and asks first when that save fails', async () => {
    const user = userEvent.setup();
    vi.mocked(api.saveDraft).mockRejectedValue(new ApiError('服务器忙', { code: 500, flag: -1, status: 500 }));
    const router = renderDesigner([heading('a', '一')]);
    await ready();
    act(() => useDesigner.getState().updateProps('a', { title: 'x' }));
    await user.click(screen.getByRole('link', { name: '返回页面列表' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('页面有未保存的修改，确定离开吗？');
    expect(api.saveDraft).toHaveBeenCalledTimes(1);
    // antd spaces two-character Chinese button labels (留 下).
    await user.click(within(confirm).getByRole('button', { name: /留\s?下/ }));
    expect(router.state.location.pathname).toBe('/sub_admin/designer/7');
    // A save that goes through lets the admin leave without a question.
    vi.mocked(api.saveDraft).mockResolvedValue({ revision: 4, upgraded: [] });
    act(() => useDesigner.getState().updateProps('a', { title: 'y' }));
    await user.click(screen.getByRole('link', { name: '返回页面列表' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sub_admin/designer'));
  });
});

describe('designer refusals', { timeout: 20_000 }, () => {
  it('shows "no access" (403, not an error page) when the server refuses the page, e.g. to a learner', async () => {
    // Once, before the page asks (renderDesigner's answer stays the default for any later call).
    vi.mocked(api.getPageDraft).mockRejectedValueOnce(new ApiError('需要管理员权限', { code: 403, flag: -1, status: 403 }));
    renderDesigner([]);
    const refused = await screen.findByTestId('designer-error', {}, { timeout: 10_000 });
    expect(refused).toHaveClass('ant-result-403');
    expect(refused).toHaveTextContent('需要管理员权限');
  });
});

describe('canvas drop zones', () => {
  const layout = {
    channel: 'study-designer' as const, kind: 'layout' as const, height: 900, scroll: { x: 0, y: 0 },
    page: { x: 0, y: 0, width: 1200, height: 800 },
    blocks: [
      { id: 'a', type: 'title-bar', parentId: null, slot: null, x: 0, y: 0, width: 1200, height: 100 },
      { id: 'row', type: 'columns', parentId: null, slot: null, x: 0, y: 120, width: 1200, height: 300 },
      { id: 'in', type: 'title-bar', parentId: 'row', slot: 'col1', x: 0, y: 120, width: 590, height: 80 },
    ],
    slots: [
      { parentId: 'row', slot: 'col1', x: 0, y: 120, width: 590, height: 300 },
      { parentId: 'row', slot: 'col2', x: 610, y: 120, width: 590, height: 300 },
    ],
  };

  it('offers a zone before and after each top-level block, around the blocks of each slot, and the whole of an empty slot', () => {
    const zones = dropZones(layout);
    const targets = zones.map((z) => z.target);
    expect(targets.filter((t) => t.parentId === null).map((t) => t.index)).toEqual([0, 1, 2]);
    expect(zones.find((z) => z.target.parentId === null && z.target.index === 1)!.rect.y).toBe(110 - 8);
    expect(targets.filter((t) => t.slot === 'col1').map((t) => t.index)).toEqual([0, 1]);
    expect(zones.find((z) => z.target.slot === 'col2')).toMatchObject({ target: { parentId: 'row', slot: 'col2', index: 0 }, rect: { x: 610, y: 120, width: 590, height: 300 } });
  });

  it('offers no zone inside the block being dragged', () => {
    expect(dropZones(layout, 'row').some((z) => z.target.parentId === 'row')).toBe(false);
  });
});
