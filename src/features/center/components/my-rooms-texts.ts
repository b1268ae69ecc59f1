// Texts of 我的直播 (zh default, en).
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    tabAll: '全部',
    upcoming: '未开始',
    live: '直播中',
    ended: '已结束',
    startsAt: '开播 {{time}}',
    lastEntered: '上次进入 {{time}}',
    onlyEnrolled: '已报名，尚未进入',
    enrolled: '已报名',
    watch: '进入直播间',
    replay: '看回放',
    empty: '还没有报名或进入过的直播',
    emptyState: '没有{{state}}的直播',
    find: '去首页看看直播',
  },
  en: {
    tabAll: 'All',
    upcoming: 'Upcoming',
    live: 'Live',
    ended: 'Ended',
    startsAt: 'Starts {{time}}',
    lastEntered: 'Last entered {{time}}',
    onlyEnrolled: 'Enrolled, not entered yet',
    enrolled: 'Enrolled',
    watch: 'Enter the room',
    replay: 'Watch the replay',
    empty: 'You have not enrolled in or entered a live room yet',
    emptyState: 'No {{state}} live rooms',
    find: 'Find live rooms on the home page',
  },
};

/** The `center-my-rooms` namespace (docs/i18n.md). */
export const NAMESPACE = defineTexts('center-my-rooms', TEXTS);

export const useMyRoomsTexts = () => useTexts(NAMESPACE);
