// /user/center/study/myCourse (spec learning §2 "Personal center"): the courses I studied in, newest
// study first, each with my progress (lessons weigh the same, a finished one 100, one begun its
// share) and a link to the course.
import { List, Progress } from 'antd';
import { Link } from 'react-router';
import { useMyCourses, type StudiedCourse } from '../api/my-study';
import { CenterLayout } from '../components/center-layout';
import { shortTime, StudyCover, StudyList, usePaging } from '../components/study-list';
import { useStudyTexts } from '../components/study-texts';

/** My progress on a course in whole percent, as the server measures it (the course page shows the same). */
export const coursePercent = (c: Pick<StudiedCourse, 'percentage'>) => Math.min(100, Math.max(0, Math.floor(c.percentage)));

export default function MyCoursePage() {
  const t = useStudyTexts();
  const { page, onPage } = usePaging();
  const query = useMyCourses(page);
  return (
    <CenterLayout title={t('myCourse')} testId="my-course">
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-course-list"
        empty={{ text: t('noCourse'), linkText: t('findCourse'), to: '/course' }}
        rowKey={(c) => c.id}
        renderRow={(c) => {
          const to = `/course/detail/${c.id}`;
          const percent = coursePercent(c);
          return (
            <List.Item data-testid="my-course-item" data-id={c.id}>
              <div className="portal-study__row">
                <StudyCover to={to} cover={c.cover} />
                <div className="portal-study__body">
                  <Link to={to} className="portal-study__title">{c.title}</Link>
                  <div className="portal-study__meta">
                    {[c.teacherName, t('lessons', { done: c.finishedCount, all: c.lessonCount }), t('lastStudy', { time: shortTime(c.lastStudyTime) })].filter(Boolean).join(' · ')}
                  </div>
                  <Progress percent={percent} size="small" status={percent >= 100 ? 'success' : 'normal'} aria-label={t('progressOf', { title: c.title })} />
                </div>
              </div>
            </List.Item>
          );
        }}
      />
    </CenterLayout>
  );
}
