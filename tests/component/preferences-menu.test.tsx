// spec shell §1 (Chinese by default, English available) and §3 "Theme" (light and dark colour sets,
// font size small 14, medium 18, large 22): the navbar's preferences control switches the portal's
// texts, antd's locale and theme, the shell's CSS variables and <html lang>, and remembers each choice.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Empty, theme } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withAntdTheme } from '../../src/components/antd-theme';
import { PreferencesMenu } from '../../src/app/layout/preferences-menu';
import { createQueryClient, Providers } from '../../src/app/providers';
import { i18n } from '../../src/i18n/i18n';
import { useAppStore } from '../../src/stores/app-store';
import { PREFERENCES_KEY, usePreferencesStore } from '../../src/stores/preferences-store';
import { demoSetting, jsonItem } from '../unit/fixtures';
import { loadSettings, renderRoutes } from './render-shell';

/** What antd's ConfigProvider hands its components: the tokens the theme algorithm produced. */
function TokenProbe() {
  const { token } = theme.useToken();
  return <div data-testid="antd-token" data-bg={token.colorBgContainer} data-font-size={token.fontSize} />;
}

const AntdPart = withAntdTheme(() => (
  <>
    <Empty />
    <TokenProbe />
  </>
));

function renderMenu() {
  return render(
    <Providers queryClient={createQueryClient()}>
      <PreferencesMenu color="#123456" />
      <AntdPart />
    </Providers>,
  );
}

const root = () => document.documentElement;
const rootVar = (name: string) => root().style.getPropertyValue(name);
const token = () => screen.getByTestId('antd-token');
// antd's Empty puts its text in the description and in the picture's <title>; read the description.
const emptyText = (text: string) => screen.findByText(text, { selector: '.ant-empty-description' });
const storedPrefs = () => JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? 'null') as unknown;

async function openMenu(user: ReturnType<typeof userEvent.setup>, label = '语言与显示') {
  await user.click(screen.getByRole('button', { name: label }));
  expect(screen.getByTestId('preferences-panel')).toBeVisible();
}

beforeEach(() => {
  useAppStore.getState().reset();
  usePreferencesStore.getState().reset();
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh'));
  localStorage.clear();
});

