// /user/center/study/mySubject (spec learning §2 "Personal center"): the subjects (topics) I studied
// (one of their contents, or a lesson of one of their courses), newest study first, each with my
// progress (finished contents of all it holds, its courses' lessons included) and a link to it.
import { List, Progress } from 'antd';
import { Link } from 'react-router';
import { useMySubjects, type StudiedSubject } from '../api/my-study';
import { CenterLayout } from '../components/center-layout';
import { shortTime, StudyCover, StudyList, usePaging } from '../components/study-list';
import { useStudyTexts } from '../components/study-texts';

/** My share of a subject's contents, in whole percent; 0 for a subject with nothing to study. */
export const subjectPercent = (s: Pick<StudiedSubject, 'lessonCount' | 'finishedCount'>) =>
  (s.lessonCount > 0 ? Math.min(100, Math.floor((s.finishedCount * 100) / s.lessonCount)) : 0);

export default function MySubjectPage() {
  const t = useStudyTexts();
  const { page, onPage } = usePaging();
  const query = useMySubjects(page);
  return (
    <CenterLayout title={t('mySubject')} testId="my-subject">
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-subject-list"
        empty={{ text: t('noSubject'), linkText: t('findSubject'), to: '/subject' }}
        rowKey={(s) => s.id}
        renderRow={(s) => {
          const to = `/subject/detail/${s.id}`;
          const percent = subjectPercent(s);
          return (
            <List.Item data-testid="my-subject-item" data-id={s.id}>
              <div className="portal-study__row">
                <StudyCover to={to} cover={s.cover} />
                <div className="portal-study__body">
                  <Link to={to} className="portal-study__title">{s.title}</Link>
                  <div className="portal-study__meta">
                    {[
                      t('subjectItems', { courses: s.courseCount, items: s.itemCount }),
                      t('subjectLessons', { done: s.finishedCount, all: s.lessonCount }),
                      t('lastStudy', { time: shortTime(s.lastStudyTime) }),
                    ].join(' · ')}
                  </div>
                  <Progress percent={percent} size="small" status={percent >= 100 ? 'success' : 'normal'} aria-label={t('progressOf', { title: s.title })} />
                </div>
              </div>
            </List.Item>
          );
        }}
      />
    </CenterLayout>
  );
}
