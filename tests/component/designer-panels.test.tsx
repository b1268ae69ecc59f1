// The page designer's panels (issue 16): the @rjsf property panel (block props, root props, errors
// kept out of the store), the link picker's URL rule, the publish dialog's migration report and 409,
// the history's preview and restore, and the page list's tab page creation and delete confirmations.
// The API module is mocked; the registry holds real widgets.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageTemplateV2 } from '../../schemas/page-template';
import { ApiError } from '../../src/api/client';
import { createRegistry } from '../../src/runtime/registry';
import { widget as banner } from '../../widgets/banner/index';
import { widget as courseList } from '../../widgets/course-list/index';
import { widget as titleBar } from '../../widgets/title-bar/index';
import { closeAntdStatics } from './antd-leftovers';

vi.mock('../../src/features/admin/api/pages', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/features/admin/api/pages')>();
  return {
    ...actual,
    getPageDraft: vi.fn(), saveDraft: vi.fn(), publishPage: vi.fn(), listVersions: vi.fn(), getVersion: vi.fn(),
    restoreVersion: vi.fn(), listPages: vi.fn(), createPage: vi.fn(), deletePage: vi.fn(),
  };
});

const api = await import('../../src/features/admin/api/pages');
const { useDesigner } = await import('../../src/features/admin/designer/designer-store');
const { PropertyPanel, EDIT_PAUSE_MS } = await import('../../src/features/admin/designer/property-panel');
const { LinkPicker } = await import('../../src/features/admin/designer/link-picker');
const { PublishDialog } = await import('../../src/features/admin/designer/publish-dialog');
const { HistoryPanel } = await import('../../src/features/admin/designer/history-panel');
const { default: PageListPage } = await import('../../src/features/admin/designer/page-list-page');

const summary = {
  pageId: 7, pageCode: 'Pzy_test', name: '专题', kind: 'tab' as const, storeId: null, isDefault: false, publishedVersion: 2,
  hasDraft: true, revision: 4, updatedBy: 'admin', updatedAt: '2026-01-02T03:04:05Z', menu: null,
};

const template = (blocks: PageTemplateV2['blocks'] = []): PageTemplateV2 => ({ schemaVersion: 2, pageId: 7, pageCode: 'Pzy_test', title: '专题', root: { props: {} }, blocks });

const courseBlock = { id: 'course-list-1', type: 'course-list', version: courseList.version, props: { count: 8 } };

function open(blocks: PageTemplateV2['blocks'], selectedId: string | null = null) {
  const registry = createRegistry().register(courseList).register(banner).register(titleBar);
  useDesigner.setState({ page: summary, viewing: null, selectedId: null });
  useDesigner.getState().setRegistry(registry);
  useDesigner.getState().replaceDraft(template(blocks), 4);
  useDesigner.getState().select(selectedId);
  return registry;
}

function renderUi(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}><MemoryRouter>{ui}</MemoryRouter></QueryClientProvider>);
}

const props = (id: string) => {
  const find = (list: PageTemplateV2['blocks']): PageTemplateV2['blocks'][number] | undefined => list.find((b) => b.id === id);
  return find(useDesigner.getState().template!.blocks)!.props;
};

/** Waits longer than the edit pause, so a pending edit would have reached the store. */
const pause = () => new Promise((resolve) => setTimeout(resolve, EDIT_PAUSE_MS + 150));

beforeEach(() => {
  vi.mocked(api.saveDraft).mockReset();
  vi.mocked(api.publishPage).mockReset();
  vi.mocked(api.listVersions).mockReset();
  vi.mocked(api.getVersion).mockReset();
  vi.mocked(api.restoreVersion).mockReset();
  vi.mocked(api.listPages).mockReset();
  vi.mocked(api.createPage).mockReset();
  vi.mocked(api.deletePage).mockReset();
});
// A published or restored toast (antd's static message) outlived its test, half-closed: a later
// test found two alerts.
afterEach(() => closeAntdStatics());

