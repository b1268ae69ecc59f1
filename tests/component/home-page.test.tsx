// The runtime home (/home/{id?}) and tab pages (/tabBarIndex/{pageCode}): the template comes from
// getPageV2, is normalised with the registry and rendered block by block; broken blocks never take
// the page down; a gpt tenant goes to /robot.
import { render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Type } from 'typebox';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../src/api/transport';
import { createQueryClient, Providers } from '../../src/app/providers';
import { RegistryProvider } from '../../src/runtime/registry-context';
import HomePage from '../../src/features/home/routes/home-page';
import TabPage from '../../src/features/home/routes/tab-page';
import GalleryPage from '../../src/features/gallery/routes/gallery-page';
import type { Registry } from '../../src/runtime/registry';
import { defineWidget } from '../../src/runtime/widget-definition';
import { createPortalRegistry } from '../../widgets';
import { fixtureAdapter, quietCatalogue } from '../fixtures/widget-data';
import { demoPages, demoSetting, jsonItem } from '../unit/fixtures';
import { loadSettings, resetApp } from './render-shell';

const template = (pageId: number, pageCode: string, blocks: unknown[]) => ({
  schemaVersion: 2, pageId, pageCode, title: pageCode, root: { props: { maxWidth: 1200 } }, blocks,
});
const block = (id: string, type: string, props: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({ id, type, version: 1, props, ...extra });

/** A widget whose component throws while rendering. */
const boom = defineWidget<Record<string, never>>({
  type: 'boom', version: 1, propsSchema: Type.Object({}), defaultProps: {}, migrations: [],
  load: async () => ({ default: () => { throw new Error('kaboom'); } }),
});

type Pages = Record<string, { pageId: number; pageCode: string; name: string; template: unknown } | 'TEMPLATE_NOT_FOUND'>;
let requests: { url: string; params: Record<string, unknown> }[] = [];

/** The API: getPageV2 answers from `pages` (by id or code), everything else from the widget fixtures. */
function useApi(pages: Pages): void {
  const widgets = fixtureAdapter('data');
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const params = (config.params ?? {}) as Record<string, unknown>;
    requests.push({ url: config.url ?? '', params });
    if (config.url !== '/cfg/template/getPageV2') return widgets(config);
    const key = params.pageCode !== undefined ? String(params.pageCode) : `#${String(params.pageId)}`;
    const found = pages[key];
    const body = found === undefined
      ? { success: false, code: 404, flag: -1, message: `No page has the ${key} in this tenant.`, data: null, errorCode: 'PAGE_NOT_FOUND' }
      : found === 'TEMPLATE_NOT_FOUND'
        ? { success: false, code: 404, flag: -1, message: 'The page has no template yet.', data: null, errorCode: 'TEMPLATE_NOT_FOUND' }
        : { success: true, code: 200, flag: 0, message: 'ok', data: found };
    return { data: body, status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  apiClient.defaults.adapter = adapter;
}

function mount(path: string, registry: Registry = createPortalRegistry()) {
  const queryClient = createQueryClient();
  const view = render(
    <Providers queryClient={queryClient}>
      <RegistryProvider registry={registry}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/home/:id?" element={<HomePage />} />
            <Route path="/tabBarIndex/:pageCode" element={<TabPage />} />
            <Route path="/robot" element={<div data-testid="robot-page">robot</div>} />
            <Route path="/widgets/gallery" element={<GalleryPage />} />
          </Routes>
        </MemoryRouter>
      </RegistryProvider>
    </Providers>,
  );
  return { ...view, queryClient };
}

const templateCalls = () => requests.filter((r) => r.url === '/cfg/template/getPageV2');
const blockTypes = (container: HTMLElement) => [...container.querySelectorAll('[data-block-type]')].map((el) => el.getAttribute('data-block-type'));

let warn: ReturnType<typeof vi.spyOn>;
let consoleError: ReturnType<typeof vi.spyOn>;
const previousAdapter = apiClient.defaults.adapter;
beforeEach(() => {
  requests = [];
  resetApp();
  loadSettings(demoSetting(), demoPages);
  quietCatalogue();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  apiClient.defaults.adapter = previousAdapter;
  warn.mockRestore();
  consoleError.mockRestore();
});

describe('home page', () => {
  it('renders the first home page\'s template: blocks in order, with their data, under tenant-scoped keys', async () => {
    useApi({
      '#1': { pageId: 1, pageCode: 'demo_home', name: '学院首页', template: template(1, 'demo_home', [
        block('welcome', 'title-bar', { title: '欢迎来到演示学堂' }),
        block('courses', 'course-list', { title: '热门课程', count: 4 }),
        block('same-courses', 'course-list', { title: '热门课程（二）', count: 4 }),
      ]) },
    });
    const { container, queryClient } = mount('/home');
    expect(screen.getByTestId('home-page-title')).toHaveTextContent('学院首页');
    expect(await screen.findByText('欢迎来到演示学堂')).toBeInTheDocument();
    expect((await screen.findAllByText('React 入门与实战')).length).toBeGreaterThan(0);
    expect(blockTypes(container)).toEqual(['title-bar', 'course-list', 'course-list']);
    expect(templateCalls()).toEqual([{ url: '/cfg/template/getPageV2', params: { pageId: 1, tenantId: 1001 } }]);
    // Two blocks with the same query share one request (prefetched together, deduplicated).
    expect(requests.filter((r) => r.url === '/cm/api/course/search')).toHaveLength(1);
    const keys = queryClient.getQueryCache().getAll().map((q) => q.queryKey);
    expect(keys.length).toBeGreaterThan(1);
    for (const key of keys) expect(key.slice(0, 2)).toEqual(['tenant', 1001]);
  });

  it('renders only the widget types in the tenant\'s allow-list (PcStartup.options.widgets)', async () => {
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'options', { auth: { open: true }, function: 'study', widgets: ['title-bar'] })] }), demoPages);
    useApi({
      '#1': { pageId: 1, pageCode: 'demo_home', name: '学院首页', template: template(1, 'demo_home', [
        block('welcome', 'title-bar', { title: '欢迎来到演示学堂' }),
        block('courses', 'course-list', { title: '热门课程', count: 4 }),
      ]) },
    });
    const { container } = mount('/home');
    expect(await screen.findByText('欢迎来到演示学堂')).toBeInTheDocument();
    expect(blockTypes(container)).toEqual(['title-bar']);
    expect(screen.queryByText('热门课程')).toBeNull();
  });

  it('shows the page /home/{pageId} names', async () => {
    useApi({ '#2': { pageId: 2, pageCode: 'demo_skills', name: '职业技能馆', template: template(2, 'demo_skills', [block('t', 'title-bar', { title: '职业技能馆欢迎你' })]) } });
    mount('/home/2');
    expect(await screen.findByText('职业技能馆欢迎你')).toBeInTheDocument();
    expect(templateCalls()[0]?.params).toMatchObject({ pageId: 2 });
  });

  it('keeps the rest of the page when a block has an unknown type, props nested 3,000 deep or throws', async () => {
    const registry = createPortalRegistry().register(boom);
    let deep: unknown = 'x';
    for (let i = 0; i < 3000; i += 1) deep = { a: deep };
    useApi({
      '#1': { pageId: 1, pageCode: 'demo_home', name: '学院首页', template: template(1, 'demo_home', [
        block('first', 'title-bar', { title: '第一块' }),
        block('weather', 'weather', { city: '上海' }),
        block('bad-courses', 'course-list', { count: 4, filter: deep }),
        block('boom', 'boom'),
        block('last', 'rich-text', { html: '<p>最后一块</p>' }),
      ]) },
    });
    const { container } = mount('/home', registry);
    expect(await screen.findByText('第一块')).toBeInTheDocument();
    expect(await screen.findByText('最后一块')).toBeInTheDocument();
    await waitFor(() => expect(blockTypes(container)).toEqual(['title-bar', 'rich-text']));
    expect(container.querySelector('[data-testid="block-placeholder"]')).toBeNull();
    expect(requests.some((r) => r.url === '/cm/api/course/search')).toBe(false);
    // Each broken block is reported once (production mode, no callback: a console warning).
    await waitFor(() => {
      const messages = warn.mock.calls.map((c: unknown[]) => String(c[0]));
      expect(messages.some((m: string) => m.includes('blocks[1]') && m.includes('weather'))).toBe(true);
      expect(messages.some((m: string) => m.includes('blocks[2]') && m.includes('nested more than 32 levels deep'))).toBe(true);
      expect(messages.some((m: string) => m.includes('blocks[3]') && m.includes('kaboom'))).toBe(true);
    });
  });

  it('sends a gpt tenant to /robot without loading a template', async () => {
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'options', { auth: { open: true }, function: 'gpt' })] }), demoPages);
    useApi({});
    mount('/home');
    expect(await screen.findByTestId('robot-page')).toBeInTheDocument();
    expect(templateCalls()).toEqual([]);
  });

  it('says so when the tenant has no home page', async () => {
    loadSettings(demoSetting(), []);
    useApi({});
    mount('/home');
    expect(await screen.findByTestId('home-empty')).toHaveTextContent('该企业还没有发布首页。');
    expect(templateCalls()).toEqual([]);
  });

  it('says so when the page has no template yet, and shows a skeleton while it loads', async () => {
    useApi({ '#1': 'TEMPLATE_NOT_FOUND' });
    mount('/home');
    expect(screen.getByTestId('runtime-page-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('runtime-page-no-template')).toHaveTextContent('该页面还没有设计内容。');
  });

  it('renders a legacy (format 1) template after migrating it', async () => {
    useApi({ '#1': { pageId: 1, pageCode: 'old', name: '旧版', template: {
      pageCode: 'old', pageName: '旧版', components: [{ compId: 1, compType: 'titleBar', config: { title: '旧版标题' } }, { compId: 2, compType: 'richText', config: { html: '<p>旧版内容</p>' } }],
    } } });
    const { container } = mount('/home');
    expect(await screen.findByText('旧版标题')).toBeInTheDocument();
    expect(await screen.findByText('旧版内容')).toBeInTheDocument();
    expect(blockTypes(container)).toEqual(['title-bar', 'rich-text']);
  });
});

