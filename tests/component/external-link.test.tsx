// spec shell §2 "Link behaviour": a url menu with {placeholders} is resolved by the server first.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoSetting } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

const resolveExternalLink = vi.hoisted(() => vi.fn());
vi.mock('../../src/api/external-link', () => ({ resolveExternalLink }));

const menu = (linkUrl: string) => demoSetting({ navigateList: [{ id: 1, storeId: 1, title: '单点登录', link: { linkType: 'url', linkUrl } }] });

beforeEach(resetApp);
afterEach(() => vi.restoreAllMocks());

describe('url menus with placeholders', () => {
  it('asks the server to fill them, then sends the window opened on click to the result', async () => {
    const popup = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    resolveExternalLink.mockResolvedValue('https://partner.test/sso?uid=7&sign=abc');
    loadSettings(menu('https://partner.test/sso?uid={userId}&sign={sign}'));
    renderRoutes('/home');
    await userEvent.setup().click(await screen.findByTestId('navbar-menu'));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(resolveExternalLink).toHaveBeenCalledWith('https://partner.test/sso?uid={userId}&sign={sign}');
    await waitFor(() => expect(popup.location.href).toBe('https://partner.test/sso?uid=7&sign=abc'));
    expect(popup.opener).toBeNull();
  });

  it('closes the window when the server cannot fill them', async () => {
    const popup = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    resolveExternalLink.mockRejectedValue(new Error('请先登录'));
    loadSettings(menu('https://partner.test/sso?uid={userId}'));
    renderRoutes('/home');
    await userEvent.setup().click(await screen.findByTestId('navbar-menu'));
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
    expect(popup.location.href).toBe('about:blank');
  });

  it('never follows a resolved address that is not http(s)', async () => {
    const popup = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    resolveExternalLink.mockResolvedValue('javascript:alert(1)');
    loadSettings(menu('https://partner.test/{account}'));
    renderRoutes('/home');
    await userEvent.setup().click(await screen.findByTestId('navbar-menu'));
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
    expect(popup.location.href).toBe('about:blank');
  });
});