describe('property panel', { timeout: 20_000 }, () => {
  it('shows a hint when nothing is selected', () => {
    open([courseBlock]);
    renderUi(<PropertyPanel />);
    expect(screen.getByTestId('property-panel-hint')).toHaveTextContent('在画布或结构中选择一个模块');
  });

  it('edits a block\'s title and count from its props schema, each pause one undo step', async () => {
    const user = userEvent.setup();
    open([courseBlock], 'course-list-1');
    renderUi(<PropertyPanel />);
    const form = await screen.findByTestId('block-props-form-course-list');
    // Pasted, so a slow machine cannot pause between keystrokes longer than the edit pause.
    await user.click(within(form).getByLabelText('标题'));
    await user.paste('热门课程');
    await waitFor(() => expect(props('course-list-1').title).toBe('热门课程'));
    const count = within(form).getByLabelText('数量');
    await user.clear(count);
    await user.paste('12');
    await waitFor(() => expect(props('course-list-1').count).toBe(12));
    expect(props('course-list-1').title).toBe('热门课程');
    // Each pause is one undo step: the count's edit, then the whole title.
    useDesigner.getState().undo();
    expect(props('course-list-1').count).toBe(8);
    useDesigner.getState().undo();
    expect(props('course-list-1').title).toBeUndefined();
  });

  it('shows the error of a value the schema refuses and keeps it out of the store', async () => {
    const user = userEvent.setup();
    open([courseBlock], 'course-list-1');
    renderUi(<PropertyPanel />);
    const form = await screen.findByTestId('block-props-form-course-list');
    // ListTitle: at most 40 characters.
    await user.click(within(form).getByLabelText('标题'));
    await user.paste('这是一个远远超过四十个字的标题'.repeat(3));
    expect(await within(form).findByText('最多 40 个字符')).toBeInTheDocument();
    expect(screen.getByTestId('props-invalid')).toBeInTheDocument();
    await pause();
    expect(props('course-list-1').title).toBeUndefined();
    expect(useDesigner.getState().canUndo).toBe(false);
  });

  it('edits the page\'s root props when "root" is selected, refusing a colour that is not #rgb or #rrggbb', async () => {
    const user = userEvent.setup();
    open([courseBlock], 'root');
    renderUi(<PropertyPanel />);
    const form = await screen.findByTestId('root-props-form');
    const background = within(form).getByLabelText('背景色');
    await user.type(background, 'red');
    expect(await within(form).findByText('格式不正确')).toBeInTheDocument();
    await pause();
    expect(useDesigner.getState().template!.root.props).toEqual({});
    await user.clear(background);
    await user.type(background, '#f5f5f5');
    await user.type(within(form).getByLabelText('模块间距（px）'), '24');
    await waitFor(() => expect(useDesigner.getState().template!.root.props).toEqual({ background: '#f5f5f5', gap: 24 }));
  });
});

describe('link picker', { timeout: 20_000 }, () => {
  it('refuses an address outside the URL rule with the rule\'s message and passes on one inside it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderUi(<LinkPicker id="more" value={{ linkType: 'url', linkUrl: 'https://example.com' }} onChange={onChange} />);
    const input = screen.getByLabelText('网址');
    await user.clear(input);
    await user.type(input, 'javascript:alert(1)');
    expect(screen.getByRole('alert')).toHaveTextContent('网址必须是 http(s) 地址，或以单个 / 开头的站内路径');
    await user.clear(input);
    await user.type(input, '//evil.example');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(onChange.mock.calls.some(([link]) => /javascript|evil/.test(String(link?.linkUrl)))).toBe(false);
    await user.clear(input);
    await user.type(input, '/study/course');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith({ linkType: 'url', linkUrl: '/study/course' });
  });
});