describe('tab page', () => {
  it('loads /tabBarIndex/{pageCode} by code and titles it from pageCodeTitle', async () => {
    useApi({ Pzy_resources: { pageId: 3, pageCode: 'Pzy_resources', name: '学习资源', template: template(3, 'Pzy_resources', [block('h', 'title-bar', { title: '资源中心' })]) } });
    mount(`/tabBarIndex/Pzy_resources?pageCodeTitle=${encodeURIComponent('学习资源')}`);
    expect(await screen.findByText('资源中心')).toBeInTheDocument();
    expect(screen.getByTestId('tab-page-title')).toHaveTextContent('学习资源');
    expect(templateCalls()[0]?.params).toEqual({ pageCode: 'Pzy_resources', tenantId: 1001 });
    await waitFor(() => expect(document.title).toBe('演示学堂 - 学习资源'));
  });

  it('says so when no page has the code', async () => {
    useApi({});
    mount('/tabBarIndex/Pzy_nothing');
    expect(await screen.findByTestId('runtime-page-not-found')).toHaveTextContent('页面不存在。');
  });
});

describe('widget gallery', () => {
  it('shows every registered widget with its defaults, in preview mode', async () => {
    useApi({});
    const registry = createPortalRegistry();
    const { container } = mount('/widgets/gallery', registry);
    const sections = await screen.findAllByTestId('gallery-widget');
    expect(sections.map((s) => s.getAttribute('data-widget-type'))).toEqual(registry.list().map((w) => w.type));
    await waitFor(() => expect(new Set(blockTypes(container))).toEqual(new Set(registry.list().map((w) => w.type))), { timeout: 10_000 });
    expect(container.querySelector('[data-testid="block-placeholder"]')).toBeNull();
  });
});
