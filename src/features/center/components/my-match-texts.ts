// The `center-match` namespace (docs/i18n.md): the personal center's myMatch (issue 19 part F).
import { defineTexts, useTexts } from '../../../i18n/texts';

const CENTER_MATCH = defineTexts('center-match', {
  zh: {
    filter: '按状态筛选', all: '全部', upcoming: '未开始', enrolling: '报名中', in_progress: '进行中', ended: '已结束',
    withdrawn: '已退出', total: '总分 {{n}}', place: '第 {{n}} 名', finalPlace: '最终第 {{n}} 名', noPlace: '暂无名次', points: '获得 {{n}} 积分',
    submitted: '已提交 {{n}} 个阶段', scored: '{{n}} 个阶段已计分', enrolledAt: '报名于 {{time}}', runWindow: '比赛 {{from}} 至 {{to}}',
    open: '进入竞赛', empty: '你还没有报名任何竞赛', emptyHint: '去竞赛列表看看正在报名的比赛', findMatches: '浏览竞赛',
  },
  en: {
    filter: 'Filter by status', all: 'All', upcoming: 'Upcoming', enrolling: 'Enrolling', in_progress: 'In progress', ended: 'Ended',
    withdrawn: 'Withdrawn', total: 'Total {{n}}', place: 'Place {{n}}', finalPlace: 'Final place {{n}}', noPlace: 'No place yet', points: '{{n}} points earned',
    submitted_one: '{{n}} stage submitted', submitted_other: '{{n}} stages submitted', scored_one: '{{n}} stage scored', scored_other: '{{n}} stages scored',
    enrolledAt: 'Enrolled {{time}}', runWindow: 'Runs {{from}} – {{to}}',
    open: 'Open competition', empty: 'You have not enrolled in any competition', emptyHint: 'See which competitions are open for enrolment', findMatches: 'Browse competitions',
  },
});

/** myMatch's texts in the app's language. */
export const useCenterMatchTexts = () => useTexts(CENTER_MATCH);
