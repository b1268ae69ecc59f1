// The cfg service's contract: banners and the back-office's settings.
// Server routes validate with these; src/api and the admin feature derive their types.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { LinkItem } from '../link';
import { FooterSettings, GlobalStyle, NavbarOptions, SiteOptions } from '../tenant-settings';
import { Nullable } from './list';

// --- Banners ---
/** A carousel slide. */
export const BannerItem = Type.Object({
  id: Type.Integer(),
  storeId: Nullable(Type.Integer({ description: 'null: shown in every store.' })),
  position: Type.String({ description: 'Where it shows: home, course, shop, …' }),
  title: Type.String(),
  image: Type.String({ description: 'Image URL.' }),
  link: Nullable(LinkItem),
  sort: Type.Integer(),
});
export type BannerItem = Static<typeof BannerItem>;

// --- Back-office ---
// Payloads of the tenant back-office (docs/api.md "Back-office"). The setting values reuse the
// schemas the portal reads (schemas/tenant-settings.ts), so the back-office cannot save what the
// portal would refuse to render.
/** The longest site name the navbar and the page titles have room for. */
export const APP_NAME_MAX = 30;

/** A top-level menu as the back-office edits it: hidden ones included. */
export const AdminMenu = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  pageCode: Type.Union([Type.String(), Type.Null()]),
  pagePath: Type.Union([Type.String(), Type.Null()]),
  sort: Type.Integer(),
  /** 1 shown in the navbar, 0 hidden. */
  state: Type.Integer(),
});
export type AdminMenu = Static<typeof AdminMenu>;

/** Everything the back-office shows, as the default store sees it. */
export const AdminSettings = Type.Object({
  tenant: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String(), tenantType: Type.Integer() }),
  storeId: Type.Integer(),
  appName: Type.String(),
  logoImg: Type.String(),
  globalStyle: GlobalStyle,
  navbar: NavbarOptions,
  footer: Type.Union([FooterSettings, Type.Null()]),
  siteOptions: SiteOptions,
  menus: Type.Array(AdminMenu),
});
export type AdminSettings = Static<typeof AdminSettings>;

export const AdminQuery = Type.Object({ tenantId: TenantIdParam });

export const SaveBasicsBody = Type.Object({
  tenantId: TenantIdParam,
  appName: Type.String({ description: `Site name, 1–${APP_NAME_MAX} characters after trimming.` }),
  logoImg: Type.String({ description: 'Logo address: /uploads/…, /study/…, an http(s) address, or empty for none.' }),
});

export const SaveGlobalStyleBody = Type.Object({ tenantId: TenantIdParam, globalStyle: GlobalStyle });

/** Which JSON setting a form saves, and the schema its value must meet. */
export const JSON_SETTINGS = { navbar: NavbarOptions, footer: FooterSettings, siteOptions: SiteOptions } as const;
export type JsonSettingName = keyof typeof JSON_SETTINGS;

export const SaveJsonSettingBody = Type.Object({
  tenantId: TenantIdParam,
  name: Type.Union([Type.Literal('navbar'), Type.Literal('footer'), Type.Literal('siteOptions')], { description: 'navbar (PcStartup.navbar), footer (PcFoot.footer) or siteOptions (PcStartup.options).' }),
  value: Type.Record(Type.String(), Type.Unknown(), { description: 'The whole setting; checked against its schema in schemas/tenant-settings.ts.' }),
});

export const SaveMenusBody = Type.Object({
  tenantId: TenantIdParam,
  menus: Type.Array(Type.Object({
    id: Type.Integer({ minimum: 1 }),
    title: Type.String({ description: '1–12 characters after trimming.' }),
    state: Type.Union([Type.Literal(0), Type.Literal(1)]),
  }), { minItems: 1, maxItems: 50, description: 'Every top-level menu of the default store, in the new order.' }),
});

/** The longest menu title the navbar lays out on one line. */
export const MENU_TITLE_MAX = 12;
