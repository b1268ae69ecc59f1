// Texts of the tenant back-office (zh default, en).
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    title: '管理后台',
    subtitle: '{{tenant}} · 修改会在门户下次打开或刷新时生效',
    openPortal: '打开门户',
    loading: '正在读取设置…',
    loadFailed: '设置读取失败',
    retry: '重试',
    wrongLink: '这个管理后台链接属于另一个账号或租户。请从门户右上角的用户菜单重新进入“管理后台”。',
    tabBasics: '基本信息',
    tabTheme: '主题色',
    tabMenus: '导航菜单',
    tabNavbar: '导航栏样式',
    tabFooter: '页脚',
    tabSite: '站点选项',
    save: '保存',
    reset: '撤销修改',
    saved: '保存成功，刷新门户即可看到',
    unsaved: '有未保存的修改',
    appName: '站点名称',
    appNameHelp: '显示在导航栏和浏览器标题中，最多 {{n}} 个字',
    appNameRequired: '请填写站点名称',
    appNameTooLong: '站点名称最多 {{n}} 个字',
    logoImg: 'Logo 地址',
    logoHelp: '站内文件以 / 开头，外部图片以 http:// 或 https:// 开头；留空则只显示站点名称',
    logoInvalid: 'Logo 地址需以 / 开头，或以 http:// 、https:// 开头',
    logoPreview: 'Logo 预览',
    primary: '主色',
    primaryHelp: '按钮、链接和选中状态的颜色，默认 #00aaff',
    secondary: '辅助色',
    secondaryHelp: '悬停和次要按钮的颜色，默认 #66b1ff',
    useDefaults: '恢复默认颜色',
    preview: '预览',
    previewPrimary: '主要按钮',
    previewLink: '文字链接',
    menuOrder: '顺序',
    menuTitle: '菜单名称',
    menuPage: '页面',
    menuShown: '显示',
    moveUp: '上移 {{title}}',
    moveDown: '下移 {{title}}',
    menuTitleRequired: '请填写菜单名称',
    menuTitleTooLong: '最多 {{n}} 个字',
    menuNoneShown: '至少保留一个显示的菜单',
    menusHelp: '调整顶部导航的名称、顺序和是否显示。子菜单和页面内容不在这里修改。',
    formInvalid: '表单中有需要修改的项，请检查标红的字段',
    leaveUnsaved: '有未保存的修改，确定离开吗？',
  },
  en: {
    title: 'Back-office',
    subtitle: '{{tenant}} · changes show the next time the portal opens or reloads',
    openPortal: 'Open the portal',
    loading: 'Reading the settings…',
    loadFailed: 'The settings could not be read',
    retry: 'Retry',
    wrongLink: 'This back-office link belongs to another account or tenant. Open "Back-office" again from the user menu of the portal.',
    tabBasics: 'Basics',
    tabTheme: 'Theme colours',
    tabMenus: 'Navigation menus',
    tabNavbar: 'Navbar style',
    tabFooter: 'Footer',
    tabSite: 'Site options',
    save: 'Save',
    reset: 'Undo changes',
    saved: 'Saved. Reload the portal to see it.',
    unsaved: 'Unsaved changes',
    appName: 'Site name',
    appNameHelp: 'Shown in the navbar and the browser title; at most {{n}} characters',
    appNameRequired: 'Enter the site name',
    appNameTooLong: 'The site name has at most {{n}} characters',
    logoImg: 'Logo address',
    logoHelp: 'Files of the site start with /, other images with http:// or https://; empty shows the site name only',
    logoInvalid: 'The logo address must start with /, http:// or https://',
    logoPreview: 'Logo preview',
    primary: 'Primary colour',
    primaryHelp: 'Buttons, links and selections; default #00aaff',
    secondary: 'Secondary colour',
    secondaryHelp: 'Hovers and secondary buttons; default #66b1ff',
    useDefaults: 'Use the default colours',
    preview: 'Preview',
    previewPrimary: 'Primary button',
    previewLink: 'Text link',
    menuOrder: 'Order',
    menuTitle: 'Menu name',
    menuPage: 'Page',
    menuShown: 'Shown',
    moveUp: 'Move {{title}} up',
    moveDown: 'Move {{title}} down',
    menuTitleRequired: 'Enter the menu name',
    menuTitleTooLong: 'At most {{n}} characters',
    menuNoneShown: 'Keep at least one menu shown',
    menusHelp: 'Rename, reorder, show or hide the top navigation menus. Child menus and page content are edited elsewhere.',
    formInvalid: 'Some fields need a fix; check the ones marked in red',
    leaveUnsaved: 'There are unsaved changes. Leave anyway?',
  },
} as const;

/** The `admin` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('admin', TEXTS);

export type AdminText = keyof (typeof TEXTS)['zh'];
export const useAdminTexts = () => useTexts(NAMESPACE);

/** spec shell §3: the default light theme colours. */
export const DEFAULT_PRIMARY = '#00aaff';
export const DEFAULT_SECONDARY = '#66b1ff';
/** Mirrors the server (server/modules/cfg/admin-schemas.ts). */
export const APP_NAME_MAX = 30;
export const MENU_TITLE_MAX = 12;
/** Mirrors the server's logo rule: a site path or an http(s) address. */
export const LOGO_ADDRESS = /^(\/[^/\\]|https?:\/\/\S+$)/i;
