// The `tasks` namespace (docs/i18n.md): /taskList and /task/detail/{id} (issue 19 part A).
import { defineTexts, useTexts } from '../../../i18n/texts';

const TASKS = defineTexts('tasks', {
  zh: {
    title: '学习任务', searchPlaceholder: '搜索任务名称', tabAll: '全部', tabOpen: '进行中', tabUpcoming: '未开始', tabClosed: '已结束',
    category: '分类', allCategories: '全部分类', found: '共 {{n}} 个任务', empty: '暂时没有学习任务', emptySearch: '没有找到和“{{q}}”相关的任务',
    contents: '{{n}} 项内容', joined: '{{n}} 人参加', loadFailed: '加载失败', retry: '重试',
    back: '返回任务列表', notFound: '任务不存在或已下线', notFoundHint: '编号为 {{id}} 的任务不存在，可能已被下线。',
    windowLine: '任务时间：{{text}}', openLabel: '{{action}}：{{title}}', always: '长期有效', from: '{{start}} 起', range: '{{start}} 至 {{end}}',
    upcoming: '未开始', open: '进行中', closed: '已结束',
    ruleAll: '完成规则：完成全部 {{n}} 项必修内容', ruleAtLeast: '完成规则：任选完成至少 {{n}} 项内容',
    team: '团队任务', personal: '个人任务', assigned: '指派给我',
    join: '参加任务', joining: '正在参加…', joinedOk: '已参加任务', loginToJoin: '登录后参加',
    myProgress: '我的进度', progressText: '已完成 {{done}} / {{need}} 项', finish: '完成任务', finishedOk: '任务已完成',
    finishedOkPoints: '任务已完成，获得 {{n}} 积分', finishedAt: '已于 {{time}} 完成', notYet: '学完要求的内容后即可完成任务',
    closedNote: '任务已结束', upcomingNote: '任务还没开始，开始后才能参加和学习',
    contentList: '任务内容', noContents: '这个任务还没有内容', required: '必修', optional: '选修',
    kindCourse: '课程', kindExam: '考试', kindVideo: '视频', kindAudio: '音频', kindArticle: '文档', kindPdf: 'PDF', kindLink: '链接', kindContent: '内容',
    done: '已完成', notStarted: '未开始', inProgress: '学习中 {{p}}%', study: '去学习', review: '查看', opening: '正在打开…',
    joinFirst: '参加任务后才能学习', myTeam: '我的团队：{{name}}', teamProgress: '已完成 {{done}} / {{total}} 人',
    leader: '组长', me: '我', stateNone: '未参加', stateJoined: '已参加', stateStarted: '学习中', stateFinished: '已完成',
    description: '任务说明', duration: '{{m}} 分钟',
  },
  en: {
    title: 'Learning tasks', searchPlaceholder: 'Search tasks', tabAll: 'All', tabOpen: 'Open', tabUpcoming: 'Upcoming', tabClosed: 'Closed',
    category: 'Category', allCategories: 'All categories', found: '{{n}} tasks', empty: 'No learning tasks yet', emptySearch: 'No task matches “{{q}}”',
    contents: '{{n}} items', joined: '{{n}} joined', loadFailed: 'Loading failed', retry: 'Retry',
    back: 'Back to tasks', notFound: 'Task not found', notFoundHint: 'Task {{id}} does not exist or was taken down.',
    windowLine: 'When: {{text}}', openLabel: '{{action}}: {{title}}', always: 'No end date', from: 'From {{start}}', range: '{{start}} to {{end}}',
    upcoming: 'Upcoming', open: 'Open', closed: 'Closed',
    ruleAll: 'To finish: all {{n}} required items', ruleAtLeast: 'To finish: any {{n}} items',
    team: 'Team task', personal: 'Personal task', assigned: 'Assigned to me',
    join: 'Join task', joining: 'Joining…', joinedOk: 'You joined the task', loginToJoin: 'Sign in to join',
    myProgress: 'My progress', progressText: '{{done}} of {{need}} done', finish: 'Finish task', finishedOk: 'Task finished',
    finishedOkPoints: 'Task finished: {{n}} points earned', finishedAt: 'Finished {{time}}', notYet: 'Finish the required items, then finish the task',
    closedNote: 'This task has closed', upcomingNote: 'This task has not started; you can join and study once it opens',
    contentList: 'Items', noContents: 'This task has no items yet', required: 'Required', optional: 'Optional',
    kindCourse: 'Course', kindExam: 'Exam', kindVideo: 'Video', kindAudio: 'Audio', kindArticle: 'Document', kindPdf: 'PDF', kindLink: 'Link', kindContent: 'Item',
    done: 'Done', notStarted: 'Not started', inProgress: 'In progress {{p}}%', study: 'Study', review: 'View', opening: 'Opening…',
    joinFirst: 'Join the task to study', myTeam: 'My team: {{name}}', teamProgress: '{{done}} of {{total}} finished',
    leader: 'Leader', me: 'Me', stateNone: 'Not joined', stateJoined: 'Joined', stateStarted: 'Studying', stateFinished: 'Finished',
    description: 'About this task', duration: '{{m}} min',
  },
});

/** The task pages' texts in the app's language. */
export const useTaskTexts = () => useTexts(TASKS);
export type TaskText = Parameters<ReturnType<typeof useTaskTexts>>[0];
