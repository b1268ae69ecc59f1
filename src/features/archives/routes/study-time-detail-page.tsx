// /archives/studyTimeDetail (spec learning §2 "Archives"; issue 19 part D): study time by day (the
// last 7 or 30 days), week (the last 8, from Monday) or month (the last 6), online and
// self-directed, as stacked bars and a table. Plain elements, no chart library (as myStudyRecord's
// chart): every bar carries its period and times for screen readers and tests.
// GET /um/api/userStatistics/studyTime (ours).
import { Segmented, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useStudyTime, type StudyTimeBucket, type StudyTimeUnit } from '../../../api/archives';
import { LoadError } from '../components/archive-parts';
import { duration, useArchivesTexts, type ArchivesTexts } from '../components/archives-texts';
import '../components/archives.css';

const RANGES: { key: string; unit: StudyTimeUnit; count: number; label: 'byDay' | 'byWeek' | 'byMonth'; extra?: string }[] = [
  { key: 'day7', unit: 'day', count: 7, label: 'byDay', extra: ' · 7' },
  { key: 'day30', unit: 'day', count: 30, label: 'byDay', extra: ' · 30' },
  { key: 'week', unit: 'week', count: 8, label: 'byWeek' },
  { key: 'month', unit: 'month', count: 6, label: 'byMonth' },
];

/** The top of the scale: the busiest period rounded up to a whole 10, 30 or 60 minutes (at least 10 minutes). */
export function scaleTop(buckets: readonly StudyTimeBucket[]): number {
  const max = Math.max(0, ...buckets.map((b) => b.onlineSeconds + b.autonomySeconds));
  const step = max > 3 * 3600 ? 3600 : max > 3600 ? 1800 : 600;
  return Math.max(600, Math.ceil(max / step) * step);
}

/** A period as its row and bar name it: a day, the week from its Monday, a month. */
export function periodName(b: StudyTimeBucket, unit: StudyTimeUnit, t: ArchivesTexts): string {
  if (unit === 'day') return b.start;
  if (unit === 'week') return t('weekOf', { start: b.start });
  return b.start.slice(0, 7);
}

function Chart({ buckets, unit }: { buckets: readonly StudyTimeBucket[]; unit: StudyTimeUnit }) {
  const t = useArchivesTexts();
  const top = scaleTop(buckets);
  const total = buckets.reduce((s, b) => s + b.onlineSeconds + b.autonomySeconds, 0);
  return (
    <figure className="archives-chart" aria-label={t('timeChart', { n: buckets.length, time: duration(total, t) })} style={{ margin: '8px 0' }}>
      <div className="archives-chart__scale" aria-hidden="true">
        <span>{duration(top, t)}</span><span>{duration(top / 2, t)}</span><span>0</span>
      </div>
      <ol className="archives-chart__bars" style={{ gridTemplateColumns: `repeat(${buckets.length}, 1fr)` }}>
        {buckets.map((b, i) => {
          const label = t('barLabel', { period: periodName(b, unit, t), online: duration(b.onlineSeconds, t), autonomy: duration(b.autonomySeconds, t) });
          const show = buckets.length <= 10 || (buckets.length - 1 - i) % 5 === 0;
          return (
            <li key={b.start} className="archives-chart__bucket" data-testid="study-time-bar" data-start={b.start}
              data-online={b.onlineSeconds} data-autonomy={b.autonomySeconds} title={label} aria-label={label}>
              <span className="archives-chart__track">
                <span className="archives-chart__bar archives-chart__bar--autonomy" style={{ height: `${(b.autonomySeconds / top) * 100}%`, minHeight: b.autonomySeconds > 0 ? 3 : 0 }} />
                <span className="archives-chart__bar archives-chart__bar--online" style={{ height: `${(b.onlineSeconds / top) * 100}%`, minHeight: b.onlineSeconds > 0 ? 3 : 0 }} />
              </span>
              <span className="archives-chart__label" aria-hidden="true">{show ? (unit === 'month' ? b.start.slice(0, 7) : b.start.slice(5)) : ''}</span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}

export default function StudyTimeDetailPage() {
  const t = useArchivesTexts();
  const [rangeKey, setRangeKey] = useState('day7');
  const range = RANGES.find((r) => r.key === rangeKey) ?? RANGES[0]!;
  const query = useStudyTime(range.unit, range.count);
  return (
    <div className="archives-page" data-testid="study-time-detail">
      <p><Link to="/archives">{t('back')}</Link></p>
      <div className="archives-head">
        <h1 className="archives-title">{t('timeTitle')}</h1>
        <Segmented
          value={rangeKey} onChange={(v) => setRangeKey(String(v))} data-testid="study-time-range"
          options={RANGES.map((r) => ({ value: r.key, label: `${t(r.label)}${r.extra ?? ''}` }))}
        />
      </div>
      <section className="archives-panel" aria-label={t('timeTitle')}>
        {query.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
        {query.isError && <LoadError message={query.error.message} onRetry={() => void query.refetch()} testId="study-time-error" />}
        {query.isSuccess && (
          <div aria-busy={query.isFetching}>
            <p data-testid="study-time-total">{t('rangeTotal', { time: duration(query.data.onlineSeconds + query.data.autonomySeconds, t) })}</p>
            <ul className="archives-legend">
              <li><i style={{ background: 'var(--portal-primary, #00aaff)' }} />{t('online')}</li>
              <li><i style={{ background: 'var(--portal-success, #52c41a)' }} />{t('autonomy')}</li>
            </ul>
            <Chart buckets={query.data.buckets} unit={query.data.unit} />
            <Table
              size="small" rowKey="start" pagination={false} data-testid="study-time-table"
              dataSource={[...query.data.buckets].reverse()}
              columns={[
                { title: t('periodCol'), key: 'period', render: (_, b: StudyTimeBucket) => periodName(b, query.data.unit, t) },
                { title: t('online'), key: 'online', render: (_, b: StudyTimeBucket) => duration(b.onlineSeconds, t) },
                { title: t('autonomy'), key: 'autonomy', render: (_, b: StudyTimeBucket) => duration(b.autonomySeconds, t) },
                { title: t('sum'), key: 'sum', render: (_, b: StudyTimeBucket) => duration(b.onlineSeconds + b.autonomySeconds, t) },
              ]}
            />
          </div>
        )}
      </section>
    </div>
  );
}
