// The `archives` namespace (docs/i18n.md): the learning file's pages (issue 19 part D): /archives,
// /archives/detail, /archives/archivesDetall, /archives/autonomyStudy, /archives/studyTimeDetail.
import { defineTexts, useTexts } from '../../../i18n/texts';

const ARCHIVES = defineTexts('archives', {
  zh: {
    title: '我的学习档案', intro: '这里汇总你在平台上的全部学习：课程、内容、考试、培训班、任务，以及你记录的自主学习。',
    totalTime: '累计学习时长', monthTime: '本月学习时长', studyDays: '学习天数', daysUnit: '{{n}} 天',
    coursesFinished: '完成课程', coursesOf: '{{done}} / {{all}} 门', contentsFinished: '完成内容', countUnit: '{{n}} 个',
    examsPassed: '通过考试', examsOf: '{{passed}} / {{taken}} 场', classesJoined: '参加培训班', tasksFinished: '完成任务',
    points: '积分', level: '等级', levelLine: '等级：{{level}}', noLevel: '暂无等级', credentials: '证书', autonomyCount: '自主学习', timesUnit: '{{n}} 次',
    onlineVsAutonomy: '其中线上学习 {{online}}，自主学习 {{autonomy}}',
    sections: '档案栏目', secDetail: '学习明细', secDetailHint: '每一门课程、每一场考试、每一个培训班和任务', secTime: '学习时长',
    secTimeHint: '按天、周、月查看学习时长', secAutonomy: '自主学习', secAutonomyHint: '记录线下读书、培训和实践', secPoints: '积分明细',
    secPointsHint: '积分的每一笔来源', secCertificates: '我的证书', secCertificatesHint: '已获得的证书和验证码',
    recent: '最近学习', viewAll: '查看全部', noEntries: '还没有学习记录', noEntriesHint: '去学习一门课程，或记录一次自主学习，档案就会出现在这里。',
    findCourse: '去选课', logAutonomy: '记录自主学习',
    loadFailed: '加载失败', retry: '重试', back: '返回学习档案',
    kind: '类型', kindAll: '全部类型', course: '课程', content: '内容', exam: '考试', classes: '培训班', task: '任务', autonomy: '自主学习',
    state: '状态', stateAll: '全部状态', inProgress: '学习中', finished: '已完成', period: '时间段', startDate: '开始日期', endDate: '结束日期',
    name: '名称', progress: '进度', timeSpent: '学习时长', score: '成绩', lastStudy: '最近学习', startedAt: '开始时间', actions: '操作',
    passed: '通过', notPassed: '未通过', viewProcess: '学习过程', open: '打开', total: '共 {{n}} 条记录', export: '导出 Excel', exporting: '正在导出…',
    exported: '已导出 {{n}} 条记录', exportFailed: '导出失败，请稍后重试', noMatch: '没有符合条件的学习记录', clearFilters: '清除筛选',
    processTitle: '学习过程', steps: '学习过程', noSteps: '还没有学习过程', lesson: '课时', part: '章节', attempt: '第 {{n}} 次作答',
    notBegun: '未开始', notFound: '没有找到这条学习记录', notFoundHint: '它可能还没有开始学习，或已被删除。', badQuery: '链接缺少记录的类型或编号。',
    openTarget: '去学习', finishedAt: '完成于 {{time}}', handedAt: '交卷于 {{time}}', studiedAt: '学习于 {{time}}',
    autonomyTitle: '自主学习', autonomyIntro: '把平台外的学习记下来：读过的书、参加的培训、动手的实践。每条 1–720 分钟，每天合计不超过 720 分钟，日期不能晚于今天。',
    add: '记录自主学习', edit: '编辑', delete: '删除', deleteConfirm: '删除“{{title}}”？删除后不可恢复。', deleted: '已删除', saved: '已保存', logged: '已记录',
    loggedPoints: '已记录，获得 {{n}} 积分', ok: '确定', cancel: '取消', save: '保存',
    formTitle: '标题', formTitleHint: '{{min}}–{{max}} 个字', formKind: '学习方式', formDate: '学习日期', formMinutes: '时长（分钟）', formNote: '学习心得',
    formAttachment: '附件（可选，1 个）', needTitle: '请填写 {{min}}–{{max}} 个字的标题', needDate: '请选择学习日期', futureDate: '学习日期不能晚于今天',
    needMinutes: '请填写 1–{{max}} 分钟', book: '读书', video: '视听', offline: '线下培训', practice: '实践', other: '其他',
    minutesUnit: '{{n}} 分钟', autonomyTotal: '共 {{n}} 条，合计 {{time}}', noAutonomy: '还没有自主学习记录', noAutonomyHint: '点击“记录自主学习”，把线下的学习也记入档案。',
    timeTitle: '学习时长', byDay: '按天', byWeek: '按周', byMonth: '按月', online: '线上学习', periodCol: '时间段', sum: '合计',
    rangeTotal: '这段时间共学习 {{time}}', timeChart: '{{n}} 个时间段的学习时长，共 {{time}}', barLabel: '{{period}}：线上 {{online}}，自主 {{autonomy}}',
    none: '0 分钟', underMinute: '不到 1 分钟', minutes: '{{m}} 分钟', hours: '{{h}} 小时', hoursMinutes: '{{h}} 小时 {{m}} 分钟',
    weekOf: '{{start}} 起的一周', zoneNote: '按 {{zone}} 的日期统计',
  },
  en: {
    title: 'My learning file', intro: 'Everything you studied here in one place: courses, contents, exams, classes, tasks, and the self-directed study you logged.',
    totalTime: 'Total study time', monthTime: 'This month', studyDays: 'Days studied', daysUnit: '{{n}} days',
    coursesFinished: 'Courses finished', coursesOf: '{{done}} of {{all}}', contentsFinished: 'Contents finished', countUnit: '{{n}}',
    examsPassed: 'Exams passed', examsOf: '{{passed}} of {{taken}}', classesJoined: 'Classes joined', tasksFinished: 'Tasks finished',
    points: 'Points', level: 'Level', levelLine: 'Level: {{level}}', noLevel: 'No level yet', credentials: 'Certificates', autonomyCount: 'Self-directed study', timesUnit: '{{n}} entries',
    onlineVsAutonomy: 'Online {{online}}, self-directed {{autonomy}}',
    sections: 'Sections', secDetail: 'Learning records', secDetailHint: 'Every course, exam, class and task', secTime: 'Study time',
    secTimeHint: 'By day, week and month', secAutonomy: 'Self-directed study', secAutonomyHint: 'Log books, training and practice done elsewhere', secPoints: 'Points detail',
    secPointsHint: 'Where every point came from', secCertificates: 'My certificates', secCertificatesHint: 'Certificates earned and their codes',
    recent: 'Recent learning', viewAll: 'View all', noEntries: 'No learning yet', noEntriesHint: 'Study a course or log some self-directed study and it shows here.',
    findCourse: 'Find a course', logAutonomy: 'Log self-directed study',
    loadFailed: 'Loading failed', retry: 'Retry', back: 'Back to my learning file',
    kind: 'Kind', kindAll: 'All kinds', course: 'Course', content: 'Content', exam: 'Exam', classes: 'Class', task: 'Task', autonomy: 'Self-directed',
    state: 'State', stateAll: 'All states', inProgress: 'In progress', finished: 'Finished', period: 'Period', startDate: 'From', endDate: 'To',
    name: 'Name', progress: 'Progress', timeSpent: 'Time spent', score: 'Score', lastStudy: 'Last studied', startedAt: 'Started', actions: 'Actions',
    passed: 'Passed', notPassed: 'Not passed', viewProcess: 'Process', open: 'Open', total: '{{n}} records', export: 'Export to Excel', exporting: 'Exporting…',
    exported: '{{n}} records exported', exportFailed: 'Export failed; please try again later', noMatch: 'No records match these filters', clearFilters: 'Clear filters',
    processTitle: 'Learning process', steps: 'Process', noSteps: 'Nothing studied yet', lesson: 'Lesson', part: 'Part', attempt: 'Attempt {{n}}',
    notBegun: 'Not begun', notFound: 'This record is not in your file', notFoundHint: 'It may not have been started yet, or it was deleted.', badQuery: 'The link lacks the record\'s kind or number.',
    openTarget: 'Study', finishedAt: 'Finished {{time}}', handedAt: 'Handed in {{time}}', studiedAt: 'Studied {{time}}',
    autonomyTitle: 'Self-directed study', autonomyIntro: 'Log learning done outside the portal: books read, training attended, hands-on practice. 1–720 minutes each, at most 720 a day, never a future day.',
    add: 'Log study', edit: 'Edit', delete: 'Delete', deleteConfirm: 'Delete "{{title}}"? This cannot be undone.', deleted: 'Deleted', saved: 'Saved', logged: 'Logged',
    loggedPoints: 'Logged: {{n}} points earned', ok: 'OK', cancel: 'Cancel', save: 'Save',
    formTitle: 'Title', formTitleHint: '{{min}}–{{max}} characters', formKind: 'Kind', formDate: 'Date studied', formMinutes: 'Minutes', formNote: 'What I learned',
    formAttachment: 'Attachment (optional, 1 file)', needTitle: 'Enter a title of {{min}}–{{max}} characters', needDate: 'Choose the day', futureDate: 'The day cannot be after today',
    needMinutes: 'Enter 1–{{max}} minutes', book: 'Reading', video: 'Video or audio', offline: 'Offline training', practice: 'Practice', other: 'Other',
    minutesUnit: '{{n}} min', autonomyTotal: '{{n}} entries, {{time}} in all', noAutonomy: 'No self-directed study yet', noAutonomyHint: 'Use "Log study" to add learning done offline to your file.',
    timeTitle: 'Study time', byDay: 'By day', byWeek: 'By week', byMonth: 'By month', online: 'Online', periodCol: 'Period', sum: 'Total',
    rangeTotal: '{{time}} studied in this range', timeChart: 'Study time over {{n}} periods, {{time}} in all', barLabel: '{{period}}: online {{online}}, self-directed {{autonomy}}',
    none: '0 min', underMinute: 'under a minute', minutes: '{{m}} min', hours: '{{h}} h', hoursMinutes: '{{h}} h {{m}} min',
    weekOf: 'Week of {{start}}', zoneNote: 'Days as in {{zone}}',
  },
});

export const useArchivesTexts = () => useTexts(ARCHIVES);
export type ArchivesTexts = ReturnType<typeof useArchivesTexts>;
export type ArchivesText = Parameters<ArchivesTexts>[0];

/** Seconds as people read a study time ("1 小时 20 分钟", "1 h 20 min"). */
export function duration(seconds: number, t: ArchivesTexts): string {
  if (seconds <= 0) return t('none');
  if (seconds < 60) return t('underMinute');
  const m = Math.floor(seconds / 60);
  if (m < 60) return t('minutes', { m });
  const h = Math.floor(m / 60);
  return m % 60 === 0 ? t('hours', { h }) : t('hoursMinutes', { h, m: m % 60 });
}
