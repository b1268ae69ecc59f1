// The `matches` namespace (docs/i18n.md): the competition list, a competition's page (stages, my
// submission, scoreboard, judging), registered when the feature's chunk loads.
import { defineTexts, useTexts } from '../../../i18n/texts';

const MATCHES = defineTexts('matches', {
  zh: {
    listTitle: '竞赛', searchPlaceholder: '搜索竞赛名称或简介', all: '全部', upcoming: '未开始', enrolling: '报名中', in_progress: '进行中', ended: '已结束',
    found: '共 {{n}} 个竞赛', empty: '暂时没有竞赛', emptySearch: '没有找到与“{{q}}”相关的竞赛', emptyStatus: '没有{{status}}的竞赛',
    loadFailed: '竞赛加载失败', retry: '重试', enrollWindow: '报名 {{from}} 至 {{to}}', runWindow: '比赛 {{from}} 至 {{to}}',
    entrants: '{{n}} 人报名', entrantsOf: '{{n}} / {{limit}} 人报名', stages: '{{n}} 个阶段', enrolledTag: '已报名', view: '查看详情',
    badId: '竞赛编号无效', badIdHint: '请从竞赛列表打开竞赛。', toList: '返回竞赛列表', notFound: '竞赛不存在或已下线',
    enroll: '立即报名', withdraw: '退出竞赛', withdrawConfirm: '确定退出这个竞赛吗？', withdrawHint: '报名截止前可以重新报名。', confirm: '确定', cancel: '取消',
    enrolled: '报名成功', withdrawn: '已退出竞赛', loginToEnroll: '登录后报名', full: '名额已满', enrollClosed: '报名已截止', enrollNotOpen: '报名尚未开始',
    youAreEnrolled: '你已报名这个竞赛。', youAreJudge: '你是这个竞赛的评委。',
    tabInfo: '赛程与规则', tabBoard: '排行榜', tabJudge: '评审',
    rules: '竞赛规则', noRules: '主办方没有写规则。', schedule: '赛程', stageN: '第 {{n}} 阶段',
    kindSubmission: '作品提交', kindExam: '考试轮次', stageUpcoming: '未开始', stageOpen: '进行中', stageClosed: '已结束',
    stageWindow: '{{from}} 至 {{to}}', maxScore: '满分 {{n}} 分', examLink: '去考试：{{title}}', examHint: '在阶段时间内通过考试，最好成绩计入总分。',
    myExamScore: '我的计入成绩：{{n}} 分', noExamScore: '尚无计入的成绩',
    mySubmission: '我的作品', submittedAt: '提交于 {{time}}', revision: '第 {{n}} 次提交', waitingScore: '等待评委评分，评分前可以修改。',
    score: '得分', scoreOf: '{{score}} / {{max}} 分', judgeComment: '评委点评', noComment: '评委没有写点评。',
    workTitle: '作品标题', workTitleHint: '（{{min}}–{{max}} 个字）', myWorkTitle: '我的作品：{{title}}', workText: '作品正文', workTextPlaceholder: '写下你的作品内容（不超过 {{n}} 字）',
    files: '附件（最多 {{n}} 个）', submit: '提交作品', resubmit: '更新作品', submitted: '提交成功', updated: '作品已更新',
    titleLength: '作品标题需 {{min}}–{{max}} 个字。', textTooLong: '作品正文最多 {{n}} 字，当前 {{count}} 字。', emptyWork: '请填写作品正文或上传至少一个附件。',
    notEnrolledNote: '报名后才能提交作品。', stageNotOpenNote: '这个阶段尚未开始。', stageClosedNote: '这个阶段已结束。',
    boardLive: '比赛进行中，排名随评分实时变化。', boardFinal: '比赛已结束，这是最终名次。', place: '名次', entrant: '参赛者', total: '总分',
    lastAt: '最后计分提交', me: '我', noPlace: '未计分', emptyBoard: '还没有人报名。', myPlace: '我的名次：第 {{n}} 名', myPlacePoints: '获得 {{n}} 积分',
    judgePending: '只看未评分', judgeEmpty: '没有待评审的作品。', judgeStage: '阶段', judgeAuthor: '作者', judgeScore: '评分（0–{{max}}）',
    judgeCommentLabel: '点评（选填）', saveScore: '保存评分', scoreSaved: '评分已保存', scoredBy: '{{name}} 评 {{score}} 分', unscored: '未评分',
    judgeLoadFailed: '参赛作品加载失败', badScore: '请给出 0 到 {{max}} 之间的整数分数。',
  },
  en: {
    listTitle: 'Competitions', searchPlaceholder: 'Search competitions', all: 'All', upcoming: 'Upcoming', enrolling: 'Enrolling', in_progress: 'In progress', ended: 'Ended',
    found_one: '{{n}} competition', found_other: '{{n}} competitions', empty: 'No competitions yet', emptySearch: 'No competitions match "{{q}}"', emptyStatus: 'No competitions are {{status}}',
    loadFailed: 'The competitions could not be loaded', retry: 'Retry', enrollWindow: 'Enrolment {{from}} – {{to}}', runWindow: 'Runs {{from}} – {{to}}',
    entrants: '{{n}} enrolled', entrantsOf: '{{n}} / {{limit}} enrolled', stages_one: '{{n}} stage', stages_other: '{{n}} stages', enrolledTag: 'Enrolled', view: 'View details',
    badId: 'This competition link is not valid', badIdHint: 'Open a competition from the list.', toList: 'Back to competitions', notFound: 'This competition does not exist or was taken down',
    enroll: 'Enrol now', withdraw: 'Withdraw', withdrawConfirm: 'Withdraw from this competition?', withdrawHint: 'You may enrol again until enrolment closes.', confirm: 'Withdraw', cancel: 'Cancel',
    enrolled: 'You are enrolled', withdrawn: 'You withdrew', loginToEnroll: 'Sign in to enrol', full: 'No places left', enrollClosed: 'Enrolment closed', enrollNotOpen: 'Enrolment not open yet',
    youAreEnrolled: 'You are enrolled in this competition.', youAreJudge: 'You judge this competition.',
    tabInfo: 'Schedule and rules', tabBoard: 'Scoreboard', tabJudge: 'Judging',
    rules: 'Rules', noRules: 'The organiser wrote no rules.', schedule: 'Schedule', stageN: 'Stage {{n}}',
    kindSubmission: 'Submission', kindExam: 'Exam round', stageUpcoming: 'Not started', stageOpen: 'Open', stageClosed: 'Closed',
    stageWindow: '{{from}} – {{to}}', maxScore: 'Out of {{n}}', examLink: 'Take the exam: {{title}}', examHint: 'Pass the exam within the stage; your best passed score counts.',
    myExamScore: 'My counted score: {{n}}', noExamScore: 'No counted score yet',
    mySubmission: 'My entry', submittedAt: 'Submitted {{time}}', revision: 'Version {{n}}', waitingScore: 'Waiting for a judge; you may revise it until it is scored.',
    score: 'Score', scoreOf: '{{score}} / {{max}}', judgeComment: 'Judge\'s comment', noComment: 'The judge left no comment.',
    workTitle: 'Title', workTitleHint: '({{min}}–{{max}} characters)', myWorkTitle: 'My entry: {{title}}', workText: 'Entry text', workTextPlaceholder: 'Write your entry (up to {{n}} characters)',
    files: 'Files (up to {{n}})', submit: 'Submit entry', resubmit: 'Update entry', submitted: 'Submitted', updated: 'Entry updated',
    titleLength: 'The title needs {{min}}–{{max}} characters.', textTooLong: 'The text may have at most {{n}} characters; it has {{count}}.', emptyWork: 'Write some text or upload at least one file.',
    notEnrolledNote: 'Enrol to submit an entry.', stageNotOpenNote: 'This stage has not started.', stageClosedNote: 'This stage is closed.',
    boardLive: 'The competition is running: places change as entries are scored.', boardFinal: 'The competition has ended: these places are final.', place: 'Place', entrant: 'Entrant', total: 'Total',
    lastAt: 'Last counted entry', me: 'Me', noPlace: 'Not scored', emptyBoard: 'Nobody has enrolled yet.', myPlace: 'My place: {{n}}', myPlacePoints: '{{n}} points earned',
    judgePending: 'Unscored only', judgeEmpty: 'No entries to judge.', judgeStage: 'Stage', judgeAuthor: 'Entrant', judgeScore: 'Score (0–{{max}})',
    judgeCommentLabel: 'Comment (optional)', saveScore: 'Save score', scoreSaved: 'Score saved', scoredBy: '{{name}} gave {{score}}', unscored: 'Not scored',
    judgeLoadFailed: 'The entries could not be loaded', badScore: 'Give a whole number from 0 to {{max}}.',
  },
});

/** The matches pages' texts in the app's language. */
export const useMatchTexts = () => useTexts(MATCHES);
export type MatchTexts = ReturnType<typeof useMatchTexts>;
