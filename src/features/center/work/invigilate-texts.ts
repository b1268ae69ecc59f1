// Texts of the invigilation page /user/center/work/myExamInvigilate (issue 18 part D), the
// `center-invigilate` namespace (docs/i18n.md), registered when the page's chunk loads.
import { defineTexts, useTexts } from '../../../i18n/texts';

const NAMESPACE = defineTexts('center-invigilate', {
  zh: {
    title: '考试监考',
    forInvigilators: '监考页面仅对监考老师开放',
    forInvigilatorsHint: '您还没有被指定为任何考试的监考老师。如需监考，请联系管理员在后台为您分配考试。',
    loadFailed: '监考数据加载失败', retry: '重试', loading: '加载中',
    noExams: '现在没有需要您监考的进行中考试',
    pickExam: '选择考试',
    answering: '答题中 {{n}} 人', handedIn: '已交卷 {{n}} 人', candidates: '共 {{n}} 人参加',
    window: '考试时间 {{from}} – {{to}}', openEnded: '长期有效', minutes: '答题 {{n}} 分钟', noLimit: '不限时',
    refreshed: '每 5 秒自动刷新 · 更新于 {{time}}',
    candidatesTable: '考生列表',
    noCandidates: '还没有考生开始答题',
    colName: '考生', colStarted: '开始时间', colProgress: '答题进度', colSeen: '最后在线', colLeaves: '离开次数', colEvents: '最近动态', colState: '状态', colActions: '操作',
    progress: '{{done}}/{{all}} 题',
    online: '在线', offline: '离线', secondsAgo: '{{n}} 秒前', minutesAgo: '{{n}} 分钟前', never: '—',
    stateOpen: '答题中', stateSubmitted: '已交卷', stateExpired: '到时自动交卷', stateForced: '已收卷',
    timeline: '动态', timelineOf: '{{name}} 的考试动态', noEvents: '还没有动态',
    forceSubmit: '收卷', forceTitle: '确认收卷：{{name}}',
    forceHint: '收卷后考生不能继续作答，答卷按已保存的答案计分。考生会看到您填写的原因。',
    reason: '收卷原因', reasonPlaceholder: '例如：考试中使用手机', reasonRequired: '请填写收卷原因',
    forceOk: '确认收卷', cancel: '取消', forced: '已收卷：{{name}}',
    ev_start: '开始作答', ev_resume: '继续作答', ev_leave: '离开考试页面', ev_leaveHidden: '切到其他页面或最小化', ev_leaveBlur: '切到其他窗口',
    ev_return: '回到考试页面', ev_returnAfter: '回到考试页面（离开 {{n}} 秒）', ev_offline: '网络断开', ev_online: '网络恢复',
    ev_force_submit: '监考收卷', ev_forceReason: '监考收卷：{{reason}}', ev_auto_submit: '到时自动交卷',
  },
  en: {
    title: 'Invigilation',
    forInvigilators: 'This page is for invigilators',
    forInvigilatorsHint: 'You do not invigilate any exam yet. Ask your admin to assign you exams in the back-office.',
    loadFailed: 'Could not load the invigilation data', retry: 'Retry', loading: 'Loading',
    noExams: 'No running exam needs you to invigilate right now',
    pickExam: 'Exam',
    answering: '{{n}} answering', handedIn: '{{n}} handed in', candidates_one: '{{n}} candidate', candidates_other: '{{n}} candidates',
    window: 'Window {{from}} – {{to}}', openEnded: 'no end', minutes: '{{n}} min to answer', noLimit: 'No time limit',
    refreshed: 'Refreshes every 5 s · updated {{time}}',
    candidatesTable: 'Candidates',
    noCandidates: 'No candidate has started yet',
    colName: 'Candidate', colStarted: 'Started', colProgress: 'Progress', colSeen: 'Last seen', colLeaves: 'Left the page', colEvents: 'Latest events', colState: 'State', colActions: 'Actions',
    progress: '{{done}}/{{all}}',
    online: 'Online', offline: 'Offline', secondsAgo: '{{n}} s ago', minutesAgo: '{{n}} min ago', never: '—',
    stateOpen: 'Answering', stateSubmitted: 'Handed in', stateExpired: 'Handed in at time-up', stateForced: 'Collected',
    timeline: 'Events', timelineOf: 'Events of {{name}}', noEvents: 'No events yet',
    forceSubmit: 'Collect', forceTitle: 'Collect the paper of {{name}}?',
    forceHint: 'The candidate can no longer answer; the paper is scored with the answers saved so far. The candidate sees your reason.',
    reason: 'Reason', reasonPlaceholder: 'e.g. using a phone during the exam', reasonRequired: 'Please give a reason',
    forceOk: 'Collect the paper', cancel: 'Cancel', forced: 'Collected: {{name}}',
    ev_start: 'Started', ev_resume: 'Resumed', ev_leave: 'Left the exam page', ev_leaveHidden: 'Switched tab or minimised', ev_leaveBlur: 'Switched to another window',
    ev_return: 'Came back', ev_returnAfter: 'Came back (away {{n}} s)', ev_offline: 'Connection lost', ev_online: 'Connection back',
    ev_force_submit: 'Collected by the invigilator', ev_forceReason: 'Collected by the invigilator: {{reason}}', ev_auto_submit: 'Handed in at time-up',
  },
});

/** The invigilation page's texts for the active language. */
export const useInvigilateTexts = () => useTexts(NAMESPACE);