describe('publish dialog', { timeout: 20_000 }, () => {
  const banners = [
    { id: 'b1', type: 'banner', version: 1, props: {} },
    { id: 'b2', type: 'banner', version: 1, props: {} },
    { id: 'b3', type: 'banner', version: 1, props: {} },
    { id: 'b4', type: 'banner', version: 9, props: {} },
  ];

  it('shows the draft\'s migration report per widget type and publishes the current revision', async () => {
    const user = userEvent.setup();
    open(banners);
    vi.mocked(api.publishPage).mockResolvedValue({ version: 3, publishedAt: '2026-01-02T03:04:05Z' });
    const onClose = vi.fn();
    renderUi(<PublishDialog open onClose={onClose} />);
    expect(await screen.findByTestId('publish-report')).toHaveTextContent('3 个轮播图已升级，1 个已删除');
    await user.click(screen.getByTestId('publish-confirm'));
    await waitFor(() => expect(api.publishPage).toHaveBeenCalledWith({ pageId: 7, revision: 4 }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // publish raises the revision by one: the next autosave builds on it.
    expect(useDesigner.getState().revision).toBe(5);
    expect(useDesigner.getState().page?.publishedVersion).toBe(3);
  });

  it('shows the conflict text when another admin saved first (409)', async () => {
    const user = userEvent.setup();
    open([courseBlock]);
    vi.mocked(api.publishPage).mockRejectedValue(new ApiError('另一位管理员已保存了此页面的新版本，请重新加载后再修改', { code: 409, flag: -1, status: 409 }));
    renderUi(<PublishDialog open onClose={() => undefined} />);
    expect(await screen.findByTestId('publish-report')).toHaveTextContent('所有模块都是最新版本');
    await user.click(screen.getByTestId('publish-confirm'));
    expect(await screen.findByTestId('publish-error')).toHaveTextContent('另一位管理员已保存了此页面的新版本，请重新加载后再修改');
    expect(useDesigner.getState().saveState).toBe('conflict');
  });
});

describe('history panel', { timeout: 20_000 }, () => {
  const old = template([{ id: 'title-bar-1', type: 'title-bar', version: titleBar.version, props: { title: '旧标题' } }]);

  it('previews a version read-only in the canvas and restores it as the draft after a confirmation', async () => {
    const user = userEvent.setup();
    open([courseBlock]);
    vi.mocked(api.listVersions).mockResolvedValue({ versions: [
      { version: 2, publishedBy: 'admin', publishedAt: '2026-01-02T03:04:05Z', blockCount: 1 },
      { version: 1, publishedBy: 'admin', publishedAt: '2026-01-01T03:04:05Z', blockCount: 1 },
    ] });
    vi.mocked(api.getVersion).mockResolvedValue({ version: 1, template: old });
    vi.mocked(api.restoreVersion).mockResolvedValue({ revision: 5 });
    renderUi(<HistoryPanel />);
    const row = await screen.findByTestId('history-version-1');
    expect(row).toHaveTextContent('admin');
    // Each button's visible text is part of its name (antd showed "恢 复" for a name "恢复 第 1 版": axe label-content-name-mismatch).
    for (const button of within(row).getAllByRole('button')) expect(button.getAttribute('aria-label')).toContain(button.textContent);
    await user.click(within(row).getByRole('button', { name: '预览 第 1 版' }));
    await waitFor(() => expect(useDesigner.getState().viewing?.version).toBe(1));
    expect(useDesigner.getState().viewing?.template).toEqual(old);
    expect(useDesigner.getState().template!.blocks[0]!.id).toBe('course-list-1');

    await user.click(within(row).getByRole('button', { name: '恢复 第 1 版' }));
    await user.click(await screen.findByRole('button', { name: '恢复为草稿' }));
    await waitFor(() => expect(api.restoreVersion).toHaveBeenCalledWith({ pageId: 7, version: 1, revision: 4 }));
    await waitFor(() => expect(useDesigner.getState().revision).toBe(5));
    expect(useDesigner.getState().template).toEqual(old);
    expect(useDesigner.getState().viewing).toBeNull();
  });
});

describe('page list', { timeout: 20_000 }, () => {
  const tabWithMenu = { ...summary, pageId: 8, name: '活动专题', pageCode: 'Pzy_event', menu: { navigateId: 55, name: '活动' } };
  const plainTab = { ...summary, pageId: 9, name: '无菜单', pageCode: 'Pzy_plain', menu: null };

  it('creates a tab page, checking the Pzy_ prefix as the code is typed', async () => {
    const user = userEvent.setup();
    vi.mocked(api.listPages).mockResolvedValue({ pages: [summary] });
    vi.mocked(api.createPage).mockResolvedValue({ page: { ...summary, pageId: 12, pageCode: 'Pzy_new' } });
    renderUi(<PageListPage />);
    await user.click(await screen.findByTestId('new-tab-page'));
    await user.type(screen.getByTestId('create-page-name'), '新专题');
    const code = screen.getByTestId('create-page-code');
    await user.clear(code);
    await user.type(code, 'abc');
    expect(await screen.findByText('页面编码必须以 Pzy_ 开头')).toBeInTheDocument();
    await user.click(screen.getByTestId('create-page-ok'));
    expect(api.createPage).not.toHaveBeenCalled();
    await user.clear(code);
    await user.type(code, 'Pzy_new');
    await user.type(screen.getByTestId('create-page-menu'), '新专题');
    await user.click(screen.getByTestId('create-page-ok'));
    await waitFor(() => expect(api.createPage).toHaveBeenCalledWith({ kind: 'tab', name: '新专题', pageCode: 'Pzy_new', menuName: '新专题' }));
  });

  it('deletes a tab page with its menu only after a second confirmation naming the menu', async () => {
    const user = userEvent.setup();
    vi.mocked(api.listPages).mockResolvedValue({ pages: [tabWithMenu] });
    vi.mocked(api.deletePage).mockResolvedValue({});
    renderUi(<PageListPage />);
    await user.click(await screen.findByTestId('delete-page-8'));
    await user.click(await screen.findByTestId('delete-page-ok'));
    expect((await screen.findAllByText('同时删除导航菜单“活动”？', undefined, { timeout: 3000 })).length).toBeGreaterThan(0);
    expect(api.deletePage).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('delete-menu-ok'));
    await waitFor(() => expect(api.deletePage).toHaveBeenCalledWith({ pageId: 8, withMenu: true }));
    expect(api.deletePage).toHaveBeenCalledTimes(1);
  });

  it('asks about the menu when the server refuses the delete with 409, then sends withMenu', async () => {
    const user = userEvent.setup();
    vi.mocked(api.listPages).mockResolvedValue({ pages: [plainTab] });
    vi.mocked(api.deletePage)
      .mockRejectedValueOnce(new ApiError('页面“无菜单”有导航菜单“新菜单”', { code: 409, flag: -1, status: 409 }))
      .mockResolvedValueOnce({});
    renderUi(<PageListPage />);
    await user.click(await screen.findByTestId('delete-page-9'));
    await user.click(await screen.findByTestId('delete-page-ok'));
    await waitFor(() => expect(api.deletePage).toHaveBeenCalledWith({ pageId: 9 }));
    expect(await screen.findByText(/页面“无菜单”有导航菜单“新菜单”/)).toBeInTheDocument();
    await user.click(screen.getByTestId('delete-menu-ok'));
    await waitFor(() => expect(api.deletePage).toHaveBeenLastCalledWith({ pageId: 9, withMenu: true }));
  });

  it('does not offer to delete the default home page', async () => {
    vi.mocked(api.listPages).mockResolvedValue({ pages: [{ ...summary, pageId: 1, kind: 'home', storeId: 3, isDefault: true }] });
    renderUi(<PageListPage />);
    expect(await screen.findByTestId('delete-page-1')).toBeDisabled();
  });
});
