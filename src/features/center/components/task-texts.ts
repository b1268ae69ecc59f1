// The `center-tasks` namespace (docs/i18n.md): myTask and myMemberTask (issue 19 part A).
import { defineTexts, useTexts } from '../../../i18n/texts';

const CENTER_TASKS = defineTexts('center-tasks', {
  zh: {
    filter: '按状态筛选', all: '全部', doing: '进行中', finished: '已完成', todo: '待完成',
    noTasks: '还没有参加任务', noTasksHint: '在学习任务里参加一个任务，进度会出现在这里', findTasks: '去看看学习任务',
    noTodo: '没有待办任务', noTodoHint: '管理员或团队指派给你的任务会出现在这里', noFinished: '还没有完成的任务',
    progress: '完成 {{done}} / {{need}} 项', finishedAt: '完成于 {{time}}', joinedAt: '参加于 {{time}}', points: '获得 {{n}} 积分',
    deadline: '截止 {{time}}', noDeadline: '长期有效', overdue: '已逾期', startsAt: '{{time}} 开始',
    upcoming: '未开始', open: '进行中', closed: '已结束', viaTeam: '团队：{{name}}', viaDirect: '直接指派',
    notJoined: '未参加', joined: '已参加', started: '学习中', done: '已完成', open_: '去完成', view: '查看',
  },
  en: {
    filter: 'Filter by state', all: 'All', doing: 'In progress', finished: 'Finished', todo: 'To do',
    noTasks: 'You have not joined any task', noTasksHint: 'Join a learning task and your progress shows here', findTasks: 'Browse learning tasks',
    noTodo: 'Nothing to do', noTodoHint: 'Tasks assigned to you or your team show here', noFinished: 'No finished tasks yet',
    progress: '{{done}} of {{need}} done', finishedAt: 'Finished {{time}}', joinedAt: 'Joined {{time}}', points: '{{n}} points earned',
    deadline: 'Due {{time}}', noDeadline: 'No deadline', overdue: 'Overdue', startsAt: 'Starts {{time}}',
    upcoming: 'Upcoming', open: 'Open', closed: 'Closed', viaTeam: 'Team: {{name}}', viaDirect: 'Assigned to you',
    notJoined: 'Not joined', joined: 'Joined', started: 'Studying', done: 'Finished', open_: 'Do it', view: 'View',
  },
});

/** The task texts of the personal center in the app's language. */
export const useCenterTaskTexts = () => useTexts(CENTER_TASKS);
