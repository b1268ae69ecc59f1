// The runtime page gives its widgets antd's design tokens without antd's ConfigProvider
// (src/components/antd-tokens.tsx, issue 15 point 3). What a widget reads through theme.useToken()
// must be what it read under <AntdTheme> (ConfigProvider): the tenant's colours, the light or dark
// algorithm and the visitor's font size.
import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { AntdTheme } from '../../src/components/antd-theme';
import { AntdTokens } from '../../src/components/antd-tokens';
import { deriveThemeColors } from '../../src/lib/settings';
import { useAppStore } from '../../src/stores/app-store';
import { usePreferencesStore } from '../../src/stores/preferences-store';

function Probe({ id }: { id: string }) {
  const { token } = theme.useToken();
  // Every global token (not the cache key; component tokens are ConfigProvider's business: widgets render no antd component).
  const global = Object.fromEntries(Object.entries(token).filter(([key, value]) => !/^[A-Z_]/.test(key) && typeof value !== 'object'));
  return <pre data-testid={id}>{JSON.stringify(global)}</pre>;
}

function tokensUnder(Wrapper: typeof AntdTheme, id: string): Record<string, unknown> {
  render(<Wrapper><Probe id={id} /></Wrapper>);
  return JSON.parse(screen.getByTestId(id).textContent ?? '{}') as Record<string, unknown>;
}

afterEach(() => {
  usePreferencesStore.getState().reset();
});

describe('AntdTokens', () => {
  it.each([
    ['light', 'small'],
    ['dark', 'large'],
  ] as const)('gives theme.useToken() the tokens AntdTheme gives (%s style, %s text)', (style, size) => {
    useAppStore.setState((s) => {
      s.themeColors = deriveThemeColors({ themeColor1: '#0a7d4f', themeColor2: '#7a3fd1' } as never, null);
    });
    usePreferencesStore.getState().setTheme(style);
    usePreferencesStore.getState().setFontSize(size);
    const viaConfigProvider = tokensUnder(AntdTheme, 'theme');
    const viaTokens = tokensUnder(AntdTokens, 'tokens');
    expect(viaTokens).toEqual(viaConfigProvider);
    // And they are the tenant's, not antd's defaults (a provider that gave nothing would read #1677ff).
    const defaults = tokensUnder(({ children }) => <>{children}</>, 'defaults');
    expect(viaTokens.colorPrimary).not.toBe(defaults.colorPrimary);
    expect(viaTokens.colorLink).not.toBe(defaults.colorLink);
    if (style === 'dark') expect(viaTokens.colorBgContainer).not.toBe(defaults.colorBgContainer);
    expect(viaTokens.fontSize).toBe(size === 'large' ? 22 : 14);
  });
});
