// /archives/archivesDetall?type=&id= (spec learning §2 "Archives"; issue 19 part D): one entry's
// learning process: its summary (kind, state, progress, time, score) and the timeline of its study
// records: a course's lessons in course order, a content's parts, an exam's attempts, a class's
// items, a task's contents. GET /dataapi/study/LearningProcess.
import { Descriptions, Empty, Progress, Result, Skeleton, Tag, Timeline } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { entryTarget, useLearningProcess, type ArchiveKind, type ProcessStep } from '../../../api/archives';
import { ApiError } from '../../../api/client';
import { KindTag, LoadError, shortTime, StateText } from '../components/archive-parts';
import { duration, useArchivesTexts, type ArchivesTexts } from '../components/archives-texts';
import '../components/archives.css';

const KINDS: readonly ArchiveKind[] = ['course', 'content', 'exam', 'classes', 'task', 'autonomy'];

function stepTitle(step: ProcessStep, t: ArchivesTexts): string {
  return step.kind === 'attempt' ? t('attempt', { n: step.title }) : step.title;
}

function StepLine({ step, t }: { step: ProcessStep; t: ArchivesTexts }) {
  const when = step.at === null ? t('notBegun')
    : step.kind === 'attempt' && step.state === 2 ? t('handedAt', { time: shortTime(step.at) })
    : step.state === 2 ? t('finishedAt', { time: shortTime(step.at) }) : t('studiedAt', { time: shortTime(step.at) });
  return (
    <div data-testid="process-step" data-state={step.state}>
      <div>
        <strong>{stepTitle(step, t)}</strong>{' '}
        <Tag color={step.state === 2 ? 'success' : step.state === 1 ? 'processing' : 'default'}>
          {t(step.state === 2 ? 'finished' : step.state === 1 ? 'inProgress' : 'notBegun')}
        </Tag>
        {step.passed !== null && <Tag color={step.passed ? 'success' : 'error'}>{t(step.passed ? 'passed' : 'notPassed')}</Tag>}
      </div>
      <div className="archives-row__meta">
        {when}
        {step.seconds > 0 ? ` · ${t('timeSpent')} ${duration(step.seconds, t)}` : ''}
        {step.score !== null ? ` · ${t('score')} ${step.score}` : ''}
        {step.kind !== 'attempt' && step.state === 1 ? ` · ${step.percentage}%` : ''}
      </div>
    </div>
  );
}

export default function ArchivesProcessPage() {
  const t = useArchivesTexts();
  const [params] = useSearchParams();
  const type = KINDS.find((k) => k === params.get('type')) ?? null;
  const id = /^\d+$/.test(params.get('id') ?? '') ? Number(params.get('id')) : 0;
  const query = useLearningProcess(type, id);
  const back = <Link to="/archives/detail">{t('back')}</Link>;

  if (type === null || id === 0) return <div className="archives-page"><Result status="warning" title={t('badQuery')} extra={back} /></div>;
  return (
    <div className="archives-page" data-testid="archives-process">
      <p>{back}</p>
      {query.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {query.isError && (query.error instanceof ApiError && query.error.errorCode === 'ARCHIVE_ENTRY_NOT_FOUND'
        ? <Result status="404" title={t('notFound')} subTitle={t('notFoundHint')} extra={back} />
        : <LoadError message={query.error.message} onRetry={() => void query.refetch()} />)}
      {query.isSuccess && (
        <>
          <h1 className="archives-title"><KindTag kind={query.data.entry.kind} /> {query.data.entry.title}</h1>
          <section className="archives-panel" aria-label={t('processTitle')}>
            <Descriptions column={{ xs: 1, sm: 2, md: 3 }} size="small">
              <Descriptions.Item label={t('state')}><StateText entry={query.data.entry} /></Descriptions.Item>
              <Descriptions.Item label={t('progress')}>
                <Progress percent={query.data.entry.percentage} size="small" style={{ minWidth: 140 }} aria-label={`${t('progress')} ${query.data.entry.percentage}%`} />
              </Descriptions.Item>
              <Descriptions.Item label={t('timeSpent')}>{duration(query.data.entry.seconds, t)}</Descriptions.Item>
              {query.data.entry.score !== null && <Descriptions.Item label={t('score')}>{query.data.entry.score}</Descriptions.Item>}
              <Descriptions.Item label={t('startedAt')}>{shortTime(query.data.entry.startedAt)}</Descriptions.Item>
              <Descriptions.Item label={t('lastStudy')}>{shortTime(query.data.entry.lastStudyTime)}</Descriptions.Item>
            </Descriptions>
            <Link to={entryTarget(query.data.entry)}>{t('openTarget')}</Link>
          </section>
          <section className="archives-panel" aria-labelledby="process-steps-title">
            <h2 id="process-steps-title" className="archives-section-title">{t('steps')}</h2>
            {query.data.steps.length === 0 ? <Empty description={t('noSteps')} /> : (
              <Timeline
                items={query.data.steps.map((step, i) => ({
                  key: i, color: step.state === 2 ? 'green' : step.state === 1 ? 'blue' : 'gray',
                  content: <StepLine step={step} t={t} />,
                }))}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}
