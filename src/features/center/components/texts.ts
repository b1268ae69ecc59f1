// Texts of the personal center (zh default, en). Validation messages come from src/lib/validators.ts.
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    center: '个人中心',
    myInfo: '个人信息',
    mySafe: '账号安全',
    myNews: '消息中心',
    all: '全部',
    unreadOnly: '只看未读',
    markAllRead: '全部标为已读',
    markedRead: '已全部标为已读',
    noMessages: '暂无消息',
    unread: '未读',
    read: '已读',
    loadFailed: '消息加载失败',
    retry: '重试',
    close: '关闭',
    total: '共 {{n}} 条',
    detail: '消息详情',
    backToList: '返回消息列表',
    notFound: '该消息不存在或已被删除',
  },
  en: {
    center: 'Personal center',
    myInfo: 'My info',
    mySafe: 'Account security',
    myNews: 'Message center',
    all: 'All',
    unreadOnly: 'Unread only',
    markAllRead: 'Mark all as read',
    markedRead: 'All messages marked as read',
    noMessages: 'No messages',
    unread: 'Unread',
    read: 'Read',
    loadFailed: 'The messages could not load',
    retry: 'Retry',
    close: 'Close',
    total: '{{n}} in total',
    detail: 'Message',
    backToList: 'Back to messages',
    notFound: 'This message does not exist or was removed',
  },
} as const;

/** The `center` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('center', TEXTS);

export type CenterText = keyof (typeof TEXTS)['zh'];

/** The text function for the active language; {{name}} placeholders are filled from `vars`. */
export const useCenterTexts = () => useTexts(NAMESPACE);
