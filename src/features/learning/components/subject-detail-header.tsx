// The top of the subject detail page: cover, title, counts, length, labels and summary, and under
// them the learner's progress across the subject (signed in) or a way to sign in for it (guest).
import { Button, Progress, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { loginPath } from '../../../lib/login-path';
import type { SubjectDetail } from '../api/subject-detail';
import { formatDuration } from './content-detail-texts';
import { useSubjectDetailTexts } from './subject-detail-texts';

const COVER_WIDTH = 320;

/** The subject's card, large; `children` sit under the summary (the progress block). */
export function SubjectDetailHeader({ subject, children }: { subject: SubjectDetail; children?: ReactNode }) {
  const t = useSubjectDetailTexts();
  const meta = [
    subject.courseCount > 0 ? t('courses', { n: subject.courseCount }) : null,
    subject.contentCount > 0 ? t('contents', { n: subject.contentCount }) : null,
    subject.duration > 0 ? t('duration', { time: formatDuration(subject.duration) }) : null,
    t('studyCount', { n: subject.studyCount }),
  ].filter((item): item is string => item !== null);

  return (
    <header className="subject-detail-header" style={{ display: 'flex', gap: 32, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <div style={{ flex: `0 0 ${COVER_WIDTH}px`, aspectRatio: '16 / 9', borderRadius: 8, overflow: 'hidden', background: 'var(--portal-fill, #f0f2f5)' }}>
        {subject.cover
          ? <img src={subject.cover} alt={subject.title} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
          : <div role="img" aria-label={t('noCover')} style={{ height: '100%', display: 'grid', placeItems: 'center', color: 'var(--portal-text-secondary, rgba(0,0,0,0.35))' }}>{t('noCover')}</div>}
      </div>
      <div style={{ flex: '1 1 320px', minWidth: 0 }}>
        <h1 className="subject-detail-title" style={{ margin: '0 0 12px', fontSize: 24, fontWeight: 600, lineHeight: 1.4 }}>{subject.title}</h1>
        <p className="subject-detail-meta" data-testid="subject-detail-meta" style={{ margin: '0 0 12px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))' }}>
          {meta.join(' · ')}
        </p>
        {(subject.categoryName || subject.labels.length > 0) && (
          <div className="subject-detail-labels" style={{ margin: '0 0 12px' }}>
            {subject.categoryName && <Tag color="blue">{subject.categoryName}</Tag>}
            {subject.labels.map((label) => <Tag key={label}>{label}</Tag>)}
          </div>
        )}
        <p className="subject-detail-summary" style={{ margin: '0 0 16px', whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>
          {subject.summary || t('noSummary')}
        </p>
        {children}
      </div>
    </header>
  );
}

/** What the progress block shows: a guest's sign-in prompt, the counts once known, or that they failed. */
export type SubjectRecordView =
  | { state: 'guest' }
  | { state: 'loading' }
  | { state: 'error'; retry(): void }
  | { state: 'ready'; finishedCount: number; lessonCount: number };

/**
 * The learner's progress on the subject: finished contents of all it holds, its courses' lessons
 * included (getCourseRecord with subjectId counts both), as 已学 n/m.
 */
export function SubjectProgress({ record }: { record: SubjectRecordView }) {
  const t = useSubjectDetailTexts();
  const { pathname, search } = useLocation();
  const percent = record.state === 'ready' && record.lessonCount > 0 ? Math.round((record.finishedCount * 100) / record.lessonCount) : 0;
  return (
    <section className="subject-detail-progress" aria-label={t('progress')} data-testid="subject-detail-progress" style={{ maxWidth: 520 }}>
      {record.state === 'guest' && (
        <p style={{ margin: 0, color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))' }}>
          {t('signInForProgress')} <Link to={loginPath(`${pathname}${search}`)} data-testid="subject-detail-sign-in">{t('signIn')}</Link>
        </p>
      )}
      {record.state === 'error' && (
        <p role="alert" style={{ margin: 0 }}>
          {t('progressFailed')} <Button size="small" onClick={record.retry}>{t('retry')}</Button>
        </p>
      )}
      {record.state === 'ready' && (record.lessonCount > 0 ? (
        <div>
          <Progress percent={percent} size="small" aria-label={t('progress')} />
          <span data-testid="subject-detail-progress-text">{t('progressText', { done: record.finishedCount, total: record.lessonCount })}</span>
        </div>
      ) : <p style={{ margin: 0, color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('progressNone')}</p>)}
    </section>
  );
}
