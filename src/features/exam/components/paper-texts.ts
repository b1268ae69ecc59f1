// Texts of the paper's timer, autosave and heartbeat (issue 18 part D), zh and en: the warnings at 5
// and 1 minute, the autosave states and the hand-in by an invigilator. The rest of the paper's
// words are the exam namespace's (texts.ts).
import { defineTexts, useTexts as useNamespaceTexts } from '../../../i18n/texts';

const NAMESPACE = defineTexts('exam-paper-timer', {
  zh: {
    warn5: '距离交卷还剩不到 5 分钟，请抓紧作答', warn1: '距离交卷还剩不到 1 分钟，时间到将自动交卷',
    warn5Survey: '距离问卷截止还剩不到 5 分钟', warn1Survey: '距离问卷截止还剩不到 1 分钟，截止时将自动提交',
    savedAt: '已自动保存 {{time}}', saving: '保存中…', offline: '离线，答案已暂存在本机，恢复网络后自动保存',
    forced: '监考老师已收卷：{{reason}}', forcedNoReason: '监考老师已收卷', closedElsewhere: '这份答卷已经交卷，正在打开结果',
  },
  en: {
    warn5: 'Less than 5 minutes left', warn1: 'Less than 1 minute left; your paper is handed in when time is up',
    warn5Survey: 'Less than 5 minutes until the survey closes', warn1Survey: 'Less than 1 minute until the survey closes; your answers are sent then',
    savedAt: 'Saved {{time}}', saving: 'Saving…', offline: 'Offline: answers are kept on this device and saved when the connection is back',
    forced: 'The invigilator handed your paper in: {{reason}}', forcedNoReason: 'The invigilator handed your paper in', closedElsewhere: 'This paper was already handed in; opening the result',
  },
});

/** The paper timer's texts for the active language. */
export const usePaperTimerTexts = () => useNamespaceTexts(NAMESPACE);
