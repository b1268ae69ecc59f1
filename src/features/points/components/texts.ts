// The `points` namespace (docs/i18n.md): the points board (/integral/rank, /scoreboard), the study
// boards (/rank) and my points (/archives/pointDetail). Rule and level names are tenant data, shown
// as the tenant wrote them; the kind names here are the fallback when a rule has none.
import { defineTexts, useTexts } from '../../../i18n/texts';

const POINTS = defineTexts('points', {
  zh: {
    boardTitle: '积分排行', scoreboardTitle: '积分榜', studyRankTitle: '学习排行', detailTitle: '我的积分',
    week: '周榜', month: '月榜', all: '总榜', periodLabel: '统计周期',
    weekShort: '本周', monthShort: '本月', allShort: '全部',
    allOrgs: '全部部门', orgLabel: '按部门筛选',
    colRank: '排名', colName: '学员', colPoints: '积分', colTime: '学习时长', colFinished: '完成内容',
    rankNo: '第 {{n}} 名', pointsN: '{{n}} 分', finishedN: '{{n}} 个', me: '我', myPlace: '我的排名',
    notRanked: '未上榜', notRankedHint: '本周期还没有积分，学习、签到都能赚积分。', notRankedTime: '本周期还没有学习记录。',
    signInForPlace: '登录后可以看到自己的排名。', signInLink: '去登录',
    emptyBoard: '这个周期还没有人上榜', emptyBoardOrg: '该部门在这个周期还没有人上榜',
    loadFailed: '加载失败', retry: '重试',
    checkIn: '签到', checkedIn: '今日已签到', checkInOk: '签到成功，积分 +{{n}}', checkInHint: '每天签到一次可得积分',
    tabTime: '学习时长榜', tabFinish: '完成榜',
    total: '总积分', level: '当前等级', noLevel: '暂无等级', nextLevel: '距“{{name}}”还差 {{n}} 分', topLevel: '已是最高等级',
    levelProgress: '等级进度', today: '今日积分', weekPoints: '本周积分', monthPoints: '本月积分', place: '总榜排名',
    todayCaps: '今日获取情况', capOf: '{{n}} / {{cap}} 分', noCap: '{{n}} 分（不限）',
    ledger: '积分明细', kindLabel: '积分类型', allKinds: '全部类型', colWhen: '时间', colKind: '类型', colNote: '说明',
    emptyLedger: '还没有积分记录', emptyLedgerFiltered: '没有符合条件的积分记录',
    rules: '积分规则', editRules: '编辑规则', rulePoints: '+{{n}} 分', rulePerStep: '每 {{step}} 分钟 +{{n}} 分', ruleCap: '每天最多 {{cap}} 分', ruleNoCap: '不限次数',
    levels: '等级说明', levelRange: '{{min}}–{{max}} 分', levelFrom: '{{min}} 分以上',
    seeBoard: '查看积分排行', seeDetail: '我的积分明细', seeStudyRank: '学习排行',
    hours: '{{h}} 小时 {{m}} 分', minutes: '{{m}} 分钟',
    kind_sign_in: '每日签到', kind_study_time: '学习时长', kind_content_finish: '学完内容', kind_course_finish: '学完课程', kind_exam_pass: '通过考试',
    kind_task_finish: '完成任务', kind_game_round: '闯关', kind_comment: '发表评论', kind_match_place: '竞赛名次', kind_autonomy_study: '自主学习',
  },
  en: {
    boardTitle: 'Points ranking', scoreboardTitle: 'Scoreboard', studyRankTitle: 'Study ranking', detailTitle: 'My points',
    week: 'This week', month: 'This month', all: 'All time', periodLabel: 'Period',
    weekShort: 'This week', monthShort: 'This month', allShort: 'All time',
    allOrgs: 'All departments', orgLabel: 'Filter by department',
    colRank: 'Rank', colName: 'Learner', colPoints: 'Points', colTime: 'Study time', colFinished: 'Finished',
    rankNo: 'No. {{n}}', pointsN: '{{n}} pts', finishedN: '{{n}}', me: 'Me', myPlace: 'My place',
    notRanked: 'Not ranked', notRankedHint: 'No points in this period yet: studying and checking in both earn points.', notRankedTime: 'No study in this period yet.',
    signInForPlace: 'Sign in to see your own place.', signInLink: 'Sign in',
    emptyBoard: 'Nobody is on the board for this period yet', emptyBoardOrg: 'Nobody from this department is on the board for this period yet',
    loadFailed: 'Loading failed', retry: 'Retry',
    checkIn: 'Check in', checkedIn: 'Checked in today', checkInOk: 'Checked in: +{{n}} points', checkInHint: 'Check in once a day to earn points',
    tabTime: 'Study time', tabFinish: 'Completions',
    total: 'Total points', level: 'Level', noLevel: 'No level yet', nextLevel: '{{n}} points to "{{name}}"', topLevel: 'Top level reached',
    levelProgress: 'Level progress', today: 'Today', weekPoints: 'This week', monthPoints: 'This month', place: 'All-time place',
    todayCaps: 'Today so far', capOf: '{{n}} / {{cap}} pts', noCap: '{{n}} pts (no cap)',
    ledger: 'Points history', kindLabel: 'Kind', allKinds: 'All kinds', colWhen: 'When', colKind: 'Kind', colNote: 'Details',
    emptyLedger: 'No points yet', emptyLedgerFiltered: 'No points match these filters',
    rules: 'How to earn points', editRules: 'Edit rules', rulePoints: '+{{n}} pts', rulePerStep: '+{{n}} pts per {{step}} minutes', ruleCap: 'Up to {{cap}} a day', ruleNoCap: 'No daily cap',
    levels: 'Levels', levelRange: '{{min}}–{{max}} pts', levelFrom: '{{min}} pts and up',
    seeBoard: 'Points ranking', seeDetail: 'My points history', seeStudyRank: 'Study ranking',
    hours: '{{h}} h {{m}} min', minutes: '{{m}} min',
    kind_sign_in: 'Daily check-in', kind_study_time: 'Study time', kind_content_finish: 'Content finished', kind_course_finish: 'Course finished', kind_exam_pass: 'Exam passed',
    kind_task_finish: 'Task finished', kind_game_round: 'Game rounds', kind_comment: 'Comments', kind_match_place: 'Competition places', kind_autonomy_study: 'Self-directed study',
  },
});

export const usePointsTexts = () => useTexts(POINTS);
export type PointsTexts = ReturnType<typeof usePointsTexts>;

/** Seconds as "2 小时 5 分" / "2 h 5 min". */
export function studyTime(seconds: number, t: PointsTexts): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? t('hours', { h, m }) : t('minutes', { m });
}
