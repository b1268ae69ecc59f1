// How the class pages write dates, seats and lengths.
import type { ClassText } from './texts';

type T = (key: ClassText, vars?: Record<string, string | number>) => string;

/** "2026-11-24" of an ISO time, in the browser's zone. */
export function day(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** "2026-11-24 09:30" of an ISO time. */
export function dayTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day(iso)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The dates of a class: "start to end". */
export const dateRange = (t: T, c: { startTime: string; endTime: string }) => t('dates', { start: day(c.startTime), end: day(c.endTime) });

/** Enrolled count, with the limit when there is one. */
export const enrolledText = (t: T, c: { enrolCount: number; enrolLimit: number | null }) =>
  (c.enrolLimit === null ? t('enrolled', { n: c.enrolCount }) : t('enrolledOf', { n: c.enrolCount, m: c.enrolLimit }));

/** Seats left, full, or unlimited. */
export function seatsText(t: T, c: { enrolLimit: number | null; seatsLeft: number | null }): string {
  if (c.enrolLimit === null || c.seatsLeft === null) return t('seatsUnlimited');
  return c.seatsLeft > 0 ? t('seatsLeft', { n: c.seatsLeft, m: c.enrolLimit }) : t('seatsFull', { m: c.enrolLimit });
}

/** Whole minutes of a length in seconds, at least 1 for anything longer than 0. */
export const minutes = (seconds: number) => (seconds > 0 ? Math.max(1, Math.round(seconds / 60)) : 0);
