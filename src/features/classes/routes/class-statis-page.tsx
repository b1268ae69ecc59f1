// /classes/statis?classesId= (spec learning §2 "Login required"; §7 classes statis, statisList):
// a class's statistics — members, completion per phase and per course, attendance per session and
// overall, time studied, comments — drawn with plain SVG and CSS; my own figures; and, for the
// class's teacher (classesAdminAuth canViewStatistics), every member's figures, 10 a page.
import { Empty, Pagination, Skeleton, Statistic, Table, Tag } from 'antd';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useClassAuth, useClassStatis, useMemberStatis, type ClassStatis, type MemberStatis } from '../api/use-class-tools';
import { day } from '../components/class-format';
import { Bars, Columns, Ring } from '../components/statis-charts';
import { LoadError, studyTime, ToolPage, useClassesIdParam } from '../components/tool-page';
import { useToolTexts } from '../components/tools-texts';

const MEMBER_PAGE = 10;

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section data-testid={testId} style={{ marginTop: 28 }}>
      <h2 style={{ fontSize: 17, fontWeight: 600, margin: '0 0 12px' }}>{title}</h2>
      {children}
    </section>
  );
}

function Headline({ s }: { s: ClassStatis }) {
  const t = useToolTexts();
  const figures = [
    { key: 'members', title: t('members'), value: s.memberCount },
    { key: 'finished', title: t('finishedMembers'), value: s.finishedMembers },
    { key: 'total-time', title: t('totalTime'), value: studyTime(t, s.totalStudySeconds) },
    { key: 'avg-time', title: t('avgTime'), value: studyTime(t, s.averageStudySeconds) },
    { key: 'comments', title: t('comments'), value: s.commentCount },
  ];
  return (
    <div style={{ display: 'flex', gap: 32, flexWrap: 'wrap', alignItems: 'center' }}>
      <Ring percent={s.averagePercentage} label={t('avgCompletion')} />
      <Ring percent={s.attendanceRate} label={t('attendanceRate')} />
      <ul style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 16, flex: 1, margin: 0, padding: 0, listStyle: 'none' }}>
        {figures.map((f) => (
          // A list of antd Statistics (each a title and a value in divs): a <dl> may not hold them (axe definition-list).
          <li key={f.key} data-testid={`statis-${f.key}`}>
            <Statistic title={f.title} value={f.value} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Mine({ m }: { m: MemberStatis }) {
  const t = useToolTexts();
  return (
    <Panel title={t('mine')} testId="statis-mine">
      <div style={{ display: 'flex', gap: 24, alignItems: 'center', flexWrap: 'wrap' }}>
        <Ring percent={m.percentage} label={t('completion')} size={80} />
        <ul style={{ margin: 0, paddingLeft: 18, lineHeight: 2 }}>
          <li>{t('myCompletion', { n: m.finishedCount, m: m.itemCount })}</li>
          <li data-testid="statis-mine-attendance">{t('myAttendance', { n: m.attendanceCount, rate: m.attendanceRate })}</li>
          <li>{t('myTime', { time: studyTime(t, m.studySeconds) })}</li>
          {m.score !== null && <li>{t('score')}: {m.score} {m.passed !== null && <Tag color={m.passed ? 'success' : 'error'}>{t(m.passed ? 'pass' : 'fail')}</Tag>}</li>}
        </ul>
      </div>
    </Panel>
  );
}

function MemberTable({ classesId }: { classesId: number }) {
  const t = useToolTexts();
  const [pageNo, setPageNo] = useState(1);
  const query = useMemberStatis(classesId, { pageNo, pageSize: MEMBER_PAGE });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError) return <LoadError error={query.error} retry={() => void query.refetch()} />;
  return (
    <>
      <Table<MemberStatis>
        size="small" rowKey="userId" pagination={false} dataSource={query.data.list} data-testid="statis-members" scroll={{ x: true }}
        onRow={() => ({ 'data-testid': 'statis-member' }) as HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'name', title: t('name'), render: (_, m) => <span>{m.name}<br /><small>{day(m.enrolledAt)}</small></span> },
          { key: 'completion', title: t('completion'), render: (_, m) => `${m.percentage}% (${m.finishedCount}/${m.itemCount})` },
          { key: 'time', title: t('totalTime'), render: (_, m) => studyTime(t, m.studySeconds) },
          { key: 'attendance', title: t('attendanceRate'), render: (_, m) => `${m.attendanceRate}% (${m.attendanceCount})` },
          { key: 'comments', title: t('comments'), dataIndex: 'commentCount' },
          { key: 'score', title: t('score'), render: (_, m) => (m.score === null ? '—' : <>{m.score} {m.passed !== null && <Tag color={m.passed ? 'success' : 'error'}>{t(m.passed ? 'pass' : 'fail')}</Tag>}</>) },
        ]}
      />
      {query.data.total > MEMBER_PAGE && <Pagination size="small" style={{ marginTop: 12, justifyContent: 'center' }} current={pageNo} pageSize={MEMBER_PAGE} total={query.data.total} onChange={setPageNo} />}
    </>
  );
}

function Statis({ classesId }: { classesId: number }) {
  const t = useToolTexts();
  const auth = useClassAuth(classesId);
  const query = useClassStatis(classesId);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError) return <LoadError error={query.error} retry={() => void query.refetch()} />;
  const s = query.data;
  const phaseTitle = new Map(s.phases.map((p) => [p.phaseId, p.title]));
  return (
    <div data-testid="class-statis" data-class-id={s.classesId}>
      <p style={{ margin: '0 0 16px', fontSize: 16 }}>{s.title}</p>
      <Headline s={s} />
      <Panel title={t('byPhase')}>
        <Bars testId="statis-phases" empty={t('noPhases')} bars={s.phases.map((p) => ({ key: p.phaseId, label: p.title, percent: p.averagePercentage, note: t('finishedOf', { n: p.finishedMembers, m: s.memberCount }) }))} />
      </Panel>
      <Panel title={t('byItem')}>
        <Bars
          testId="statis-items" empty={t('noPhases')}
          bars={s.items.map((i) => ({ key: i.itemId, label: `${phaseTitle.get(i.phaseId) ?? ''} · ${i.title}`, percent: i.averagePercentage, note: t('finishedOf', { n: i.finishedMembers, m: s.memberCount }) }))}
        />
      </Panel>
      <Panel title={`${t('bySession')} · ${t('sessions', { n: s.sessionCount })}`}>
        <Columns
          testId="statis-sessions" title={t('bySession')} empty={t('noSessionsStarted')}
          // Only sessions that have started: a future one's 0 % is not an attendance figure.
          bars={s.sessions.filter((x) => Date.parse(x.startTime) <= Date.now()).map((x) => ({
            key: x.sessionId, label: x.title, short: day(x.startTime).slice(5), percent: x.rate, note: t('signedOf', { n: x.signedCount, rate: x.rate }),
          }))}
        />
      </Panel>
      {s.member && <Mine m={s.member} />}
      {auth.data?.canViewStatistics
        ? <Panel title={t('memberTable')} testId="statis-member-panel"><MemberTable classesId={classesId} /></Panel>
        : auth.data && !s.member && <Empty description={t('notTeacher')} />}
    </div>
  );
}

export default function ClassStatisPage() {
  const t = useToolTexts();
  const classesId = useClassesIdParam();
  return (
    <ToolPage classesId={classesId} testId="class-statis-page" title={t('statisTitle')} extra={<Link to="/classes/statisList" data-testid="class-statis-all">{t('statisListTitle')}</Link>}>
      {classesId !== null && <Statis classesId={classesId} />}
    </ToolPage>
  );
}
