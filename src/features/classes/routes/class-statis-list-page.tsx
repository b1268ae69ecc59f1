// /classes/statisList (spec learning §2 "Login required"): the classes I teach or study in (the
// circles list is exactly those: member or teacher), each with its headline figures from
// classes/statis — members, average completion, attendance rate, time studied — and a link to the
// class's statistics. 10 a page; each row reads its own figures.
import { Button, Empty, List, Pagination, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useClassStatis, useMyTeachingAndStudy, type Circle } from '../api/use-class-tools';
import { LoadError, studyTime } from '../components/tool-page';
import { useToolTexts } from '../components/tools-texts';

const PAGE_SIZE = 10;

function Figures({ id }: { id: number }) {
  const t = useToolTexts();
  const s = useClassStatis(id);
  if (s.isPending) return <Skeleton.Input active size="small" style={{ width: 320 }} />;
  if (s.isError) return <span role="alert">{s.error.message}</span>;
  const d = s.data;
  const items = [
    [t('members'), d.memberCount],
    [t('avgCompletion'), `${d.averagePercentage}%`],
    [t('attendanceRate'), `${d.attendanceRate}%`],
    [t('totalTime'), studyTime(t, d.totalStudySeconds)],
  ] as const;
  return (
    <dl data-testid="statis-list-figures" style={{ display: 'flex', gap: 24, margin: 0, flexWrap: 'wrap' }}>
      {items.map(([k, v]) => (
        <div key={k}><dt style={{ fontSize: 12, color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{k}</dt><dd style={{ margin: 0, fontSize: 18, fontWeight: 600 }}>{v}</dd></div>
      ))}
    </dl>
  );
}

function Row({ c }: { c: Circle }) {
  const t = useToolTexts();
  const to = `/classes/statis?classesId=${c.id}`;
  return (
    <List.Item data-testid="statis-list-item" data-id={c.id} actions={[<Link key="go" to={to}>{t('viewStatis')}</Link>]}>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap', width: '100%' }}>
        <div style={{ minWidth: 220, flex: '0 0 auto' }}>
          <Link to={to} style={{ fontSize: 16, fontWeight: 600 }}>{c.title}</Link>{' '}
          <Tag color={c.isTeacher ? 'gold' : 'blue'}>{t(c.isTeacher ? 'asTeacher' : 'asLearner')}</Tag>
        </div>
        <Figures id={c.id} />
      </div>
    </List.Item>
  );
}

export default function ClassStatisListPage() {
  const t = useToolTexts();
  const [pageNo, setPageNo] = useState(1);
  const query = useMyTeachingAndStudy({ pageNo, pageSize: PAGE_SIZE });
  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (query.isError) body = <LoadError error={query.error} retry={() => void query.refetch()} />;
  else if (query.data.total === 0) body = <Empty description={t('noStatisClasses')}><Link to="/classes"><Button type="primary">{t('findClasses')}</Button></Link></Empty>;
  else {
    body = (
      <>
        <List dataSource={query.data.list} rowKey="id" renderItem={(c) => <Row c={c} />} />
        {query.data.total > PAGE_SIZE && <Pagination style={{ marginTop: 16, justifyContent: 'center' }} current={pageNo} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPageNo} showSizeChanger={false} />}
      </>
    );
  }
  return (
    <div data-testid="class-statis-list-page" style={{ padding: '24px 0 48px' }}>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '24px 32px' }}>
        <h1 style={{ margin: 0, fontSize: 22, fontWeight: 600 }}>{t('statisListTitle')}</h1>
        <p style={{ margin: '4px 0 16px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('statisListHint')}</p>
        {body}
      </div>
    </div>
  );
}
