/** Chinese texts, the default language (spec shell §1). Keys are shared with en.ts. */
export const zh = {
  app: {
    loading: '加载中...',
    tenantMissing: '暂无企业ID',
    tenantMissingDetail: '当前地址没有对应的企业，请确认访问地址是否正确。',
    startFailed: '站点加载失败，请检查网络后重试。',
    retry: '重试',
  },
  catalogue: {
    hint: '提示',
    back: '返回',
    ok: '确定',
    systemError: '系统错误',
    systemBusy: '系统繁忙，请稍后再试',
    unknownError: '未知错误',
  },
  nav: {
    home: '首页',
    signIn: '登录',
    cart: '购物车',
    news: '消息中心',
    switchHome: '切换首页',
  },
  footer: {
    phone: '联系电话：',
  },
  route: {
    home: '首页',
    error: '页面不存在',
  },
  home: {
    noPage: '该企业还没有发布首页。',
  },
  error: {
    pageNotFound: '页面不存在',
    pageNotFoundDetail: '您访问的页面不存在或已被移除。',
    backHome: '返回首页',
    unexpected: '页面出错了，请刷新后重试。',
    reload: '刷新页面',
  },
};

/** The shape every language must provide. */
export type Resources = typeof zh;
