import { Type, type Static } from 'typebox';
import { LinkItem } from './link';
import { ImageUrl, SiteUrl } from './url';

const Color = (title: string, description: string) =>
  Type.String({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', title, description });

/** Groups a config item may belong to (spec shell §3 "Tenant setting response"). */
export const ParamGroup = Type.Union(
  [Type.Literal('PcStartup'), Type.Literal('sys_init_param'), Type.Literal('Security'), Type.Literal('PcFoot'), Type.Literal('Study'), Type.Literal('PcLoginConfig')],
  { title: 'Parameter group', description: 'Which part of the portal the setting belongs to.' },
);

/** One tenant setting as the start-up call returns it. paramValueType 2 means paramValue is JSON text. */
export const ConfigItem = Type.Object(
  {
    paramGroup: Type.String({ title: 'Group', description: 'PcStartup, sys_init_param, Security, PcFoot, Study or PcLoginConfig.' }),
    paramKey: Type.String({ minLength: 1, title: 'Key', description: 'Setting name inside its group, e.g. appName.' }),
    paramValue: Type.String({ title: 'Value', description: 'The value as text; JSON text when paramValueType is 2.' }),
    paramValueType: Type.Integer({ title: 'Value type', description: '1 plain text, 2 JSON.' }),
  },
  { $id: 'ConfigItem', title: 'Config item' },
);
export type ConfigItem = Static<typeof ConfigItem>;

/** A top-navigation menu (spec shell §3: id, storeId, pageCode, title, pagePath) plus its link. */
export const NavigateItem = Type.Object(
  {
    id: Type.Integer({ title: 'Menu id', description: 'Unique inside the tenant.' }),
    storeId: Type.Integer({ title: 'Store id', description: 'The store (home-page set) this menu belongs to.' }),
    parentId: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { title: 'Parent menu', description: 'Set for nav children, which load with pageSize 99.' })),
    title: Type.String({ minLength: 1, title: 'Title', description: 'Text shown in the navbar; also the page title for its route.' }),
    pageCode: Type.Optional(Type.String({ title: 'Page code', description: 'Route name (e.g. "home", "course") or a template code starting with Pzy_.' })),
    pagePath: Type.Optional(Type.String({ title: 'Page path', description: 'Route path under /study, e.g. /home or /course.' })),
    sort: Type.Optional(Type.Integer({ title: 'Order', description: 'Menus show in ascending order.' })),
    link: Type.Optional(LinkItem),
  },
  { $id: 'NavigateItem', title: 'Navigate item' },
);
export type NavigateItem = Static<typeof NavigateItem>;

/** globalStyle (spec shell §3): the tenant's theme colours, validated before they reach antd. */
export const GlobalStyle = Type.Object(
  {
    themeColor1: Type.Optional(Color('Primary colour', 'Main theme colour (antd colorPrimary). Default #00aaff.')),
    themeColor2: Type.Optional(Color('Secondary colour', 'Accent colour for hovers and secondary buttons. Default #66b1ff.')),
  },
  { $id: 'GlobalStyle', title: 'Global style', additionalProperties: false },
);
export type GlobalStyle = Static<typeof GlobalStyle>;

/** Footer settings (spec shell §3 "Footer settings"). footStyle 0: statement + QR; 1: link columns. */
export const FooterSettings = Type.Object(
  {
    footStyle: Type.Union([Type.Literal(0), Type.Literal(1)], { title: 'Footer style', description: '0 statement with QR images; 1 link columns with copyright and contacts.' }),
    backgroundColor: Type.Optional(Color('Background', 'Footer background colour.')),
    fontColor: Type.Optional(Color('Text colour', 'Footer text colour.')),
    statement: Type.Optional(Type.String({ title: 'Statement', description: 'Style 0: the copyright-type statement.' })),
    qrCodeImg: Type.Optional(ImageUrl({ title: 'QR image', description: 'Style 0: address of the QR image (http(s) or a path on this site).' })),
    qrCodeImgTip: Type.Optional(Type.String({ title: 'QR caption', description: 'Style 0: text under the QR image.' })),
    qrCodeStyle: Type.Optional(
      Type.Object({
        showQrCode: Type.Optional(Type.Boolean({ title: 'Show QR', description: 'Show the QR image.' })),
        showCustom: Type.Optional(Type.Boolean({ title: 'Show custom image', description: 'Show a second, custom image.' })),
        customImg: Type.Optional(ImageUrl({ title: 'Custom image', description: 'Address of the custom image (http(s) or a path on this site).' })),
        customImgTip: Type.Optional(Type.String({ title: 'Custom caption', description: 'Text under the custom image.' })),
      }, { title: 'QR code style' }),
    ),
    columns: Type.Optional(
      Type.Array(
        Type.Object({
          title: Type.String({ title: 'Column title', description: 'Heading of the link column.' }),
          links: Type.Array(Type.Object({
            title: Type.String({ title: 'Text', description: 'Link text.' }),
            link: LinkItem,
          })),
        }),
        { title: 'Link columns', description: 'Style 1: columns of links.' },
      ),
    ),
    copyright: Type.Optional(Type.String({ title: 'Copyright', description: 'Style 1: copyright line.' })),
    orgName: Type.Optional(Type.String({ title: 'Organisation', description: 'Style 1: organisation name.' })),
    recordLink: Type.Optional(SiteUrl({ title: 'Record link', description: 'Style 1: where the record number links to (http(s) or a path on this site).' })),
    recordNumber: Type.Optional(Type.String({ title: 'Record number', description: 'Style 1: the site record (ICP) number.' })),
    externalLink: Type.Optional(SiteUrl({ title: 'External link', description: 'Style 1: an external address (http(s) or a path on this site).' })),
    externalLinkText: Type.Optional(Type.String({ title: 'External link text', description: 'Style 1: text for the external link.' })),
    telephoneNumber: Type.Optional(Type.String({ title: 'Phone', description: 'Style 1: contact phone number.' })),
  },
  { $id: 'FooterSettings', title: 'Footer settings' },
);
export type FooterSettings = Static<typeof FooterSettings>;

