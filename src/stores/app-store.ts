// App state (spec shell §3 "App state"): the tenant, its derived settings and start-up status.
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import type { FooterSettings, HomePageEntry, NavigateItem, Store, StoreSetting, TenantInfo } from '../../schemas/tenant-settings';
import {
  deriveSettings,
  deriveThemeColors,
  topMenus,
  type DerivedSettings,
  type LoginConfig,
  type ResolvedNavbarOptions,
  type ResolvedSiteOptions,
  type ThemeColors,
} from '../lib/settings';

/** Why start-up ended without a shell: the tenant is unknown, or something else failed. */
export type StartError = { kind: 'tenant-missing' } | { kind: 'failed'; message: string };

/** Settings-derived texts and images that are not options objects. */
export interface SiteBasics {
  appName: string;
  logoImg: string | null;
  faviconImg: string | null;
  colorStyle: 'light' | 'dark';
  finishAudio: number | null;
}

/** The app store's state and actions. */
export interface AppState {
  tenantId: number | null;
  tenantInfo: TenantInfo | null;
  site: SiteBasics;
  /** Top-level tenant menus in display order (navigateList). */
  menus: NavigateItem[];
  options: ResolvedSiteOptions;
  navbarOptions: ResolvedNavbarOptions;
  footer: FooterSettings;
  loginConfig: LoginConfig;
  userPower: number[];
  forceLogin: number | null;
  store: Store | null;
  themeColors: ThemeColors;
  homePages: HomePageEntry[];
  /** The home page chosen with the switcher (session), or null for the first one. */
  selectedPageId: number | null;
  loading: boolean;
  startError: StartError | null;
  /** True when the page was opened with ?privacy: tenant start-up was skipped (spec shell §2). */
  privacy: boolean;

  applySettings(tenantId: number, setting: StoreSetting): void;
  setHomePages(pages: HomePageEntry[]): void;
  selectPage(pageId: number | null): void;
  setLoading(loading: boolean): void;
  setStartError(error: StartError | null): void;
  setPrivacy(privacy: boolean): void;
  reset(): void;
}

const empty = deriveSettings([]);

function initialState() {
  return {
    tenantId: null,
    tenantInfo: null,
    site: basicsOf(empty),
    menus: [],
    options: empty.siteOptions,
    navbarOptions: empty.navbarOptions,
    footer: empty.footer,
    loginConfig: empty.loginConfig,
    userPower: empty.userPower,
    forceLogin: empty.forceLogin,
    store: null,
    themeColors: deriveThemeColors(null, null),
    homePages: [],
    selectedPageId: null,
    loading: true,
    startError: null,
    privacy: false,
  } satisfies Partial<AppState>;
}

function basicsOf(derived: DerivedSettings): SiteBasics {
  return {
    appName: derived.appName,
    logoImg: derived.logoImg,
    faviconImg: derived.faviconImg,
    colorStyle: derived.colorStyle,
    finishAudio: derived.finishAudio,
  };
}

/** The app store; components select slices, start-up writes through the actions. */
export const useAppStore = create<AppState>()(
  immer((set) => ({
    ...initialState(),
    applySettings: (tenantId, setting) => {
      const derived = deriveSettings(setting.configList);
      set((state) => {
        state.tenantId = tenantId;
        state.tenantInfo = setting.tenant;
        state.site = basicsOf(derived);
        state.menus = topMenus(setting.navigateList);
        state.options = derived.siteOptions;
        state.navbarOptions = derived.navbarOptions;
        state.footer = derived.footer;
        state.loginConfig = derived.loginConfig;
        state.userPower = derived.userPower;
        state.forceLogin = derived.forceLogin;
        state.store = setting.store;
        state.themeColors = deriveThemeColors(setting.globalStyle, derived.siteOptions);
      });
    },
    setHomePages: (pages) => set((state) => { state.homePages = pages; }),
    selectPage: (pageId) => set((state) => { state.selectedPageId = pageId; }),
    setLoading: (loading) => set((state) => { state.loading = loading; }),
    setStartError: (error) => set((state) => { state.startError = error; }),
    setPrivacy: (privacy) => set((state) => { state.privacy = privacy; }),
    reset: () => set(initialState()),
  })),
);
