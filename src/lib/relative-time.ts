// spec shell §9 "Relative time labels": over 365 days 1年前; over 30 days N个月前; over 15 days
// 半个月前; over 7 days 一周前; over 1 day N天前; otherwise 今天.
//
// Decisions:
//   - "Over X days" compares the exact elapsed time: 365 days + 1 ms is over 365 days, 365 days is not.
//   - N is whole units, rounded down: N个月前 is floor(days / 30), N天前 is floor(days), so 1.5 days
//     reads 1天前 and 59 days reads 1个月前.
//   - Over a year always reads 1年前 (the spec has no "N years"), in English '1 year ago'.
//   - A time in the future (clock skew) reads 今天; an unreadable time gives ''.
import { i18n } from '../i18n/i18n';
import { defineTexts, textsIn } from '../i18n/texts';

/** A point in time: epoch milliseconds, an ISO date string (or digits of milliseconds), or a Date. */
export type TimeInput = number | string | Date;

const DAY_MS = 24 * 60 * 60 * 1000;

// The `time` namespace (docs/i18n.md); English counts are i18next plurals ("1 day ago", "3 days ago").
const TIME = defineTexts('time', {
  zh: { year: '1年前', months: '{{n}}个月前', halfMonth: '半个月前', week: '一周前', days: '{{n}}天前', today: '今天' },
  en: {
    year: '1 year ago', months_one: '{{n}} month ago', months_other: '{{n}} months ago', halfMonth: 'half a month ago', week: 'a week ago',
    days_one: '{{n}} day ago', days_other: '{{n}} days ago', today: 'today',
  },
});

/** Epoch milliseconds of a time input, or NaN when it cannot be read. */
export function toEpochMs(time: TimeInput | null | undefined): number {
  if (time instanceof Date) return time.getTime();
  if (typeof time === 'number') return Number.isFinite(time) ? time : NaN;
  if (typeof time !== 'string' || time.trim() === '') return NaN;
  const raw = time.trim();
  // The API sends some timestamps as strings of digits.
  if (/^\d+$/.test(raw)) return Number(raw);
  // "2026-01-02 10:00:00" is not ISO; Safari refuses it, so the space becomes a T.
  return Date.parse(/^\d{4}-\d{2}-\d{2} \d/.test(raw) ? raw.replace(' ', 'T') : raw);
}

/** The relative label of `time` seen at `now`, in the app's language unless one is given. */
export function relativeTime(time: TimeInput | null | undefined, now: TimeInput = Date.now(), language: string = i18n.language): string {
  const at = toEpochMs(time);
  const reference = toEpochMs(now);
  if (Number.isNaN(at) || Number.isNaN(reference)) return '';
  const t = textsIn(TIME, language);
  const days = (reference - at) / DAY_MS;
  if (days > 365) return t('year');
  if (days > 30) return t('months', { n: Math.floor(days / 30) });
  if (days > 15) return t('halfMonth');
  if (days > 7) return t('week');
  if (days > 1) return t('days', { n: Math.floor(days) });
  return t('today');
}
