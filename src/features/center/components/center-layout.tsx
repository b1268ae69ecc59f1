// The personal center's frame: a side menu (the study group: my courses, topics, micro-lessons, knowledge,
// favourites, comments, study record, practice and homework; the work group for teachers, markers and
// invigilators, with the to-do counts; then my info, account security, message center) and the section's content.
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useWorkRoles, useWorkTodo, type TodoKind, type WorkRoles, type WorkTodo } from '../../../api/work';
import { useWorkTexts, type WorkText } from '../work/work-texts';
import { useGrowthTexts } from './growth-texts';
import { useInfoTexts } from './info-texts';
import { useShopContentTexts } from './shop-content-texts';
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

/** Issue 18: practice and homework, after the exams (their texts are the work center's). */
const STUDY_MORE = [
  { to: '/user/center/study/myTest', key: 'myTest' },
  { to: '/user/center/study/myHomework', key: 'myHomework' },
] as const;

/** Issue 19: tasks, the learning file, credentials, competitions, sharing and notices. */
const GROWTH_SECTIONS = [
  { to: '/user/center/study/myTask', key: 'myTask' },
  { to: '/user/center/study/myMemberTask', key: 'myMemberTask' },
  { to: '/archives', key: 'archives' },
  { to: '/user/center/study/myCredentials', key: 'myCredentials' },
  { to: '/user/center/study/myMatch', key: 'myMatch' },
  { to: '/user/center/study/myShare', key: 'myShare' },
  { to: '/user/center/study/myArticle', key: 'myArticle' },
  { to: '/user/center/study/myNotice', key: 'myNotice' },
] as const;

/** Issue 20: spec learning §2 "Personal center" shop and content. */
const SHOP_SECTIONS = [
  { to: '/user/center/shop/shopMy', key: 'shopMy' },
  { to: '/user/center/shop/shopOrder', key: 'shopOrder' },
  { to: '/user/center/shop/shopAddress', key: 'shopAddress' },
  { to: '/user/center/shop/shopFavorite', key: 'shopFavorite' },
  { to: '/user/center/shop/shopBookshelf', key: 'shopBookshelf' },
  { to: '/user/center/shop/shopReserve', key: 'shopReserve' },
  { to: '/user/center/shop/shopContract', key: 'shopContract' },
] as const;
const CONTENT_SECTIONS = [
  { to: '/user/center/content/myWorks', key: 'myWorks' },
  { to: '/user/center/content/myFollow', key: 'myFollow' },
  { to: '/user/center/content/myComment', key: 'contentComment' },
] as const;

type Role = keyof Omit<WorkRoles, 'any'>;

/**
 * spec learning §2 "Personal center" work and §6 (who sees it is ours: the user's grants, UserInfo.roles):
 * each entry for the roles it serves, with the to-do count of the kind it handles.
 */
export const WORK_SECTIONS: readonly { to: string; key: WorkText; roles: readonly Role[]; count?: TodoKind | 'total' }[] = [
  { to: '/user/center/work/myToDoList', key: 'myToDoList', roles: ['teacher', 'marker', 'invigilator'], count: 'total' },
  { to: '/user/center/work/myWork', key: 'myWork', roles: ['teacher'], count: 'homework' },
  { to: '/user/center/work/myZuoye', key: 'myZuoye', roles: ['teacher'] },
  { to: '/user/center/work/myExamMarking', key: 'myExamMarking', roles: ['marker'], count: 'marking' },
  { to: '/user/center/work/myExamInvigilate', key: 'myExamInvigilate', roles: ['invigilator'], count: 'invigilate' },
  { to: '/user/center/work/myClasses', key: 'myClasses', roles: ['teacher'] },
  { to: '/user/center/work/myCourse', key: 'myCourse', roles: ['teacher'], count: 'live' },
  { to: '/user/center/work/myContent', key: 'myContent', roles: ['teacher'], count: 'review' },
];

/** The count an entry shows: the to-do's total, or its kind's group; undefined while unknown. */
function countOf(todo: WorkTodo | undefined, kind: TodoKind | 'total' | undefined): number | undefined {
  if (!todo || !kind) return undefined;
  if (kind === 'total') return todo.total;
  return todo.groups.find((g) => g.kind === kind)?.count;
}

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'portal-center__link portal-center__link--active' : 'portal-center__link');

/** The work group of the menu: only for a user with a teacher, marker or invigilator grant. */
function WorkMenu() {
  const w = useWorkTexts();
  const roles = useWorkRoles();
  const todo = useWorkTodo(roles.any);
  if (!roles.any) return null;
  const sections = WORK_SECTIONS.filter((s) => s.roles.some((r) => roles[r]));
  return (
    <>
      <h3 className="portal-center__group">{w('work')}</h3>
      <ul data-testid="center-work-menu">
        {sections.map((s) => {
          const n = countOf(todo.data, s.count);
          return (
            <li key={s.key}>
              <NavLink to={s.to} className={linkClass} data-testid={`work-menu-${s.key}`}>
                {w(s.key)}
                {n !== undefined && n > 0 && (
                  <span className="portal-center__count" data-testid={`work-count-${s.key}`}>
                    <span aria-hidden="true">{n > 99 ? '99+' : n}</span>
                    <span className="portal-center__sr">{w('waiting', { n })}</span>
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </>
  );
}

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
  const w = useWorkTexts();
  const g = useGrowthTexts();
  const sc = useShopContentTexts();
  const [editing, setEditing] = useState(false);
  return (
    <div className="portal-center" data-testid={testId}>
      <nav className="portal-center__menu" aria-label={t('center')}>
        <h2>{t('center')}</h2>
        <h3 className="portal-center__group">{study('study')}</h3>
        <ul>
          {STUDY_SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink to={s.to} className={linkClass}>
                {study(s.key)}
              </NavLink>
            </li>
          ))}
          {STUDY_MORE.map((s) => (
            <li key={s.key}>
              <NavLink to={s.to} className={linkClass}>{w(s.key)}</NavLink>
            </li>
          ))}
        </ul>
        <h3 className="portal-center__group">{g('growth')}</h3>
        <ul>
          {GROWTH_SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink to={s.to} className={linkClass}>{g(s.key)}</NavLink>
            </li>
          ))}
        </ul>
        <h3 className="portal-center__group">{sc('shop')}</h3>
        <ul>
          {SHOP_SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink to={s.to} className={linkClass}>{sc(s.key)}</NavLink>
            </li>
          ))}
        </ul>
        <h3 className="portal-center__group">{sc('content')}</h3>
        <ul>
          {CONTENT_SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink to={s.to} className={linkClass}>{sc(s.key)}</NavLink>
            </li>
          ))}
        </ul>
        <WorkMenu />
        <h3 className="portal-center__group">{study('account')}</h3>
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink to={s.to} className={linkClass}>
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
