import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';
import { LIST_FIELD_HELP_ZH } from '../list-field-help';

export const meta: WidgetEditorMeta = {
  type: 'game-list',
  label: { zh: '游戏列表', en: 'Game list' },
  description: { zh: '展示闯关学习游戏', en: 'Learning games with rounds to play.' },
  icon: 'trophy',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker', 'ui:options': { purpose: 9 } } },
  descriptions: {
    zh: {
      ...LIST_FIELD_HELP_ZH,
    },
  },
};
