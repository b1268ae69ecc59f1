// Pieces the learning file's pages share: the load error with a retry, an entry's kind and state
// tags, and an entry row (title, kind, progress, time, last study, links to its process and page).
import { Alert, Button, Progress, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { entryTarget, processPath, type ArchiveEntry } from '../../../api/archives';
import { duration, useArchivesTexts } from './archives-texts';

/** A time as the file shows it. */
export const shortTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

export function LoadError({ message, onRetry, testId }: { message?: string | undefined; onRetry(): void; testId?: string }) {
  const t = useArchivesTexts();
  return (
    <Alert
      type="error" showIcon title={message || t('loadFailed')} data-testid={testId}
      action={<Button size="small" onClick={onRetry}>{t('retry')}</Button>}
    />
  );
}

const KIND_COLOR = { course: 'blue', content: 'cyan', exam: 'purple', classes: 'geekblue', task: 'orange', autonomy: 'green' } as const;

export function KindTag({ kind }: { kind: ArchiveEntry['kind'] }) {
  const t = useArchivesTexts();
  return <Tag color={KIND_COLOR[kind]}>{t(kind)}</Tag>;
}

/** The state as words: exams say passed or not, the rest finished or in progress. */
export function StateText({ entry }: { entry: ArchiveEntry }) {
  const t = useArchivesTexts();
  if (entry.kind === 'exam' && entry.passed !== null) return <Tag color={entry.passed ? 'success' : 'error'}>{t(entry.passed ? 'passed' : 'notPassed')}</Tag>;
  return <Tag color={entry.state === 2 ? 'success' : 'processing'}>{t(entry.state === 2 ? 'finished' : 'inProgress')}</Tag>;
}

export function EntryRow({ entry }: { entry: ArchiveEntry }) {
  const t = useArchivesTexts();
  return (
    <li className="archives-row" data-testid="archive-entry" data-kind={entry.kind} data-id={entry.id}>
      <div className="archives-row__main">
        <div className="archives-row__title">
          <KindTag kind={entry.kind} /> <Link to={processPath(entry)}>{entry.title}</Link>
        </div>
        <p className="archives-row__meta">
          {t('timeSpent')} {duration(entry.seconds, t)} · {t('lastStudy')} {shortTime(entry.lastStudyTime)}
          {entry.score !== null ? ` · ${t('score')} ${entry.score}` : ''}
        </p>
      </div>
      <div className="archives-row__progress">
        <Progress percent={entry.percentage} size="small" aria-label={`${t('progress')} ${entry.percentage}%`} />
      </div>
      <StateText entry={entry} />
      <Link to={entryTarget(entry)}>{t('open')}</Link>
    </li>
  );
}
