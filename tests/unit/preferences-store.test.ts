// spec shell §3 "Theme": light and dark colour sets; font size small 14, medium 18, large 22. The
// visitor's choice is remembered per browser and the tenant's colorStyle applies until one is made.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_FONT_SIZE,
  effectiveColorStyle,
  FONT_SIZES,
  PREFERENCES_KEY,
  readStoredPreferences,
  usePreferencesStore,
} from '../../src/stores/preferences-store';

beforeEach(() => {
  localStorage.clear();
  usePreferencesStore.getState().reset();
});
afterEach(() => vi.restoreAllMocks());

const stored = () => JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? 'null') as unknown;

describe('preferences store', () => {
  it('maps the font sizes to the spec sizes 14, 18 and 22', () => {
    expect(FONT_SIZES).toEqual({ small: 14, medium: 18, large: 22 });
  });

  it('starts at the tenant colour style and 14 px when nothing was chosen', () => {
    expect(DEFAULT_FONT_SIZE).toBe('small');
    expect(usePreferencesStore.getState()).toMatchObject({ theme: null, fontSize: 'small' });
    expect(readStoredPreferences()).toEqual({ theme: null, fontSize: 'small' });
  });

  it('remembers a chosen theme and font size in localStorage', () => {
    usePreferencesStore.getState().setTheme('dark');
    expect(stored()).toEqual({ theme: 'dark', fontSize: 'small' });
    usePreferencesStore.getState().setFontSize('large');
    expect(stored()).toEqual({ theme: 'dark', fontSize: 'large' });
    expect(usePreferencesStore.getState()).toMatchObject({ theme: 'dark', fontSize: 'large' });
    expect(readStoredPreferences()).toEqual({ theme: 'dark', fontSize: 'large' });
  });

  it('reads the stored choice when the store is created (the next visit)', async () => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ theme: 'light', fontSize: 'medium' }));
    vi.resetModules();
    const fresh = await import('../../src/stores/preferences-store');
    expect(fresh.usePreferencesStore.getState()).toMatchObject({ theme: 'light', fontSize: 'medium' });
  });

  it('ignores unknown or corrupt stored values field by field', () => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ theme: 'sepia', fontSize: 'large' }));
    expect(readStoredPreferences()).toEqual({ theme: null, fontSize: 'large' });
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ theme: 'dark', fontSize: 'toString' }));
    expect(readStoredPreferences()).toEqual({ theme: 'dark', fontSize: 'small' });
    localStorage.setItem(PREFERENCES_KEY, '{"theme": "dark",');
    expect(readStoredPreferences()).toEqual({ theme: null, fontSize: 'small' });
    localStorage.setItem(PREFERENCES_KEY, '"dark"');
    expect(readStoredPreferences()).toEqual({ theme: null, fontSize: 'small' });
  });

  it('keeps the choice in memory with a warning when storage is blocked', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    usePreferencesStore.getState().setFontSize('medium');
    expect(usePreferencesStore.getState().fontSize).toBe('medium');
    expect(warn.mock.calls[0]?.[0]).toMatch(/portal\.prefs.*only until the page is closed/);
  });

  it('forgets both choices on reset', () => {
    usePreferencesStore.getState().setTheme('dark');
    usePreferencesStore.getState().reset();
    expect(usePreferencesStore.getState()).toMatchObject({ theme: null, fontSize: 'small' });
    expect(localStorage.getItem(PREFERENCES_KEY)).toBeNull();
  });

  it("paints the visitor's choice over the tenant's colorStyle, and the tenant's when none", () => {
    expect(effectiveColorStyle(null, 'dark')).toBe('dark');
    expect(effectiveColorStyle(null, 'light')).toBe('light');
    expect(effectiveColorStyle('light', 'dark')).toBe('light');
    expect(effectiveColorStyle('dark', 'light')).toBe('dark');
  });
});
