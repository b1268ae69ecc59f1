// Texts of /user/center/study/myStudyRecord (zh default, en): study time per day and the history.
import { defineTexts, useTexts } from '../../../i18n/texts';

export const STUDY_RECORD_TEXTS = {
  zh: {
    today: '今日学习',
    range: '近{{days}}天学习',
    total: '累计学习',
    studyDays: '学习天数',
    daysUnit: '{{n}} 天',
    last7: '近7天',
    last30: '近30天',
    chartTitle: '每日学习时长',
    chartLabel: '近{{days}}天每日学习时长，共{{total}}',
    dayBar: '{{date}}：{{time}}',
    none: '0分钟',
    underMinute: '不到1分钟',
    minutes: '{{m}}分钟',
    hours: '{{h}}小时',
    hoursMinutes: '{{h}}小时{{m}}分',
    loadFailed: '学习时长加载失败',
    retry: '重试',
    zoneNote: '日期按{{zone}}统计，播放、观看和阅读的时间都会计入。',
    history: '学习历史',
    noHistory: '还没有学习记录',
    findCourse: '去课程中心看看',
  },
  en: {
    today: 'Today',
    range: 'Last {{days}} days',
    total: 'All time',
    studyDays: 'Days studied',
    daysUnit_one: '{{n}} day', daysUnit_other: '{{n}} days',
    last7: 'Last 7 days',
    last30: 'Last 30 days',
    chartTitle: 'Study time per day',
    chartLabel: 'Study time per day over the last {{days}} days, {{total}} in all',
    dayBar: '{{date}}: {{time}}',
    none: '0 min',
    underMinute: 'under 1 min',
    minutes: '{{m}} min',
    hours: '{{h}} h',
    hoursMinutes: '{{h}} h {{m}} min',
    loadFailed: 'Could not load your study time',
    retry: 'Retry',
    zoneNote: 'Days follow {{zone}}. Listening, watching and reading all count.',
    history: 'Study history',
    noHistory: 'Nothing studied yet',
    findCourse: 'Browse the courses',
  },
};

/** The `center-study-record` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const STUDY_RECORD_NAMESPACE = defineTexts('center-study-record', STUDY_RECORD_TEXTS);

export type StudyRecordText = keyof typeof STUDY_RECORD_TEXTS.zh;
export const useStudyRecordTexts = () => useTexts(STUDY_RECORD_NAMESPACE);

/** Seconds as the record shows them: minutes under an hour, hours and minutes above; whole minutes, rounded down. */
export function studyTime(seconds: number, t: (key: StudyRecordText, vars?: Record<string, string | number>) => string): string {
  if (seconds <= 0) return t('none');
  if (seconds < 60) return t('underMinute');
  const m = Math.floor(seconds / 60);
  if (m < 60) return t('minutes', { m });
  const h = Math.floor(m / 60);
  return m % 60 === 0 ? t('hours', { h }) : t('hoursMinutes', { h, m: m % 60 });
}

/** A time zone's name in the reader's language ("中国标准时间", "British Time"), or its id where the browser has none. */
export function zoneName(zone: string, language: string): string {
  try {
    const parts = new Intl.DateTimeFormat(language === 'en' ? 'en' : 'zh-CN', { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}
