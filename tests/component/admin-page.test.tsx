// The tenant back-office (/sub_admin/myAdmin, where /admin/ leads; docs/api.md "Back-office"):
// editing menus, the site name and the footer, the checks made before anything is sent, the
// server's refusal kept on screen, and a link that belongs to another account.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminSettings } from '../../src/features/admin/api/admin';
import { renderRoutes } from './render-shell';
import { fakeAdapter, ok, signedInDemoShell, type FakeCall, type Row } from './fake-api';

const failure = (message: string, errorCode = 'BAD_REQUEST') => ({ success: false, code: 400, flag: -1, message, data: null, errorCode });

const settings = (): AdminSettings => ({
  tenant: { id: 1001, code: 'demo', name: '演示学堂', tenantType: 1 },
  storeId: 1,
  appName: '演示学堂',
  logoImg: '',
  globalStyle: { themeColor1: '#00aaff' },
  navbar: {},
  footer: { footStyle: 0, statement: '© 演示' },
  siteOptions: {},
  menus: [
    { id: 101, title: '首页', pageCode: 'home', pagePath: '/home', sort: 10, state: 1 },
    { id: 102, title: '课程', pageCode: 'course', pagePath: '/course', sort: 20, state: 1 },
    { id: 103, title: '考试', pageCode: 'exam', pagePath: '/exam', sort: 30, state: 1 },
  ],
});

function fakeServer() {
  const state = { settings: settings(), refuse: null as string | null, requests: [] as FakeCall[] };
  const answer = (url: string, body: Row) => {
    if (url.startsWith('/cfg/api/admin/') && url !== '/cfg/api/admin/settings' && state.refuse) return failure(state.refuse);
    switch (url) {
      case '/cfg/api/admin/settings': return ok(state.settings);
      case '/cfg/api/admin/menus/save': {
        const menus = (body.menus as Array<{ id: number; title: string; state: number }>).map((m, i) => ({
          ...state.settings.menus.find((old) => old.id === m.id)!, title: m.title, state: m.state, sort: (i + 1) * 10,
        }));
        state.settings = { ...state.settings, menus };
        return ok(menus);
      }
      case '/cfg/api/admin/basics/save':
        state.settings = { ...state.settings, appName: String(body.appName).trim(), logoImg: String(body.logoImg) };
        return ok(state.settings.appName);
      case '/cfg/api/admin/setting/save': return ok(body.value);
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
    }
  };
  const adapter = fakeAdapter((call) => answer(call.url, call.body), state.requests);
  return { state, adapter };
}

let server: ReturnType<typeof fakeServer>;
const saves = (url: string) => server.state.requests.filter((r) => r.url === url);

signedInDemoShell(() => {
  server = fakeServer();
  return server.adapter;
});

describe('back-office', { timeout: 20_000 }, () => {
  it('renames, moves and hides menus, and sends the whole list in the new order', async () => {
    const user = userEvent.setup();
    renderRoutes('/sub_admin/myAdmin');
    await user.click(await screen.findByRole('tab', { name: '导航菜单' }));
    const title = await screen.findByTestId('admin-menu-title-103');
    await user.clear(title);
    await user.type(title, '在线考试');
    await user.click(screen.getByLabelText('上移 在线考试'));
    await user.click(screen.getByLabelText('显示 课程'));
    expect(screen.getAllByText('有未保存的修改').length).toBeGreaterThan(0);
    await user.click(screen.getByTestId('admin-save-menus'));
    await waitFor(() => expect(saves('/cfg/api/admin/menus/save')).toHaveLength(1));
    expect(saves('/cfg/api/admin/menus/save')[0]!.body.menus).toEqual([
      { id: 101, title: '首页', state: 1 }, { id: 103, title: '在线考试', state: 1 }, { id: 102, title: '课程', state: 0 },
    ]);
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).toBeNull());
  });

  it('does not send a blank menu name or a list with every menu hidden', async () => {
    const user = userEvent.setup();
    renderRoutes('/sub_admin/myAdmin');
    await user.click(await screen.findByRole('tab', { name: '导航菜单' }));
    await user.clear(await screen.findByTestId('admin-menu-title-101'));
    expect(screen.getByText('请填写菜单名称')).toBeInTheDocument();
    expect(screen.getByTestId('admin-save-menus')).toBeDisabled();
    await user.click(within(screen.getByTestId('admin-page')).getAllByText('撤销修改').at(-1)!.closest('button')!);
    for (const name of ['首页', '课程', '考试']) await user.click(screen.getByLabelText(`显示 ${name}`));
    expect(screen.getByText('至少保留一个显示的菜单')).toBeInTheDocument();
    expect(screen.getByTestId('admin-save-menus')).toBeDisabled();
    expect(saves('/cfg/api/admin/menus/save')).toHaveLength(0);
  });

  it('checks the site name and logo before saving, and keeps the typed values when the server refuses', async () => {
    const user = userEvent.setup();
    renderRoutes('/sub_admin/myAdmin');
    const name = await screen.findByTestId('admin-app-name');
    await user.clear(name);
    await user.click(screen.getByTestId('admin-save-basics'));
    expect(await screen.findByText('请填写站点名称')).toBeInTheDocument();
    await user.type(name, '新学堂');
    await user.type(screen.getByTestId('admin-logo'), 'javascript:alert(1)');
    await user.click(screen.getByTestId('admin-save-basics'));
    expect(await screen.findByText('Logo 地址需以 / 开头，或以 http:// 、https:// 开头')).toBeInTheDocument();
    expect(saves('/cfg/api/admin/basics/save')).toHaveLength(0);
    await user.clear(screen.getByTestId('admin-logo'));
    // The refusal itself is the error catalogue's alert (tests/unit/error-catalogue.test.ts); here
    // what matters is that the admin's typing survives it.
    server.state.refuse = '保存失败，请稍后再试。';
    await user.click(screen.getByTestId('admin-save-basics'));
    await waitFor(() => expect(saves('/cfg/api/admin/basics/save')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('admin-save-basics')).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByTestId('admin-app-name')).toHaveValue('新学堂');
    expect(screen.getAllByText('有未保存的修改').length).toBeGreaterThan(0);
  });

  it('saves the footer from its schema form, and refuses a form that breaks the schema', async () => {
    const user = userEvent.setup();
    renderRoutes('/sub_admin/myAdmin');
    await user.click(await screen.findByRole('tab', { name: '页脚' }));
    const form = await screen.findByTestId('admin-form-footer');
    const statement = within(form).getByLabelText('声明');
    await user.clear(statement);
    await user.type(statement, '© 2026 新学堂');
    await user.type(within(form).getByLabelText('背景色'), 'red');
    await user.click(screen.getByTestId('admin-save-footer'));
    expect(saves('/cfg/api/admin/setting/save')).toHaveLength(0);
    await user.clear(within(form).getByLabelText('背景色'));
    await user.type(within(form).getByLabelText('背景色'), '#123456');
    await user.click(screen.getByTestId('admin-save-footer'));
    await waitFor(() => expect(saves('/cfg/api/admin/setting/save')).toHaveLength(1));
    expect(saves('/cfg/api/admin/setting/save')[0]!.body).toMatchObject({ name: 'footer', value: { footStyle: 0, statement: '© 2026 新学堂', backgroundColor: '#123456' } });
  });

  it('refuses a link made for another account, without reading the settings', async () => {
    renderRoutes(`/sub_admin/myAdmin?params=${encodeURIComponent(JSON.stringify({ userId: 999999, tenantId: 1001 }))}`);
    expect(await screen.findByTestId('admin-wrong-link')).toHaveTextContent('属于另一个账号或租户');
  });
});
