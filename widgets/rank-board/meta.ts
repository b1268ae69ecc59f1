import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'rank-board',
  label: { zh: '积分排行榜', en: 'Points ranking' },
  description: { zh: '学员积分排行，前三名突出显示', en: 'Learners ranked by points; the top three stand out.' },
  icon: 'trophy',
  category: 'community',
  uiSchema: { more: { 'ui:field': 'link-item' } },
};
