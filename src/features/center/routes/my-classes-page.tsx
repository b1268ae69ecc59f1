// /user/center/study/myClasses (spec learning §2 "Personal center": study/myClasses): the classes I
// am enrolled in, newest enrolment first, with tabs by class state; each opens its detail page.
import { List, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ClassState } from '../../../api/classes';
import { useMyClasses } from '../api/my-classes';
import { CenterLayout } from '../components/center-layout';
import { useMyClassesTexts } from '../components/classes-texts';
import { shortTime, StudyCover, StudyList, usePaging } from '../components/study-list';
import { useStudyTexts } from '../components/study-texts';

const STATES = [
  { key: 0, tab: 'tabAll', tag: '', colour: '' },
  { key: 1, tab: 'tabEnrolling', tag: 'stateEnrolling', colour: 'blue' },
  { key: 2, tab: 'tabRunning', tag: 'stateRunning', colour: 'green' },
  { key: 3, tab: 'tabFinished', tag: 'stateFinished', colour: 'default' },
] as const;

export default function MyClassesPage() {
  const study = useStudyTexts();
  const t = useMyClassesTexts();
  const [state, setState] = useState<0 | ClassState>(0);
  const { page, onPage } = usePaging();
  const query = useMyClasses(state === 0 ? undefined : state, page);
  const chosen = STATES[state];
  return (
    <CenterLayout title={study('myClasses')} testId="my-classes">
      <Tabs
        activeKey={String(state)} onChange={(key) => { setState(Number(key) as 0 | ClassState); onPage(1, page.pageSize); }}
        items={STATES.map((s) => ({ key: String(s.key), label: t(s.tab) }))}
      />
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-classes-list"
        empty={{ text: state === 0 ? t('empty') : t('emptyState', { state: t(chosen.tab) }), linkText: t('find'), to: '/classes' }}
        rowKey={(c) => c.id}
        renderRow={(c) => {
          const to = `/classes/detail/${c.id}`;
          // The schema sends state as an integer 1…3 (schemas/api/train.ts); an unknown one shows no tag.
          const s = STATES.find((x) => x.key !== 0 && x.key === c.state);
          return (
            <List.Item data-testid="my-classes-item" data-id={c.id}>
              <div className="portal-study__row">
                <StudyCover to={to} cover={c.cover} />
                <div className="portal-study__body">
                  <Link to={to} className="portal-study__title">{c.title}</Link>{' '}
                  {s?.tag && <Tag color={s.colour}>{t(s.tag)}</Tag>}
                  <div className="portal-study__meta">
                    {[c.teacherName, t('dates', { start: dayjs(c.startTime).format('YYYY-MM-DD'), end: dayjs(c.endTime).format('YYYY-MM-DD') })].filter(Boolean).join(' · ')}
                  </div>
                  <div className="portal-study__meta">
                    {[t('phases', { phases: c.phaseCount, items: c.itemCount }), t('enrolledAt', { time: shortTime(c.enrolledAt) })].join(' · ')}
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