/** Site options (spec shell §3), stored as PcStartup.options (JSON). */
export const SiteOptions = Type.Object(
  {
    auth: Type.Optional(Type.Object({ open: Type.Boolean({ title: 'Open site', description: 'Off: every route except login needs sign-in (unless forceLogin is 2).' }) })),
    function: Type.Optional(Type.Union([Type.Literal('study'), Type.Literal('shop'), Type.Literal('gpt')], { title: 'Variant', description: 'study (default), shop (has a cart) or gpt (AI chat).' })),
    hasCart: Type.Optional(Type.Boolean({ title: 'Has cart', description: 'Shop tenants: show the cart.' })),
    pageWidth: Type.Optional(Type.Integer({ minimum: 1280, title: 'Page width', description: 'Content width in px; at least 1280.' })),
    logoImg: Type.Optional(ImageUrl({ title: 'Logo', description: 'Navbar logo address, http(s) or a path on this site (falls back to the logoImg setting).' })),
    pageLogoImg: Type.Optional(ImageUrl({ title: 'Page logo', description: 'Logo used inside pages (http(s) or a path on this site).' })),
    homePageType: Type.Optional(Type.Integer({ title: 'Home page type', description: 'Which home page layout to use.' })),
    makeForSchool: Type.Optional(Type.Boolean({ title: 'For schools', description: 'Say "school" instead of "merchant" in provider messages.' })),
    mobileBaseUrl: Type.Optional(SiteUrl({ title: 'Mobile address', description: 'Base address of the mobile site (http(s) or a path on this site); mobile browsers are redirected there.' })),
    widgets: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { title: 'Widget allow-list', description: 'Widget types this tenant\'s pages may render; blocks of other types are skipped (preview: placeholder). Absent: every registered widget.' })),
    footer: Type.Optional(Type.Object({
      qrCodeImg: Type.Optional(ImageUrl()),
      qrCodeImgTip: Type.Optional(Type.String()),
    })),
    globalStyle: Type.Optional(Type.Object({ themeColor1: Type.Optional(Color('Primary colour', 'Overrides globalStyle.themeColor1.')) })),
    language: Type.Optional(Type.Union([Type.Literal('zh'), Type.Literal('en')], { title: 'Default language', description: 'zh (default) or en: the language a visitor who has not chosen one sees the portal in.' })),
  },
  { $id: 'SiteOptions', title: 'Site options' },
);
export type SiteOptions = Static<typeof SiteOptions>;

/** The sign-in page's hero line when a tenant sets no loginConfig.slogan, per language. */
export const DEFAULT_LOGIN_SLOGAN = { zh: '随时随地，学有所成', en: 'Learn anywhere, at your own pace' } as const;

/**
 * Sign-in options (spec shell §3: PcLoginConfig, login options fetched at start-up), stored as
 * PcLoginConfig.loginConfig (JSON). Keys the portal does not know are kept, not refused.
 */
