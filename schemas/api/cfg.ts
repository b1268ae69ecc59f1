// The cfg service's contract: banners and the back-office's settings.
// Server routes validate with these; src/api and the admin feature derive their types.
import { Type, type Static } from 'typebox';
import { PageQuery, TenantIdParam } from '../common';
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

// --- Queries of the portal's cfg calls (spec shell §7 "Tenant and settings") ---
const StoreId = Type.Integer({ minimum: 1, description: 'Store id; the tenant\'s default store when absent.' });

/** The query of GET /cfg/api/banner. */
export const BannerQuery = Type.Object({
  tenantId: TenantIdParam,
  position: Type.Optional(Type.String({ minLength: 1, maxLength: 40, default: 'home', description: 'home (default), course, shop, …' })),
  storeId: Type.Optional(Type.Integer({ minimum: 1, description: 'The store\'s own banners and the tenant-wide ones; every banner of the position when absent.' })),
});

/** The query of GET /cfg/api/store/getTenantStoreSetting. */
export const StoreSettingQuery = Type.Object({ tenantId: TenantIdParam, storeId: Type.Optional(StoreId), purpose: Type.Optional(Type.Integer({ description: 'Menu purpose; the PC portal asks 2.' })) });

/** The query of GET /cfg/api/config/getGroupConfig. */
export const GroupConfigQuery = Type.Object({ tenantId: TenantIdParam, paramGroup: Type.String({ minLength: 1, description: 'PcStartup, sys_init_param, Security, PcFoot, Study or PcLoginConfig.' }), storeId: Type.Optional(StoreId) });

/** The query of GET /cfg/api/navigate/search. */
export const NavigateQuery = Type.Object({
  tenantId: TenantIdParam, storeId: Type.Optional(StoreId),
  parentId: Type.Optional(Type.Integer({ minimum: 1, description: 'Parent menu id; top-level menus when absent.' })),
  purpose: Type.Optional(Type.Integer()), ...PageQuery,
});

/** The query of GET /cfg/api/page/list. */
export const PageListQuery = Type.Object({
  tenantId: TenantIdParam, storeId: Type.Optional(StoreId),
  purpose: Type.Optional(Type.Integer({ description: '2: home pages.' })), state: Type.Optional(Type.Integer({ description: '1: published.' })),
  ...PageQuery,
});

// --- External links ---
/** The query of GET /cfg/api/externalLink/query. */
export const ExternalLinkQuery = Type.Object({
  tenantId: TenantIdParam,
  linkUrl: Type.String({ minLength: 1, maxLength: 2000, description: 'The link as configured, placeholders included.' }),
});

/** The link with its placeholders filled in. */
export const ResolvedExternalLink = Type.Object({ linkUrl: Type.String() });
export type ResolvedExternalLink = Static<typeof ResolvedExternalLink>;

// --- Labels (docs/api.md "Labels") ---
/** The most labels listLabel answers. */
export const MAX_LABELS = 50;

/** The kinds of item that carry labels. */
export const LabelTypeParam = Type.Union([Type.Literal('course'), Type.Literal('subject'), Type.Literal('content')], { description: 'The kind of item: course, subject or content.' });

/** The query of GET /cfg/api/label/listLabel. */
export const LabelListQuery = Type.Object({
  tenantId: TenantIdParam,
  type: LabelTypeParam,
  purpose: Type.Optional(Type.Array(Type.Integer(), { maxItems: 10, description: 'Contents only: of these purposes (repeatable); absent: the library\'s (not help, not course lessons).' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LABELS, default: 20, description: `How many, 1–${MAX_LABELS}.` })),
});

/** A label and how many published items carry it. */
export const LabelCount = Type.Object({ name: Type.String(), count: Type.Integer({ minimum: 1, description: 'Published items carrying it.' }) });
export type LabelCount = Static<typeof LabelCount>;

/** The query of GET /cfg/api/label/listClass. */
export const LabelClassQuery = Type.Object({ tenantId: TenantIdParam });

/** A kind of item that carries labels, with its counts. */
export const LabelClass = Type.Object({
  type: LabelTypeParam,
  labelCount: Type.Integer({ minimum: 0, description: 'Distinct labels on published items of this kind.' }),
  itemCount: Type.Integer({ minimum: 0, description: 'Published items of this kind with at least one label.' }),
});
export type LabelClass = Static<typeof LabelClass>;

// --- Page templates (docs/templates.md "The calls") ---
const PageCode = Type.String({ minLength: 1, maxLength: 128, description: 'The page code, unique inside the tenant (tab pages start with Pzy_).' });
const PageId = Type.Integer({ minimum: 1, description: 'The page id.' });

/** A template as stored; the client's runtime normalises it. */
export const StoredTemplate = Type.Unknown({ description: 'The template as stored: format 2 ({ schemaVersion: 2, ... }) or the legacy format 1 ({ pageCode, pageName, components, pageStyle }). The client normalises it; see docs/templates.md.' });

/** A page and its stored template: what getPageV2, getByPageId and getTemplatePage answer. */
export const PageWithTemplate = Type.Object({
  pageId: Type.Integer(),
  pageCode: Type.String(),
  name: Type.String({ description: 'The page name; the page title when the template has none.' }),
  template: Type.Unknown({ description: 'The template as served: a format-2 template the widget contracts accept goes out migrated, with its defaults filled and `checked` set to the stamp of the contracts (server/lib/template-serve.ts); any other goes out as stored. The client normalises it; see docs/templates.md.' }),
});
export type PageWithTemplate = Static<typeof PageWithTemplate>;

/** The query of GET /cfg/template/getPage and /cfg/template/getTemplatePage. */
export const PageCodeQuery = Type.Object({ tenantId: TenantIdParam, pageCode: PageCode });

/** The query of GET /cfg/template/getPageV2: a page code or id. */
export const PageV2Query = Type.Object({ tenantId: TenantIdParam, pageCode: Type.Optional(PageCode), pageId: Type.Optional(PageId) });

/** The query of GET /cfg/template/getByPageId. */
export const PageIdQuery = Type.Object({ tenantId: TenantIdParam, pageId: PageId });

/** The query of GET /cfg/api/page/getByOrg. */
export const PagesByOrgQuery = Type.Object({
  tenantId: TenantIdParam,
  orgPath: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'The organisation path of a store, e.g. /1001.' })),
  storeId: Type.Optional(Type.Integer({ minimum: 1, description: 'A store id.' })),
});
