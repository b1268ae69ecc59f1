// The `admin-points` namespace (docs/i18n.md): the back-office's points rules and levels (/sub_admin/points).
import { defineTexts, useTexts } from '../../../i18n/texts';

const ADMIN_POINTS = defineTexts('admin-points', {
  zh: {
    title: '积分规则', rulesTitle: '获取规则', levelsTitle: '等级',
    intro: '每种行为的积分 = 每份积分 × 份数；学习时长和自主学习按“每份分钟数”折算。每日上限按本站时区的自然日计算，留空表示不限。',
    colKind: '行为', colName: '名称', colPoints: '每份积分', colStep: '每份数量', colCap: '每日上限', colOn: '启用', colDescription: '学员看到的说明', colActions: '操作',
    noCap: '不限', save: '保存', saved: '已保存', addLevel: '添加等级', remove: '删除', levelName: '等级名称', levelMin: '起始积分',
    saveLevels: '保存等级', levelsHint: '第一个等级须从 0 分开始，起始积分不能重复。', forbiddenHelp: '积分规则只有本站管理员可以修改。',
  },
  en: {
    title: 'Points rules', rulesTitle: 'How points are earned', levelsTitle: 'Levels',
    intro: 'Points for an action = points per unit × units; study time and self-directed study count units in minutes. Daily caps count the site\'s calendar day; leave empty for no cap.',
    colKind: 'Action', colName: 'Name', colPoints: 'Points per unit', colStep: 'Units per award', colCap: 'Daily cap', colOn: 'On', colDescription: 'What learners read', colActions: 'Actions',
    noCap: 'None', save: 'Save', saved: 'Saved', addLevel: 'Add level', remove: 'Remove', levelName: 'Level name', levelMin: 'From points',
    saveLevels: 'Save levels', levelsHint: 'The first level starts at 0 points; no two levels start at the same points.', forbiddenHelp: 'Only this site\'s admins can change the points rules.',
  },
});

export const useAdminPointsTexts = () => useTexts(ADMIN_POINTS);
