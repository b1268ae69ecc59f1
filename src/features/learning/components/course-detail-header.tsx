// The top of the course detail page: cover, title, teacher, counts, length, labels and summary, and
// under them the learner's progress with the button that continues where they left off.
import { Button, Progress, Tag } from 'antd';
import type { ReactNode } from 'react';
import type { CourseDetail } from '../api/course-detail';
import type { NextLesson } from './course-detail-study';
import { formatDuration } from './content-detail-texts';
import { useCourseDetailTexts } from './course-detail-texts';

const COVER_WIDTH = 320;

/** The course's card, large; `children` sit under the summary (the progress block). */
export function CourseDetailHeader({ course, children }: { course: CourseDetail; children?: ReactNode }) {
  const t = useCourseDetailTexts();
  const meta = [
    course.teacher?.title ? t('teacherWithTitle', { name: course.teacher.name, title: course.teacher.title }) : null,
    course.teacher && !course.teacher.title ? t('teacher', { name: course.teacher.name }) : null,
    course.chapterCount > 0 ? t('chapters', { n: course.chapterCount }) : null,
    t('lessons', { n: course.lessonCount }),
    course.duration > 0 ? t('duration', { time: formatDuration(course.duration) }) : null,
    t('studyCount', { n: course.studyCount }),
    course.score > 0 ? t('score', { score: course.score.toFixed(1) }) : null,
  ].filter((item): item is string => item !== null);

  return (
    <header className="course-detail-header" style={{ display: 'flex', gap: 32, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <div style={{ flex: `0 0 ${COVER_WIDTH}px`, aspectRatio: '16 / 9', borderRadius: 8, overflow: 'hidden', background: 'var(--portal-fill, #f0f2f5)' }}>
        {course.cover
          ? <img src={course.cover} alt={course.title} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
          : <div role="img" aria-label={t('noCover')} style={{ height: '100%', display: 'grid', placeItems: 'center', color: 'var(--portal-text-secondary, rgba(0,0,0,0.35))' }}>{t('noCover')}</div>}
      </div>
      <div style={{ flex: '1 1 320px', minWidth: 0 }}>
        <h1 className="course-detail-title" style={{ margin: '0 0 12px', fontSize: 24, fontWeight: 600, lineHeight: 1.4 }}>{course.title}</h1>
        <p className="course-detail-meta" data-testid="course-detail-meta" style={{ margin: '0 0 12px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))' }}>
          {meta.join(' · ')}
        </p>
        {(course.categoryName || course.labels.length > 0) && (
          <div className="course-detail-labels" style={{ margin: '0 0 12px' }}>
            {course.categoryName && <Tag color="blue">{course.categoryName}</Tag>}
            {course.labels.map((label) => <Tag key={label}>{label}</Tag>)}
          </div>
        )}
        <p className="course-detail-summary" style={{ margin: '0 0 16px', whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>
          {course.summary || t('noSummary')}
        </p>
        {children}
      </div>
    </header>
  );
}

/** What the progress block shows: the counts once known, or that they failed to load. */
export type RecordView =
  | { state: 'loading' }
  | { state: 'error'; retry(): void }
  | { state: 'ready'; finishedCount: number; lessonCount: number };

/**
 * The learner's progress on the course (finished lessons of those that record study, from
 * getCourseRecord: spec issue 7 "A course's progress is derived from its contents' states") and the
 * start / continue / study-again button. The button waits for the records, so it never starts over
 * a learner who has progress.
 */
export function CourseProgress({ record, next, onOpen }: { record: RecordView; next: NextLesson | null; onOpen(next: NextLesson): void }) {
  const t = useCourseDetailTexts();
  const percent = record.state === 'ready' && record.lessonCount > 0 ? Math.round((record.finishedCount * 100) / record.lessonCount) : 0;
  return (
    <section className="course-detail-progress" aria-label={t('progress')} data-testid="course-detail-progress" style={{ maxWidth: 520 }}>
      {record.state === 'error' && (
        <p role="alert" style={{ margin: '0 0 12px' }}>
          {t('progressFailed')} <Button size="small" onClick={record.retry}>{t('retry')}</Button>
        </p>
      )}
      {record.state === 'ready' && (record.lessonCount > 0 ? (
        <div style={{ margin: '0 0 12px' }}>
          <Progress percent={percent} size="small" aria-label={t('progress')} />
          <span data-testid="course-detail-progress-text">{t('progressText', { done: record.finishedCount, total: record.lessonCount })}</span>
        </div>
      ) : <p style={{ margin: '0 0 12px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('progressNone')}</p>)}
      {next && (
        <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            type="primary" size="large" data-testid="course-detail-next" data-lesson-id={next.lesson.id}
            loading={record.state === 'loading'} onClick={() => onOpen(next)}
          >
            {t(next.mode)}
          </Button>
          <span style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))' }}>{t('nextLesson', { title: next.lesson.title })}</span>
        </div>
      )}
    </section>
  );
}
