// The top of the course detail page (issue 13 point 12): the cover, the course's category and
// labels, title, summary and teacher, its figures (lessons, learners, rating, length), and under
// them the learner's progress with the button that continues where they left off, or asks a guest
// to sign in. Beside the catalogue: the teacher's card and the course's facts.
import { Avatar, Button, Progress, Rate, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { CourseDetail, CourseTeacher } from '../api/course-detail';
import { useScore } from '../api/social';
import type { NextLesson } from './course-detail-study';
import { formatDuration } from './content-detail-texts';
import { useCourseDetailTexts } from './course-detail-texts';
import './course-detail.css';

/** The teacher's name with their title, as one line. */
function teacherLine(teacher: CourseTeacher, t: ReturnType<typeof useCourseDetailTexts>): string {
  return teacher.title ? t('teacherWithTitle', { name: teacher.name, title: teacher.title }) : t('teacher', { name: teacher.name });
}

/** A teacher's avatar, or the first letter of their name. */
function TeacherAvatar({ teacher, size }: { teacher: CourseTeacher; size: number }) {
  return <Avatar size={size} src={teacher.avatar ?? undefined} alt={teacher.name}>{teacher.name.slice(0, 1)}</Avatar>;
}

/** One figure of the header: a value over its label. */
function Stat({ value, label, testId }: { value: ReactNode; label: ReactNode; testId: string }) {
  return (
    <div className="course-hero__stat" data-testid={testId}>
      <span className="course-hero__stat-value">{value}</span>
      <span className="course-hero__stat-label">{label}</span>
    </div>
  );
}

/**
 * The rating figure. It reads the rating box's own summary (commentScore/getScore, the same query,
 * so one request): the header and the box below can never disagree (issue 13 point 3).
 */
function RatingStat({ courseId }: { courseId: number }) {
  const t = useCourseDetailTexts();
  const score = useScore({ targetType: 'course', targetId: courseId });
  const rated = score.data !== undefined && score.data.count > 0;
  const value = rated
    ? <>{score.data!.average.toFixed(1)} <Rate disabled allowHalf value={Math.round(score.data!.average * 2) / 2} style={{ fontSize: 12 }} /></>
    : '—';
  const label = score.data === undefined ? t('statRating') : rated ? t('ratingCount', { n: score.data.count }) : t('noRating');
  return <Stat testId="course-detail-rating" value={value} label={label} />;
}

/** The course's header; `children` sit under its figures (the progress block). */
export function CourseDetailHeader({ course, children }: { course: CourseDetail; children?: ReactNode }) {
  const t = useCourseDetailTexts();
  return (
    <header className="course-detail-header course-detail__card course-hero">
      <div className="course-hero__cover">
        {course.cover
          ? <img src={course.cover} alt={course.title} />
          : <div role="img" aria-label={t('noCover')} className="course-hero__no-cover">{t('noCover')}</div>}
      </div>
      <div style={{ minWidth: 0 }}>
        {(course.categoryName || course.labels.length > 0) && (
          <div className="course-detail-labels">
            {course.categoryName && <Tag color="blue">{course.categoryName}</Tag>}
            {course.labels.map((label) => <Tag key={label}>{label}</Tag>)}
          </div>
        )}
        <h1 className="course-detail-title course-hero__title">{course.title}</h1>
        {course.summary && <p className="course-detail-summary course-hero__summary" title={course.summary}>{course.summary}</p>}
        {course.teacher && (
          <div className="course-hero__teacher" data-testid="course-detail-teacher">
            <TeacherAvatar teacher={course.teacher} size={32} />
            <span>{teacherLine(course.teacher, t)}</span>
          </div>
        )}
        <div className="course-detail-meta course-hero__stats" data-testid="course-detail-meta">
          <Stat testId="course-detail-lessons" value={course.lessonCount} label={t('statLessons')} />
          <Stat testId="course-detail-learners" value={course.studyCount} label={t('statLearners')} />
          <RatingStat courseId={course.id} />
          <Stat testId="course-detail-duration" value={course.duration > 0 ? formatDuration(course.duration) : '—'} label={t('statDuration')} />
        </div>
        {children}
      </div>
    </header>
  );
}

/** What the progress block shows: the counts once known, that they failed to load, or a guest. */
export type RecordView =
  | { state: 'guest'; loginTo: string }
  | { state: 'loading' }
  | { state: 'error'; retry(): void }
  | { state: 'ready'; finishedCount: number; lessonCount: number; percentage: number };

/**
 * The learner's progress on the course (getCourseRecord: every lesson weighs the same, a finished
 * one 100, one begun its share, the same figure 我的课程 shows) and the start / continue /
 * study-again button. The button waits for the records, so it never starts over a learner who has
 * progress. A guest is asked to sign in and comes back here.
 */
export function CourseProgress({ record, next, onOpen }: { record: RecordView; next: NextLesson | null; onOpen(next: NextLesson): void }) {
  const t = useCourseDetailTexts();
  const navigate = useNavigate();
  if (record.state === 'guest') {
    return (
      <section className="course-detail-progress course-hero__progress" aria-label={t('progress')} data-testid="course-detail-progress">
        <div className="course-hero__action">
          <Button type="primary" size="large" data-testid="course-detail-login" onClick={() => void navigate(record.loginTo)}>{t('signInToStudy')}</Button>
          <span className="course-hero__next">{t('signInHint')}</span>
        </div>
      </section>
    );
  }
  return (
    <section className="course-detail-progress course-hero__progress" aria-label={t('progress')} data-testid="course-detail-progress">
      {record.state === 'error' && (
        <p role="alert" style={{ margin: '0 0 12px' }}>
          {t('progressFailed')} <Button size="small" onClick={record.retry}>{t('retry')}</Button>
        </p>
      )}
      {record.state === 'ready' && (record.lessonCount > 0 ? (
        <div className="course-hero__progress-line">
          <Progress percent={record.percentage} size="small" aria-label={t('progress')} status={record.percentage >= 100 ? 'success' : 'normal'} />
          <span data-testid="course-detail-progress-text" style={{ whiteSpace: 'nowrap' }}>{t('progressText', { done: record.finishedCount, total: record.lessonCount })}</span>
        </div>
      ) : <p style={{ margin: '0 0 12px', color: 'var(--portal-text-secondary)' }}>{t('progressNone')}</p>)}
      {next && (
        <div className="course-hero__action">
          <Button
            type="primary" size="large" data-testid="course-detail-next" data-lesson-id={next.lesson.id}
            loading={record.state === 'loading'} onClick={() => onOpen(next)}
          >
            {t(next.mode)}
          </Button>
          <span className="course-hero__next" data-testid="course-detail-next-title">
            {t(next.mode === 'continue' ? 'lastLesson' : 'nextLesson', { title: next.lesson.title })}
          </span>
        </div>
      )}
    </section>
  );
}

/** The course's introduction: the whole summary and its labels. */
export function CourseIntro({ course }: { course: CourseDetail }) {
  const t = useCourseDetailTexts();
  return (
    <section className="course-detail__card" aria-labelledby="course-detail-intro" data-testid="course-detail-intro">
      <h2 id="course-detail-intro" className="course-detail__section-title">{t('intro')}</h2>
      <p className="course-detail__intro">{course.summary || t('noSummary')}</p>
    </section>
  );
}

/** Beside the catalogue: the teacher's card (when the course has one) and the course's facts. */
export function CourseAside({ course }: { course: CourseDetail }) {
  const t = useCourseDetailTexts();
  const { teacher } = course;
  const facts: Array<[string, ReactNode]> = [
    [t('factChapters'), course.chapterCount],
    [t('factLessons'), course.lessonCount],
    [t('factDuration'), course.duration > 0 ? formatDuration(course.duration) : '—'],
    [t('factLearners'), course.studyCount],
    [t('factFavour'), course.favourCount],
    [t('factPublished'), course.publishTime.slice(0, 10)],
  ];
  if (course.categoryName) facts.unshift([t('factCategory'), course.categoryName]);
  return (
    <aside className="course-detail__aside" aria-label={t('aside')}>
      {teacher && (
        <section className="course-detail__card" aria-labelledby="course-detail-teacher-card" data-testid="course-detail-teacher-card">
          <h2 id="course-detail-teacher-card" className="course-detail__section-title">{t('teacherCard')}</h2>
          <div className="course-teacher">
            <TeacherAvatar teacher={teacher} size={56} />
            <div style={{ minWidth: 0 }}>
              <div className="course-teacher__name">{teacher.name}</div>
              {teacher.title && <div className="course-teacher__title">{teacher.title}</div>}
            </div>
          </div>
          {teacher.intro && <p className="course-teacher__intro">{teacher.intro}</p>}
        </section>
      )}
      <section className="course-detail__card" aria-labelledby="course-detail-facts">
        <h2 id="course-detail-facts" className="course-detail__section-title">{t('facts')}</h2>
        <dl className="course-facts">
          {facts.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </aside>
  );
}