export const LoginConfig = Type.Object(
  {
    loginTypes: Type.Optional(Type.Array(Type.Union([Type.Literal('account'), Type.Literal('mobile')]), { title: 'Sign-in methods', description: 'Tabs of /login in order. Default account and mobile.' })),
    allowRegister: Type.Optional(Type.Boolean({ title: 'Self-registration', description: 'Show the registration link and allow /user/create. Default true.' })),
    slideCaptcha: Type.Optional(Type.Boolean({ title: 'Slider captcha', description: 'Account sign-in needs the slider captcha first; the server enforces it.' })),
    captchaAccuracy: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, title: 'Captcha accuracy', description: 'How close the puzzle piece must land. Default 5.' })),
    defaultLogin: Type.Optional(Type.Boolean({ title: 'Default sign-in', description: 'With auth.open on, sign anonymous visitors in as Security.defaultLoginAccount.' })),
    layout: Type.Optional(Type.Union([Type.Literal('default'), Type.Literal('campus')], { title: 'Layout', description: 'default, or campus (picture beside the form); tenant 1533 defaults to campus (spec shell §1).' })),
    title: Type.Optional(Type.String({ maxLength: 40, title: 'Form title', description: 'The sign-in card\'s heading. Default 账号登录 / Sign in.' })),
    slogan: Type.Optional(Type.String({
      maxLength: 80, default: DEFAULT_LOGIN_SLOGAN.zh, title: 'Slogan',
      description: 'The line under the site name beside the form. Absent: 随时随地，学有所成 (English: Learn anywhere, at your own pace).',
    })),
    illustration: Type.Optional(ImageUrl({ title: 'Illustration', description: 'Image address of the picture beside the form, in place of the built-in drawing (which follows the theme colours).' })),
    background: Type.Optional(ImageUrl({ title: 'Background', description: 'Default layout: image address of the page background.' })),
    sideImage: Type.Optional(ImageUrl({ title: 'Side picture', description: 'Campus layout: image address of the picture beside the form.' })),
    agreement: Type.Optional(Type.String({ title: 'User agreement', description: 'HTML shown at /privacy/loginAgreement (sanitised).' })),
    policy: Type.Optional(Type.String({ title: 'Privacy policy', description: 'HTML shown at /privacy/loginPolicy (sanitised).' })),
  },
  { $id: 'LoginConfig', title: 'Sign-in options' },
);
export type LoginConfig = Static<typeof LoginConfig>;

export const UserMenuKey = Type.Union([Type.Literal('admin'), Type.Literal('user'), Type.Literal('safe'), Type.Literal('help'), Type.Literal('logout')]);
export type UserMenuKey = Static<typeof UserMenuKey>;

/** Navbar options (spec shell §3), stored as PcStartup.navbar (JSON). */
export const NavbarOptions = Type.Object(
  {
    navChild: Type.Optional(Type.Boolean({ title: 'Child menus', description: 'Load nav children (pageSize 99) under each menu.' })),
    menuPosition: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')], { title: 'Menu position' })),
    fontSize: Type.Optional(Type.Integer({ minimum: 10, maximum: 40, title: 'Font size', description: 'Menu font size in px; children use this minus 3.' })),
    color: Type.Optional(Color('Text colour', 'Menu text colour.')),
    marginLeft: Type.Optional(Type.Integer({ minimum: 0, title: 'Left margin', description: 'px before each menu item. Default 30.' })),
    marginRight: Type.Optional(Type.Integer({ minimum: 0, title: 'Right margin', description: 'px after each menu item.' })),
    background: Type.Optional(Color('Background', 'Navbar background colour.')),
    fontWeight: Type.Optional(Type.Integer({ minimum: 100, maximum: 900, title: 'Font weight' })),
    logoWidth: Type.Optional(Type.Integer({ minimum: 16, maximum: 600, title: 'Logo width', description: 'px.' })),
    navChildColor: Type.Optional(Color('Child text colour', 'Text colour of child menus.')),
    navChildColorBg: Type.Optional(Color('Child background', 'Background of child menus.')),
    showEr: Type.Optional(Type.Boolean({ title: 'Show QR', description: 'Show the QR entry in the navbar.' })),
    userMenu: Type.Optional(Type.Array(UserMenuKey, { title: 'User menu', description: 'Items of the user menu. Default admin, user, logout.' })),
  },
  { $id: 'NavbarOptions', title: 'Navbar options' },
);
export type NavbarOptions = Static<typeof NavbarOptions>;

/** A store as returned with the settings (spec shell §3: store with id). */
export const Store = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  thumbImg: Type.Optional(Type.String()),
  orgPath: Type.Optional(Type.String()),
  state: Type.Integer({ description: '1 or -1: off shelf (spec shell §4 "Provider or store").' }),
});
export type Store = Static<typeof Store>;

/** Tenant as returned by /um/api/tenant/get and with the settings (tenantType 1 enables the admin link). */
export const TenantInfo = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  tenantType: Type.Integer(),
});
export type TenantInfo = Static<typeof TenantInfo>;

/** The start-up settings (spec shell §3 "Tenant setting response"). */
export const StoreSetting = Type.Object({
  configList: Type.Array(ConfigItem),
  navigateList: Type.Array(NavigateItem),
  store: Store,
  globalStyle: GlobalStyle,
  tenant: TenantInfo,
});
export type StoreSetting = Static<typeof StoreSetting>;

/** A home-page entry (spec shell §3): type 1 means a store. */
export const HomePageEntry = Type.Object({
  pageId: Type.Integer(),
  name: Type.String(),
  type: Type.Integer({ description: '1: a store (storeId, storeName, storeThumbImg, orgPath are set); 0: a page.' }),
  pageCode: Type.Optional(Type.String()),
  storeId: Type.Optional(Type.Integer()),
  storeName: Type.Optional(Type.String()),
  storeThumbImg: Type.Optional(Type.String()),
  orgPath: Type.Optional(Type.String()),
  thumbImg: Type.Optional(Type.String()),
  images: Type.Optional(Type.Array(Type.String())),
  state: Type.Integer(),
});
export type HomePageEntry = Static<typeof HomePageEntry>;
