// /user/center/work/myCourse (spec learning §2 "Personal center" work: myCourse, the teaching schedule;
// issue 18: "the teacher's classes' phases and live rooms on a calendar"): a month calendar (antd
// Calendar) with the phases that open and the rooms that start each day, and the same month as a
// list by day, for keyboard and screen-reader users (and for a quick read).
import { Button, Calendar, Empty, List, Segmented, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useWorkRoles, useWorkSchedule, type WorkSchedule } from '../../../api/work';
import { CenterLayout } from '../components/center-layout';
import { QueryState, WorkGate } from './work-gate';
import { useWorkTexts } from './work-texts';
import './work.css';

/** One thing on a day: a phase that opens, or a room that starts. */
interface DayItem {
  key: string;
  kind: 'phase' | 'room';
  title: string;
  detail: string;
  at: Dayjs;
  to: string;
  state?: 'upcoming' | 'live' | 'ended';
}

/** The schedule's items by local day (YYYY-MM-DD), each day's in time order. */
export function itemsByDay(schedule: WorkSchedule, span: (start: string, end: string) => string): Map<string, DayItem[]> {
  const days = new Map<string, DayItem[]>();
  const add = (item: DayItem) => {
    const day = item.at.format('YYYY-MM-DD');
    days.set(day, [...(days.get(day) ?? []), item]);
  };
  for (const p of schedule.phases) {
    add({
      key: `p${p.phaseId}`, kind: 'phase', title: p.title, detail: `${p.classesTitle} · ${span(p.start, p.end)}`, at: dayjs(p.start),
      to: `/classes/detail/${p.classesId}`,
    });
  }
  for (const r of schedule.rooms) {
    add({ key: `r${r.id}`, kind: 'room', title: r.title, detail: r.classesTitle ?? '', at: dayjs(r.startTime), to: `/chatRoom/detail/${r.id}`, state: r.liveState });
  }
  for (const list of days.values()) list.sort((a, b) => a.at.valueOf() - b.at.valueOf());
  return days;
}

function Schedule() {
  const t = useWorkTexts();
  const roles = useWorkRoles();
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const [view, setView] = useState<'calendar' | 'list'>('calendar');
  // The month with the grid's edges: a week either side (well within the server's 93 days).
  const from = month.subtract(7, 'day').toISOString();
  const to = month.add(1, 'month').add(7, 'day').toISOString();
  const query = useWorkSchedule(from, to, roles.teacher);
  const span = (start: string, end: string) => t('phaseSpan', { start: dayjs(start).format('MM-DD'), end: dayjs(end).format('MM-DD') });
  const days = query.data ? itemsByDay(query.data, span) : new Map<string, DayItem[]>();
  const inMonth = [...days.entries()].filter(([d]) => dayjs(d).isSame(month, 'month')).sort(([a], [b]) => a.localeCompare(b));

  const label = (i: DayItem) => (i.kind === 'phase' ? t('phase') : `${t('room')} ${i.at.format('HH:mm')}`);
  return (
    <>
      <div className="portal-work__toolbar">
        <Segmented
          aria-label={t('viewMode')} value={view} onChange={(v) => setView(v as 'calendar' | 'list')}
          options={[{ value: 'calendar', label: t('calendar') }, { value: 'list', label: t('list') }]} data-testid="course-view"
        />
        <Typography.Text>{t('monthOf', { month: month.format('YYYY-MM') })}</Typography.Text>
      </div>
      <QueryState query={query} testId="work-course">
        {() => (view === 'calendar' ? (
          <div data-testid="course-calendar" className="portal-work__calendar">
          <Calendar
            value={month.isSame(dayjs(), 'month') ? dayjs() : month}
            // Our own header: labelled buttons instead of antd's unlabelled year and month selects.
            headerRender={() => (
              <div className="portal-work__calendar-head">
                <Button size="small" onClick={() => setMonth(month.subtract(1, 'month'))} data-testid="course-prev">{t('prevMonth')}</Button>
                <Button size="small" onClick={() => setMonth(dayjs().startOf('month'))}>{t('thisMonth')}</Button>
                <Button size="small" onClick={() => setMonth(month.add(1, 'month'))} data-testid="course-next">{t('nextMonth')}</Button>
              </div>
            )}
            fullscreen
            cellRender={(d, info) => {
              if (info.type !== 'date') return info.originNode;
              const list = days.get(d.format('YYYY-MM-DD'));
              if (!list) return null;
              return (
                <ul className="portal-work__cell" data-testid="course-cell" data-date={d.format('YYYY-MM-DD')}>
                  {list.map((i) => (
                    <li key={i.key} className={i.kind === 'phase' ? 'portal-work__tag-phase' : 'portal-work__tag-room'} title={`${label(i)} ${i.title}`}>
                      {label(i)} {i.title}
                    </li>
                  ))}
                </ul>
              );
            }}
          />
          </div>
        ) : inMonth.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nothingThisMonth')} />
        ) : (
          <div data-testid="course-list">
            {inMonth.map(([day, list]) => (
              <section key={day} aria-labelledby={`course-day-${day}`}>
                <h2 id={`course-day-${day}`} className="portal-work__day">{dayjs(day).format('YYYY-MM-DD dddd')}</h2>
                <List
                  size="small" dataSource={list} rowKey={(i) => i.key}
                  renderItem={(i) => (
                    <List.Item data-testid="course-item" data-kind={i.kind}>
                      <span>
                        <Tag color={i.kind === 'phase' ? 'blue' : 'magenta'}>{label(i)}</Tag>
                        <Link to={i.to}>{i.title}</Link>
                        {i.state && <> <Tag>{t(`live_${i.state}`)}</Tag></>}
                      </span>
                      <span className="portal-work__meta">{i.detail}</span>
                    </List.Item>
                  )}
                />
              </section>
            ))}
          </div>
        ))}
      </QueryState>
      {view === 'calendar' && query.isSuccess && inMonth.length === 0 && <Typography.Paragraph type="secondary">{t('nothingThisMonth')}</Typography.Paragraph>}
    </>
  );
}

export default function WorkCoursePage() {
  const t = useWorkTexts();
  return (
    <CenterLayout title={t('myCourse')} testId="work-course-page">
      <WorkGate role="teacher">
        <Schedule />
      </WorkGate>
    </CenterLayout>
  );
}
