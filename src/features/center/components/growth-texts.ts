// The `center-growth` namespace (docs/i18n.md): the personal center's issue 19 entries (tasks,
// credentials, competitions, sharing, notices and the learning file).
import { defineTexts, useTexts } from '../../../i18n/texts';

const CENTER_GROWTH = defineTexts('center-growth', {
  zh: {
    growth: '成长',
    archives: '我的档案', myTask: '我的任务', myMemberTask: '待办任务', myCredentials: '我的证书', myMatch: '我的竞赛',
    myShare: '我的分享', myArticle: '我的文章', myNotice: '我的通知',
  },
  en: {
    growth: 'Growth',
    archives: 'My learning file', myTask: 'My tasks', myMemberTask: 'To-do tasks', myCredentials: 'My certificates', myMatch: 'My competitions',
    myShare: 'My shares', myArticle: 'My articles', myNotice: 'My notices',
  },
});

export const useGrowthTexts = () => useTexts(CENTER_GROWTH);
