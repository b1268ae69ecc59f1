// The personal center's frame: a side menu (the study group: my courses, topics, micro-lessons, knowledge,
// favourites, comments, study record; then my info, account security, message center) and the section's content.
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useInfoTexts } from './info-texts';
import { ProfileDialog } from './profile-dialog';
import { useStudyTexts } from './study-texts';
import { useCenterTexts } from './texts';
import './center.css';

/** spec learning §2 "Personal center" study: the sections of the study group. */
const STUDY_SECTIONS = [
  { to: '/user/center/study/myCourse', key: 'myCourse' },
  { to: '/user/center/study/mySubject', key: 'mySubject' },
  { to: '/user/center/study/myChatRoom', key: 'myChatRoom' },
  { to: '/user/center/study/myClasses', key: 'myClasses' },
  { to: '/user/center/study/myGroup', key: 'myGroup' },
  { to: '/classes/statisList', key: 'myClassStatis' },
  { to: '/activity', key: 'myActivity' },
  { to: '/user/center/study/myKnowledge/1', key: 'myMicro' },
  { to: '/user/center/study/myKnowledge/2', key: 'myKnowledge' },
  { to: '/user/center/study/myFavorites', key: 'myFavorites' },
  { to: '/user/center/study/myComment', key: 'myComment' },
  { to: '/user/center/study/myStudyRecord', key: 'myStudyRecord' },
  { to: '/user/center/study/myNewExam', key: 'myNewExam' },
  { to: '/user/center/study/myNewSurvey', key: 'myNewSurvey' },
] as const;

const SECTIONS = [
  { to: '/user/center/study/myInfo', key: 'myInfo' },
  { to: '/user/center/study/mySafe', key: 'mySafe' },
  { to: '/user/center/study/myNews', key: 'myNews' },
] as const;

/** Wraps a personal-center section with the side menu. */
export function CenterLayout({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const t = useCenterTexts();
  const study = useStudyTexts();
  const info = useInfoTexts();
  const [editing, setEditing] = useState(false);
  return (
    <div className="portal-center" data-testid={testId}>
      <nav className="portal-center__menu" aria-label={t('center')}>
        <h2>{t('center')}</h2>
        <h3 className="portal-center__group">{study('study')}</h3>
        <ul>
          {STUDY_SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink to={s.to} className={({ isActive }) => (isActive ? 'portal-center__link portal-center__link--active' : 'portal-center__link')}>
                {study(s.key)}
              </NavLink>
            </li>
          ))}
        </ul>
        <h3 className="portal-center__group">{study('account')}</h3>
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink to={s.to} className={({ isActive }) => (isActive ? 'portal-center__link portal-center__link--active' : 'portal-center__link')}>
                {t(s.key)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="portal-center__edit">
          <Button size="small" onClick={() => setEditing(true)} data-testid="open-profile-dialog">
            {info('editProfile')}
          </Button>
        </div>
        <ProfileDialog open={editing} onClose={() => setEditing(false)} />
      </nav>
      <section className="portal-center__content" aria-labelledby="center-title">
        <h1 id="center-title" className="portal-center__title">{title}</h1>
        {children}
      </section>
    </div>
  );
}
