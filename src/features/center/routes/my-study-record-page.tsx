// /user/center/study/myStudyRecord (issue 7 item 6; spec learning §2 "Personal center"): the
// learner's study time per day (GET /um/api/userIntegrate/dailyStudyHours) over the last 7 or 30
// days with today's, the range's and the all-time totals, then the history of what they studied,
// newest first, each with its progress and a link back to it.
import { Alert, Button, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { READING_PURPOSES } from '../../../components/catalogue-cards';
import { useDailyStudyHours, useStudyHistory, type DailyStudyHours } from '../api/study-time';
import { CenterLayout } from '../components/center-layout';
import { StudyChart } from '../components/study-chart';
import { studyTime, useStudyRecordTexts, zoneName } from '../components/study-record-texts';
import { StudiedContentRow, StudyList, targetPath, usePaging } from '../components/study-list';
import { useStudyTexts } from '../components/study-texts';

const RANGES = [7, 30] as const;

function Totals({ data, days }: { data: DailyStudyHours; days: number }) {
  const t = useStudyRecordTexts();
  const items = [
    { key: 'today', label: t('today'), value: studyTime(data.todaySeconds, t) },
    { key: 'range', label: t('range', { days }), value: studyTime(data.rangeSeconds, t) },
    { key: 'total', label: t('total'), value: studyTime(data.totalSeconds, t) },
    { key: 'days', label: t('studyDays'), value: t('daysUnit', { n: data.studyDays }) },
  ];
  return (
    <dl className="portal-study-stats">
      {items.map((item) => (
        <div key={item.key} className="portal-study-stats__item" data-testid={`study-total-${item.key}`}>
          <dt className="portal-study-stats__label">{item.label}</dt>
          <dd className="portal-study-stats__value" style={{ margin: 0 }}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StudyTime() {
  const t = useStudyRecordTexts();
  const { i18n } = useTranslation();
  const [days, setDays] = useState<number>(7);
  const query = useDailyStudyHours(days);
  return (
    <section aria-labelledby="study-time-title" data-testid="study-time">
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 }}>
        <h2 id="study-time-title" style={{ margin: 0, fontSize: 18 }}>{t('chartTitle')}</h2>
        <Segmented
          value={days} onChange={(value) => setDays(Number(value))}
          options={RANGES.map((n) => ({ value: n, label: t(n === 7 ? 'last7' : 'last30') }))}
        />
      </div>
      {query.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {query.isError && (
        <Alert
          type="error" showIcon title={query.error.message || t('loadFailed')} data-testid="study-time-error"
          action={<Button size="small" onClick={() => void query.refetch()}>{t('retry')}</Button>}
        />
      )}
      {query.isSuccess && (
        <div aria-busy={query.isFetching}>
          <Totals data={query.data} days={days} />
          <StudyChart days={query.data.days} today={query.data.today} />
          <p className="portal-study-note" title={query.data.timeZone}>{t('zoneNote', { zone: zoneName(query.data.timeZone, i18n.language) })}</p>
        </div>
      )}
    </section>
  );
}

function StudyHistory() {
  const t = useStudyRecordTexts();
  const { page, onPage } = usePaging();
  const query = useStudyHistory(page);
  return (
    <section aria-labelledby="study-history-title">
      <h2 id="study-history-title" style={{ margin: '8px 0 8px', fontSize: 18 }}>{t('history')}</h2>
      <StudyList
        query={query} page={page} onPage={onPage} testId="study-history"
        empty={{ text: t('noHistory'), linkText: t('findCourse'), to: '/course' }}
        rowKey={(c) => c.id}
        // spec learning §2: reading (purposes 5, 6, 7) opens the reader, the rest the content detail.
        renderRow={(c) => (
          <StudiedContentRow item={c} testId="study-history-item" to={READING_PURPOSES.has(c.purpose) ? `/content/noval/${c.id}?purpose=${c.purpose}` : targetPath('content', c.id)} />
        )}
      />
    </section>
  );
}

export default function MyStudyRecordPage() {
  const study = useStudyTexts();
  return (
    <CenterLayout title={study('myStudyRecord')} testId="my-study-record">
      <StudyTime />
      <StudyHistory />
    </CenterLayout>
  );
}
