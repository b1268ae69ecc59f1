// /archives (spec learning §2 "Archives": my archive; issue 19 part D): the learner's learning file:
// the summary (study time in all and this month, online and self-directed, courses, contents,
// exams, classes, tasks, points and level, certificates), the sections it leads to, and the five
// most recent entries. GET /um/api/userStatistics/get and /um/api/userStudy/search.
import { Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useUserStatistics, useUserStudy, type UserStatistics } from '../../../api/archives';
import { EntryRow, LoadError } from '../components/archive-parts';
import { duration, useArchivesTexts, type ArchivesText } from '../components/archives-texts';
import '../components/archives.css';

const SECTIONS: { to: string; title: ArchivesText; hint: ArchivesText; testId: string }[] = [
  { to: '/archives/detail', title: 'secDetail', hint: 'secDetailHint', testId: 'archives-link-detail' },
  { to: '/archives/studyTimeDetail', title: 'secTime', hint: 'secTimeHint', testId: 'archives-link-time' },
  { to: '/archives/autonomyStudy', title: 'secAutonomy', hint: 'secAutonomyHint', testId: 'archives-link-autonomy' },
  { to: '/archives/pointDetail', title: 'secPoints', hint: 'secPointsHint', testId: 'archives-link-points' },
  { to: '/archives/certificatesDetail', title: 'secCertificates', hint: 'secCertificatesHint', testId: 'archives-link-certificates' },
];

function Summary({ s }: { s: UserStatistics }) {
  const t = useArchivesTexts();
  const items: { key: string; label: ArchivesText; value: string; sub?: string }[] = [
    { key: 'total', label: 'totalTime', value: duration(s.totalSeconds, t), sub: t('onlineVsAutonomy', { online: duration(s.onlineSeconds, t), autonomy: duration(s.autonomySeconds, t) }) },
    { key: 'month', label: 'monthTime', value: duration(s.monthSeconds, t) },
    { key: 'days', label: 'studyDays', value: t('daysUnit', { n: s.studyDays }) },
    { key: 'courses', label: 'coursesFinished', value: t('coursesOf', { done: s.coursesFinished, all: s.coursesStudied }) },
    { key: 'contents', label: 'contentsFinished', value: t('countUnit', { n: s.contentsFinished }) },
    { key: 'exams', label: 'examsPassed', value: t('examsOf', { passed: s.examsPassed, taken: s.examsTaken }) },
    { key: 'classes', label: 'classesJoined', value: t('countUnit', { n: s.classesJoined }) },
    { key: 'tasks', label: 'tasksFinished', value: t('countUnit', { n: s.tasksFinished }) },
    { key: 'autonomy', label: 'autonomyCount', value: t('timesUnit', { n: s.autonomyCount }) },
    { key: 'points', label: 'points', value: String(s.points), sub: t('levelLine', { level: s.level ?? t('noLevel') }) },
    { key: 'credentials', label: 'credentials', value: t('countUnit', { n: s.credentials }) },
  ];
  return (
    <dl className="archives-stats">
      {items.map((item) => (
        <div key={item.key} className="archives-stat" data-testid={`archives-stat-${item.key}`}>
          <dt>{t(item.label)}</dt>
          <dd>{item.value}{item.sub && <span className="archives-stat__sub">{item.sub}</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function ArchivesPage() {
  const t = useArchivesTexts();
  const stats = useUserStatistics();
  const recent = useUserStudy({ pageNo: 1, pageSize: 5 });
  return (
    <div className="archives-page" data-testid="archives">
      <h1 className="archives-title">{t('title')}</h1>
      <p className="archives-intro">{t('intro')}</p>
      <section className="archives-panel" aria-label={t('title')}>
        {stats.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
        {stats.isError && <LoadError message={stats.error.message} onRetry={() => void stats.refetch()} testId="archives-error" />}
        {stats.isSuccess && <Summary s={stats.data} />}
      </section>
      <section className="archives-panel" aria-labelledby="archives-sections-title">
        <h2 id="archives-sections-title" className="archives-section-title">{t('sections')}</h2>
        <ul className="archives-sections">
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <Link to={s.to} data-testid={s.testId}><strong>{t(s.title)}</strong><span>{t(s.hint)}</span></Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="archives-panel" aria-labelledby="archives-recent-title">
        <div className="archives-head">
          <h2 id="archives-recent-title" className="archives-section-title">{t('recent')}</h2>
          <Link to="/archives/detail">{t('viewAll')}</Link>
        </div>
        {recent.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
        {recent.isError && <LoadError message={recent.error.message} onRetry={() => void recent.refetch()} />}
        {recent.isSuccess && (recent.data.list.length === 0 ? (
          <Empty description={<><div>{t('noEntries')}</div><div>{t('noEntriesHint')}</div></>}>
            <Link to="/course">{t('findCourse')}</Link> · <Link to="/archives/autonomyStudy">{t('logAutonomy')}</Link>
          </Empty>
        ) : (
          <ul className="archives-list" data-testid="archives-recent">
            {recent.data.list.map((e) => <EntryRow key={`${e.kind}-${e.id}`} entry={e} />)}
          </ul>
        ))}
      </section>
    </div>
  );
}
