// Study time per day as bars (myStudyRecord): one bar per day of the range, oldest on the left,
// today on the right and marked. Plain elements, no chart library: the page's chunk stays small, and
// every bar carries its date and time for screen readers and tests.
import type { StudyDay } from '../api/study-time';
import { studyTime, useStudyRecordTexts } from './study-record-texts';

/** The top of the scale: the busiest day rounded up to a whole 10, 30 or 60 minutes (at least 10 minutes). */
export function scaleTop(days: readonly StudyDay[]): number {
  const max = Math.max(0, ...days.map((d) => d.seconds));
  const step = max > 3 * 3600 ? 3600 : max > 3600 ? 1800 : 600;
  return Math.max(600, Math.ceil(max / step) * step);
}

/** Which days get a date under them: all of a week; of longer ranges every 5th from the end, so today always does. */
export function labelled(index: number, count: number): boolean {
  return count <= 10 || (count - 1 - index) % 5 === 0;
}

export function StudyChart({ days, today }: { days: readonly StudyDay[]; today: string }) {
  const t = useStudyRecordTexts();
  const top = scaleTop(days);
  const total = days.reduce((sum, d) => sum + d.seconds, 0);
  return (
    <figure className="portal-study-chart" aria-label={t('chartLabel', { days: days.length, total: studyTime(total, t) })}>
      <div className="portal-study-chart__scale" aria-hidden="true">
        <span>{studyTime(top, t)}</span>
        <span>{studyTime(top / 2, t)}</span>
        <span>0</span>
      </div>
      <ol className="portal-study-chart__bars" style={{ gridTemplateColumns: `repeat(${days.length}, 1fr)` }}>
        {days.map((d, i) => {
          const label = t('dayBar', { date: d.date, time: studyTime(d.seconds, t) });
          return (
            <li
              key={d.date} className={d.date === today ? 'portal-study-chart__day portal-study-chart__day--today' : 'portal-study-chart__day'}
              data-testid="study-day" data-date={d.date} data-seconds={d.seconds} title={label} aria-label={label}
            >
              <span className="portal-study-chart__track">
                {/* A day with any study shows at least a sliver, so a short day is not mistaken for none. */}
                <span className="portal-study-chart__bar" style={{ height: `${Math.min(100, (d.seconds / top) * 100)}%`, minHeight: d.seconds > 0 ? 3 : 0 }} />
              </span>
              <span className="portal-study-chart__date" aria-hidden="true">{labelled(i, days.length) ? d.date.slice(5) : ''}</span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
