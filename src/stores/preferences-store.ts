// The visitor's display preferences (spec shell §3 "Theme": light and dark colour sets, font size
// small 14, medium 18, large 22). They belong to the browser, not to a tenant or a user: one key in
// localStorage, read once when the module loads so the first paint already uses them. The language
// is remembered separately by src/i18n/i18n.ts ('portal.lang'), next to the texts it loads.
import { create } from 'zustand';
import { useAppStore } from './app-store';

/** A chosen colour style, or null: not chosen, the tenant's colorStyle setting applies. */
export type ThemePreference = 'light' | 'dark' | null;

/** The font sizes the spec names (shell §3, §9). */
export type FontSizePreference = 'small' | 'medium' | 'large';

/** spec shell §9: font sizes 14, 18, 22. */
export const FONT_SIZES: Readonly<Record<FontSizePreference, number>> = { small: 14, medium: 18, large: 22 };

/**
 * 'small' (14 px) until the visitor chooses: it is the size the portal has always painted with
 * (global.css, antd's default fontSize token) and the size tenants designed their templates for;
 * the spec lists the three sizes without naming a default.
 */
export const DEFAULT_FONT_SIZE: FontSizePreference = 'small';

/** localStorage key of the preferences (per browser, like 'portal.lang'). */
export const PREFERENCES_KEY = 'portal.prefs';

/** What is stored: both fields, each validated on read. */
export interface StoredPreferences {
  theme: ThemePreference;
  fontSize: FontSizePreference;
}

/** The preferences store's state and actions. */
export interface PreferencesState extends StoredPreferences {
  setTheme(theme: ThemePreference): void;
  setFontSize(fontSize: FontSizePreference): void;
  /** Forgets both choices (tenant's colour style, 14 px), in memory and in storage. */
  reset(): void;
}

const isTheme = (value: unknown): value is 'light' | 'dark' => value === 'light' || value === 'dark';
const isFontSize = (value: unknown): value is FontSizePreference => typeof value === 'string' && Object.hasOwn(FONT_SIZES, value);

/** Reads the stored preferences; anything missing, unparsable or unknown reads as the default. */
export function readStoredPreferences(): StoredPreferences {
  let raw: unknown = null;
  try {
    const text = typeof localStorage === 'undefined' ? null : localStorage.getItem(PREFERENCES_KEY);
    raw = text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    // Blocked storage or a corrupt value: the defaults apply.
  }
  const stored = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    theme: isTheme(stored.theme) ? stored.theme : null,
    fontSize: isFontSize(stored.fontSize) ? stored.fontSize : DEFAULT_FONT_SIZE,
  };
}

function store(preferences: StoredPreferences): void {
  try {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
  } catch (error) {
    console.warn(`Could not write "${PREFERENCES_KEY}" to browser storage; the display preferences last only until the page is closed.`, error);
  }
}

/** The preferences store; the setters remember the choice for the next visit. */
export const usePreferencesStore = create<PreferencesState>()((set, get) => ({
  ...readStoredPreferences(),
  setTheme: (theme) => {
    set({ theme });
    store({ theme, fontSize: get().fontSize });
  },
  setFontSize: (fontSize) => {
    set({ fontSize });
    store({ theme: get().theme, fontSize });
  },
  reset: () => {
    set({ theme: null, fontSize: DEFAULT_FONT_SIZE });
    try {
      localStorage.removeItem(PREFERENCES_KEY);
    } catch {
      // Nothing stored that could be read back.
    }
  },
}));

/** The colour style to paint: the visitor's choice, else the tenant's colorStyle setting. */
export function effectiveColorStyle(theme: ThemePreference, tenantDefault: 'light' | 'dark'): 'light' | 'dark' {
  return theme ?? tenantDefault;
}

/** The colour style to paint, following both the preference and the tenant's settings. */
export function useColorStyle(): 'light' | 'dark' {
  const theme = usePreferencesStore((s) => s.theme);
  const tenantDefault = useAppStore((s) => s.site.colorStyle);
  return effectiveColorStyle(theme, tenantDefault);
}

/** The base font size in px (14/18/22) the visitor chose. */
export function useFontSizePx(): number {
  return FONT_SIZES[usePreferencesStore((s) => s.fontSize)];
}
