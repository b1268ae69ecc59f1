// /user/center/study/myGroup (spec learning §2 "Personal center" study/myGroup): my discussion
// circles — one per class I am a member or teacher of — with members, posts and the last post's
// time; each opens /circle/detail/{id}.
import { Avatar, List, Tag } from 'antd';
import { Link } from 'react-router';
import { useMyCircles } from '../api/my-classes';
import { CenterLayout } from '../components/center-layout';
import { shortTime, StudyList, usePaging } from '../components/study-list';
import { useStudyTexts } from '../components/study-texts';

export default function MyGroupPage() {
  const t = useStudyTexts();
  const { page, onPage } = usePaging();
  const query = useMyCircles(page);
  return (
    <CenterLayout title={t('myGroup')} testId="my-group">
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-group-list"
        empty={{ text: t('noCircles'), linkText: t('findClassesToo'), to: '/classes' }}
        rowKey={(c) => c.id}
        renderRow={(c) => {
          const to = `/circle/detail/${c.id}`;
          return (
            <List.Item data-testid="my-group-item" data-id={c.id} actions={[<Link key="go" to={to}>{t('enterCircle')}</Link>]}>
              <div className="portal-study__row">
                <Link to={to} aria-hidden="true" tabIndex={-1}><Avatar shape="square" size={64} src={c.cover ?? undefined}>{c.title.slice(0, 1)}</Avatar></Link>
                <div className="portal-study__body">
                  <Link to={to} className="portal-study__title">{c.title}</Link> {c.isTeacher && <Tag color="gold">{t('circleTeacher')}</Tag>}
                  <div className="portal-study__meta">
                    {t('circleMeta', { members: c.memberCount, posts: c.postCount })}
                    {c.lastPostTime ? ` · ${t('circleLast', { time: shortTime(c.lastPostTime) })}` : ''}
                  </div>
                </div>
              </div>
            </List.Item>
          );
        }}
      />
    </CenterLayout>
  );
}
