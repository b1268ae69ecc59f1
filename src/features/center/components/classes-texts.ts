// Texts of 我的培训班 (zh default, en).
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    tabAll: '全部',
    tabEnrolling: '未开始',
    tabRunning: '进行中',
    tabFinished: '已结束',
    stateEnrolling: '未开始',
    stateRunning: '进行中',
    stateFinished: '已结束',
    dates: '{{start}} 至 {{end}}',
    enrolledAt: '报名于 {{time}}',
    phases: '{{phases}} 个阶段 · {{items}} 项学习内容',
    empty: '还没有报名培训班',
    emptyState: '没有{{state}}的培训班',
    find: '去培训班看看',
  },
  en: {
    tabAll: 'All',
    tabEnrolling: 'Not started',
    tabRunning: 'In progress',
    tabFinished: 'Finished',
    stateEnrolling: 'Not started',
    stateRunning: 'In progress',
    stateFinished: 'Finished',
    dates: '{{start}} to {{end}}',
    enrolledAt: 'Enrolled {{time}}',
    phases: '{{phases}} phases · {{items}} items',
    empty: 'You have not enrolled in any class yet',
    emptyState: 'No classes {{state}}',
    find: 'Browse classes',
  },
};

/** The `center-classes` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('center-classes', TEXTS);

export const useMyClassesTexts = () => useTexts(NAMESPACE);