describe('preferences menu', () => {
  it('is a labelled button that opens a panel and closes on Escape, giving focus back', async () => {
    const user = userEvent.setup();
    renderMenu();
    const button = screen.getByRole('button', { name: '语言与显示' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveStyle({ color: '#123456' });
    expect(screen.getByTestId('preferences-panel')).not.toBeVisible();
    await openMenu(user);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: '语言' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '中文' })).toBeChecked();
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('preferences-panel')).not.toBeVisible();
    expect(button).toHaveFocus();
    // A press outside closes it too.
    await openMenu(user);
    await user.click(document.body);
    expect(screen.getByTestId('preferences-panel')).not.toBeVisible();
  });

  it("switches the texts, antd's locale and <html lang> to English and back, remembering the choice", async () => {
    const user = userEvent.setup();
    renderMenu();
    expect(await emptyText('暂无数据')).toBeInTheDocument();
    expect(root().lang).toBe('zh-CN');

    await openMenu(user);
    await user.click(screen.getByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'Language and display' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    // antd's own texts follow: en_US is loaded on demand and handed to ConfigProvider.
    expect(await emptyText('No data')).toBeInTheDocument();
    expect(screen.queryByText('暂无数据')).not.toBeInTheDocument();
    expect(root().lang).toBe('en');
    expect(localStorage.getItem('portal.lang')).toBe('en');

    await user.click(screen.getByRole('radio', { name: '中文' }));
    expect(await emptyText('暂无数据')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '语言与显示' })).toBeInTheDocument();
    expect(root().lang).toBe('zh-CN');
    expect(localStorage.getItem('portal.lang')).toBe('zh');
  });

  it('paints the dark colour set on the root and in antd, and remembers it', async () => {
    const user = userEvent.setup();
    renderMenu();
    expect(root().dataset.theme).toBe('light');
    expect(rootVar('--portal-bg')).toBe('#ffffff');
    await waitFor(() => expect(token()).toHaveAttribute('data-bg', '#ffffff'));

    await openMenu(user);
    await user.click(screen.getByRole('radio', { name: '深色' }));
    expect(root()).toHaveAttribute('data-theme', 'dark');
    expect(rootVar('--portal-bg')).toBe('#141414');
    expect(rootVar('--portal-surface')).toBe('#1f1f1f');
    expect(rootVar('--portal-border')).toBe('#424242');
    expect(rootVar('--portal-text')).toBe('rgba(255, 255, 255, 0.85)');
    expect(rootVar('--portal-text-secondary')).toBe('rgba(255, 255, 255, 0.6)');
    // The tenant's colours stay the primary/secondary (spec §9 defaults are readable on dark).
    expect(rootVar('--portal-primary')).toBe('#00aaff');
    expect(token()).toHaveAttribute('data-bg', '#141414');
    expect(storedPrefs()).toEqual({ theme: 'dark', fontSize: 'small' });

    await user.click(screen.getByRole('radio', { name: '浅色' }));
    expect(root().dataset.theme).toBe('light');
    expect(rootVar('--portal-bg')).toBe('#ffffff');
    expect(token()).toHaveAttribute('data-bg', '#ffffff');
  });

  it("starts in the tenant's colorStyle until the visitor chooses, then the choice wins", async () => {
    const user = userEvent.setup();
    useAppStore.setState((s) => {
      s.site.colorStyle = 'dark';
    });
    renderMenu();
    expect(root().dataset.theme).toBe('dark');
    await openMenu(user);
    expect(screen.getByRole('radio', { name: '深色' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '浅色' }));
    expect(root().dataset.theme).toBe('light');
    expect(usePreferencesStore.getState().theme).toBe('light');
  });

  it('maps 小 / 中 / 大 to 14, 18 and 22 px for the shell and antd', async () => {
    const user = userEvent.setup();
    renderMenu();
    expect(rootVar('--portal-font-size')).toBe('14px');
    await waitFor(() => expect(token()).toHaveAttribute('data-font-size', '14'));
    await openMenu(user);
    for (const [label, px, key] of [['中', 18, 'medium'], ['大', 22, 'large'], ['小', 14, 'small']] as const) {
      await user.click(screen.getByRole('radio', { name: label }));
      expect(rootVar('--portal-font-size')).toBe(`${px}px`);
      expect(token()).toHaveAttribute('data-font-size', String(px));
      expect(storedPrefs()).toEqual({ theme: null, fontSize: key });
    }
  });

  it('takes its variables off the root when the app unmounts', () => {
    const view = renderMenu();
    expect(rootVar('--portal-primary')).toBe('#00aaff');
    view.unmount();
    expect(rootVar('--portal-primary')).toBe('');
    expect(root().dataset.theme).toBeUndefined();
  });
});

// Issue 13 point 7: switching to 深色 left the navbar (and the footer) in the tenant's white.
describe('the dark style in the shell', () => {
  it('reaches the navbar and the footer, not only the page', async () => {
    loadSettings(
      demoSetting({
        config: [
          jsonItem('PcStartup', 'navbar', { color: '#333333', background: '#ffffff' }),
          jsonItem('PcFoot', 'footer', { footStyle: 0, statement: '© 2026', backgroundColor: '#fafafa', fontColor: '#666666' }),
        ],
      }),
    );
    renderRoutes('/home');
    const navbar = await screen.findByTestId('navbar');
    expect(navbar).toHaveStyle({ background: '#ffffff' });
    const user = userEvent.setup();
    await openMenu(user);
    await user.click(screen.getByRole('radio', { name: '深色' }));
    expect(root()).toHaveAttribute('data-theme', 'dark');
    expect(navbar.style.background).toBe('var(--portal-surface, #ffffff)');
    expect(screen.getByTestId('footer').style.background).toBe('var(--portal-surface)');
    // The variables those point at are the dark ones.
    expect(rootVar('--portal-surface')).toBe('#1f1f1f');
    expect(rootVar('--portal-text')).toBe('rgba(255, 255, 255, 0.85)');
  });
});
