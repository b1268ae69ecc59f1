// The inline check that shows a guest the server's markup of the home (schemas/home-markup.ts). It
// runs in jsdom as the browser runs it (as a script), against storage written by the app's own
// writers, so a renamed storage key fails here rather than showing a signed-in visitor a guest's page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHECKED_ATTRIBUTE, CLIENT_STARTED_ATTRIBUTE, HELD_SRC_ATTRIBUTE, HOME_MARKUP_CHECK, HOME_MARKUP_ELEMENT_ID, SERVER_MARKUP_ATTRIBUTE,
} from '../../schemas/home-markup';
import { setLanguage } from '../../src/i18n/i18n';
import { setPageId, setStoreId, setTenantId, setUserData } from '../../src/lib/storage';
import { usePreferencesStore } from '../../src/stores/preferences-store';

const TENANT = 1001;

function page(): HTMLElement {
  document.body.innerHTML = `<div id="root"></div><template id="${HOME_MARKUP_ELEMENT_ID}" data-tenant="${TENANT}" data-root-style="--portal-primary:#00aaff;--portal-font-size:14px" data-color-style="light">`
    + `<div class="portal-app"><div class="rt-page"><div data-block-id="b1"><img ${HELD_SRC_ATTRIBUTE}="/uploads/cover.svg" alt="封面"><a href="/study/course">课程</a></div></div></div></template>`;
  return document.getElementById('root')!;
}

/** Runs the check as the page's inline script does. */
const runCheck = () => window.eval(HOME_MARKUP_CHECK);

describe('the home markup check', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    window.history.replaceState(null, '', '/study/home');
  });
  afterEach(() => {
    vi.useRealTimers();
    document.documentElement.removeAttribute('style');
    delete document.documentElement.dataset.theme;
  });

  it("shows a guest the markup as the root's content, with the tenant's colours, and gives the pictures their address after the first frame", () => {
    const root = page();
    runCheck();
    expect(root.hasAttribute(SERVER_MARKUP_ATTRIBUTE)).toBe(true);
    // The root's own children, as the app renders them: the app hydrates them.
    expect(root.firstElementChild?.className).toBe('portal-app');
    expect(root.querySelector('.rt-page [data-block-id="b1"]')).not.toBeNull();
    expect(document.getElementById(HOME_MARKUP_ELEMENT_ID)!.hasAttribute(CHECKED_ATTRIBUTE)).toBe(true);
    expect(document.documentElement.style.getPropertyValue('--portal-primary')).toBe('#00aaff');
    expect(document.documentElement.dataset.theme).toBe('light');
    const img = root.querySelector('img')!;
    expect(img.getAttribute('src')).toBeNull();
    vi.runAllTimers();
    expect(img.getAttribute('src')).toBe('/uploads/cover.svg');
  });

  it('shows it to a guest whose browser remembers this tenant', () => {
    setTenantId(TENANT);
    const root = page();
    runCheck();
    expect(root.hasAttribute(SERVER_MARKUP_ATTRIBUTE)).toBe(true);
  });

  const leftEmpty: Array<[string, () => void]> = [
    ['someone is signed in to the tenant', () => setUserData(TENANT, { userId: 7, token: 't' })],
    ['the browser remembers another tenant', () => setTenantId(2002)],
    ['another store is chosen', () => setStoreId(TENANT, 9)],
    ['a home page is chosen for the session', () => setPageId(55)],
    ['a language is chosen', () => void setLanguage('zh')],
    ['display preferences are stored', () => usePreferencesStore.getState().setTheme('dark')],
    ['the address has a query (privacy, SSO, a hidden navbar)', () => window.history.replaceState(null, '', '/study/home?hideNavbar=true')],
  ];
  it.each(leftEmpty)('leaves the root empty when %s', (_why, arrange) => {
    arrange();
    const root = page();
    runCheck();
    expect(root.childNodes).toHaveLength(0);
    expect(root.hasAttribute(SERVER_MARKUP_ATTRIBUTE)).toBe(false);
    expect(document.documentElement.style.getPropertyValue('--portal-primary')).toBe('');
    // The app's entry waits for this before it takes the root.
    expect(document.getElementById(HOME_MARKUP_ELEMENT_ID)!.hasAttribute(CHECKED_ATTRIBUTE)).toBe(true);
  });

  it('leaves the root alone once the app has started', () => {
    const root = page();
    root.setAttribute(CLIENT_STARTED_ATTRIBUTE, '');
    runCheck();
    expect(root.childNodes).toHaveLength(0);
  });

  it('does nothing on a page without the markup', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(runCheck).not.toThrow();
    expect(document.getElementById('root')!.childNodes).toHaveLength(0);
  });
});
