// Chinese titles and help for the fields of the JSON settings the back-office edits with schema
// forms (schemas/tenant-settings.ts: NavbarOptions, FooterSettings, SiteOptions). English uses the
// schemas' own titles and descriptions.
import type { FieldLabel } from './schema-form';

const colour = (title: string): FieldLabel => ({ title, help: '十六进制颜色，如 #00aaff' });

const LINK: Record<string, FieldLabel> = {
  linkType: { title: '链接类型', help: 'url 外部地址；route 站内页面；也可为 category、product、help 等' },
  linkUrl: { title: '地址或页面名', help: 'url 类型填完整地址；route 类型填页面名，如 course' },
};

export const NAVBAR_LABELS: Record<string, FieldLabel> = {
  navChild: { title: '显示子菜单', help: '在每个菜单下加载子菜单' },
  menuPosition: { title: '菜单位置', choices: { left: '靠左', center: '居中', right: '靠右' } },
  fontSize: { title: '字号', help: '菜单文字大小（px），子菜单为此值减 3' },
  color: colour('文字颜色'),
  marginLeft: { title: '左间距', help: '每个菜单左侧的间距（px），默认 30' },
  marginRight: { title: '右间距', help: '每个菜单右侧的间距（px）' },
  background: colour('背景色'),
  fontWeight: { title: '字重', help: '100–900，400 为常规，700 为粗体' },
  logoWidth: { title: 'Logo 宽度', help: 'px' },
  navChildColor: colour('子菜单文字颜色'),
  navChildColorBg: colour('子菜单背景色'),
  showEr: { title: '显示二维码入口' },
  userMenu: {
    title: '用户菜单', help: '默认：管理后台、个人信息、退出登录', widget: 'checkboxes',
    choices: { admin: '管理后台', user: '个人信息', safe: '账号安全', help: '帮助中心', logout: '退出登录' },
  },
};

export const FOOTER_LABELS: Record<string, FieldLabel> = {
  footStyle: { title: '页脚样式', choices: { 0: '样式一：声明与二维码', 1: '样式二：链接栏与版权信息' } },
  backgroundColor: colour('背景色'),
  fontColor: colour('文字颜色'),
  statement: { title: '声明', help: '样式一：版权声明等文字' },
  qrCodeImg: { title: '二维码图片', help: '样式一：图片地址' },
  qrCodeImgTip: { title: '二维码说明', help: '样式一：图片下方的文字' },
  qrCodeStyle: {
    title: '二维码设置',
    fields: {
      showQrCode: { title: '显示二维码' },
      showCustom: { title: '显示自定义图片' },
      customImg: { title: '自定义图片', help: '图片地址' },
      customImgTip: { title: '自定义图片说明' },
    },
  },
  columns: {
    title: '链接栏', help: '样式二：每栏一个标题和若干链接',
    items: {
      title: { title: '栏目标题' },
      links: { title: '链接', items: { title: { title: '文字' }, link: { title: '链接目标', fields: LINK } } },
    },
  },
  copyright: { title: '版权信息', help: '样式二' },
  orgName: { title: '主办单位', help: '样式二' },
  recordLink: { title: '备案链接', help: '样式二：备案号指向的地址' },
  recordNumber: { title: '备案号', help: '样式二：如 京ICP备00000000号' },
  externalLink: { title: '外部链接', help: '样式二：完整地址' },
  externalLinkText: { title: '外部链接文字', help: '样式二' },
  telephoneNumber: { title: '联系电话', help: '样式二' },
};

export const SITE_LABELS: Record<string, FieldLabel> = {
  auth: { title: '访问控制', fields: { open: { title: '开放访问', help: '关闭后，除登录和注册外的页面都需要先登录' } } },
  function: { title: '站点类型', choices: { study: '学习平台', shop: '商城（有购物车）', gpt: 'AI 助手' } },
  hasCart: { title: '显示购物车', help: '商城类型有效' },
  pageWidth: { title: '页面宽度', help: '内容区宽度（px），不小于 1280' },
  logoImg: { title: '导航栏 Logo', help: '不填则使用基本信息中的 Logo' },
  pageLogoImg: { title: '页面内 Logo' },
  homePageType: { title: '首页类型' },
  makeForSchool: { title: '面向学校', help: '提示语中使用“学校”而不是“商家”' },
  mobileBaseUrl: { title: '移动端地址', help: '手机浏览器会跳转到这里' },
  widgets: { title: '允许的组件', help: '页面只渲染列出的组件类型；不填则允许全部' },
  footer: { title: '页脚图片', fields: { qrCodeImg: { title: '二维码图片' }, qrCodeImgTip: { title: '二维码说明' } } },
  globalStyle: { title: '主题色覆盖', fields: { themeColor1: colour('主色') } },
};
