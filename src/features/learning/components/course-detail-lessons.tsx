// The course's chapters and lessons: each lesson's kind, length and study state. An audio lesson
// plays in the floating player (never here); another lesson with a content opens its detail page;
// a lesson without a content is listed but cannot be opened.
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import type { ProgressResponse } from '../../../api/hist';
import type { CourseLesson, CoursePhase } from '../api/course-detail';
import { formatDuration } from './content-detail-texts';
import { isOpenable, lessonTarget, studyOf, type LessonStudy } from './course-detail-study';
import { useCourseDetailTexts } from './course-detail-texts';
import { kindKey } from './lesson-texts';

/** What the list needs from the page: how an audio lesson plays and which one is playing. */
export interface LessonActions {
  /** Hands an audio lesson (with the course's other audio lessons) to the floating player. */
  play(lesson: CourseLesson): void;
  /** Called as a lesson's content page opens, so its back action returns to this course. */
  leaving(): void;
  /** The content the floating player is playing as a lesson of this course; null otherwise. */
  playingContentId: number | null;
  /** The course, which the lesson pages log their study under. */
  courseId: number;
}

const STATE_COLOR: Record<LessonStudy['status'], string | undefined> = { new: undefined, studying: 'processing', finished: 'success' };

/** A lesson's state as a tag: 未开始, 已学 x% or 已完成. */
function StudyTag({ study }: { study: LessonStudy }) {
  const t = useCourseDetailTexts();
  const text = study.status === 'finished' ? t('stateFinished') : study.status === 'studying' ? t('stateStudying', { n: study.percentage }) : t('stateNew');
  return <Tag color={STATE_COLOR[study.status]} data-testid="course-lesson-state" data-status={study.status} style={{ marginInlineEnd: 0 }}>{text}</Tag>;
}

function LessonRow({ lesson, position, records, actions }: { lesson: CourseLesson; position: string; records: readonly ProgressResponse[]; actions: LessonActions }) {
  const t = useCourseDetailTexts();
  const kind = kindKey(lesson.kind);
  const openable = isOpenable(lesson);
  const target = openable && lesson.kind !== 'audio' ? lessonTarget(lesson, actions.courseId) : null;
  const playing = lesson.kind === 'audio' && lesson.contentId !== null && lesson.contentId === actions.playingContentId;
  const study = studyOf(records, lesson.contentId);
  const label = lesson.kind === 'audio' ? t('playTitle', { title: lesson.title }) : t('openTitle', { title: lesson.title });
  const title = <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{lesson.title}</span>;

  let titleCell;
  if (!openable) {
    titleCell = <span style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{title}</span>;
  } else if (target !== null) {
    titleCell = <Link to={target} aria-label={label} onClick={actions.leaving} style={{ display: 'flex', minWidth: 0 }}>{title}</Link>;
  } else {
    titleCell = <Button type="link" aria-label={label} onClick={() => actions.play(lesson)} style={{ padding: 0, height: 'auto', maxWidth: '100%' }}>▶ {title}</Button>;
  }

  return (
    <li
      data-testid="course-lesson" data-lesson-id={lesson.id} data-openable={openable} aria-current={playing ? 'true' : undefined}
      style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '12px 8px', borderBottom: '1px solid var(--portal-border, #f0f0f0)', background: playing ? 'var(--portal-fill, #f5f7fa)' : undefined }}
    >
      <span style={{ flex: '0 0 3em', textAlign: 'right', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))', fontVariantNumeric: 'tabular-nums' }}>{position}</span>
      <Tag style={{ flex: '0 0 auto', minWidth: '5.5em', textAlign: 'center', marginInlineEnd: 0 }}>{kind ? t(kind) : lesson.kind}</Tag>
      <span style={{ flex: 1, minWidth: 0, display: 'flex' }}>{titleCell}</span>
      {playing && <span style={{ flex: '0 0 auto', color: 'var(--portal-primary-text, #1677ff)' }}>{t('playing')}</span>}
      <span style={{ flex: '0 0 auto', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))', fontVariantNumeric: 'tabular-nums' }}>
        {lesson.duration > 0 ? formatDuration(lesson.duration) : ''}
      </span>
      <span style={{ flex: '0 0 6em', textAlign: 'right' }}>
        {lesson.contentId === null ? <Tag style={{ marginInlineEnd: 0 }}>{t('notReady')}</Tag> : <StudyTag study={study} />}
      </span>
    </li>
  );
}

/** The chapters in order, each with its lessons numbered chapter.lesson. */
export function CourseCatalogue({ phases, records, actions }: { phases: readonly CoursePhase[]; records: readonly ProgressResponse[]; actions: LessonActions }) {
  const t = useCourseDetailTexts();
  return (
    <section className="course-detail-catalogue" aria-labelledby="course-detail-catalogue">
      <h2 id="course-detail-catalogue" className="course-detail__section-title">{t('catalogue')}</h2>
      {phases.length === 0 && <p style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('noChapters')}</p>}
      {phases.map((phase, p) => (
        <section key={phase.id} data-testid="course-chapter" aria-labelledby={`course-chapter-${phase.id}`} style={{ marginBottom: 16 }}>
          <h3 id={`course-chapter-${phase.id}`} style={{ margin: '16px 0 4px', fontSize: 16, fontWeight: 600 }}>{phase.title}</h3>
          {phase.contents.length === 0
            ? <p style={{ margin: '4px 8px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('noLessons')}</p>
            : (
              <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {phase.contents.map((lesson, l) => (
                  <LessonRow key={lesson.id} lesson={lesson} position={`${p + 1}.${l + 1}`} records={records} actions={actions} />
                ))}
              </ol>
            )}
        </section>
      ))}
    </section>
  );
}
