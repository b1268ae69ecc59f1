// /activity (spec learning §2 "Login required"): my activity feed — classes I enrolled in,
// sign-ins, courses finished, live rooms joined, comments and circle posts — newest first, 15 a
// page, with tabs by kind; each event links to what it is about (the server gives the route).
import { Button, Empty, Pagination, Skeleton, Tabs, Timeline } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useActivity, type ActivityType } from '../api/use-class-tools';
import { dayTime } from '../components/class-format';
import { LoadError } from '../components/tool-page';
import { useToolTexts, type ToolText } from '../components/tools-texts';

const PAGE_SIZE = 15;

const KINDS: Array<{ type: ActivityType; text: ToolText; colour: string }> = [
  { type: 'enrol', text: 'enrol', colour: 'blue' },
  { type: 'signIn', text: 'signInType', colour: 'green' },
  { type: 'courseFinish', text: 'courseFinish', colour: 'gold' },
  { type: 'liveJoin', text: 'liveJoin', colour: 'red' },
  { type: 'comment', text: 'comment', colour: 'purple' },
  { type: 'post', text: 'postType', colour: 'cyan' },
];
const KIND = new Map(KINDS.map((k) => [k.type, k]));

/** A route the server gave, kept only when it is a portal path (never another origin). */
const safeLink = (link: string) => (/^\/[^/\\]/.test(link) ? link : null);

export default function ActivityPage() {
  const t = useToolTexts();
  const [type, setType] = useState<ActivityType | 'all'>('all');
  const [pageNo, setPageNo] = useState(1);
  const query = useActivity(type === 'all' ? undefined : type, { pageNo, pageSize: PAGE_SIZE });
  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (query.isError) body = <LoadError error={query.error} retry={() => void query.refetch()} />;
  else if (query.data.total === 0) body = <Empty description={t('noActivity')}><Link to="/classes"><Button type="primary">{t('findClasses')}</Button></Link></Empty>;
  else {
    body = (
      <>
        <Timeline
          items={query.data.list.map((a, i) => {
            const kind = KIND.get(a.type);
            const to = safeLink(a.link);
            return {
              key: `${a.type}-${a.at}-${i}`,
              color: kind?.colour ?? 'gray',
              content: (
                <div data-testid="activity-item" data-type={a.type}>
                  <div>
                    <strong>{kind ? t(kind.text) : a.type}</strong>{' '}
                    {to ? <Link to={to} style={{ textDecoration: 'underline' }}>{a.targetTitle}</Link> : <span>{a.targetTitle}</span>}
                  </div>
                  {a.detail && <div style={{ whiteSpace: 'pre-wrap' }}>{a.detail}</div>}
                  <time dateTime={a.at} style={{ fontSize: 12, color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{dayTime(a.at)}</time>
                </div>
              ),
            };
          })}
        />
        {query.data.total > PAGE_SIZE && <Pagination style={{ marginTop: 16, justifyContent: 'center' }} current={pageNo} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPageNo} showSizeChanger={false} />}
      </>
    );
  }
  return (
    <div data-testid="activity-page" style={{ padding: '24px 0 48px' }}>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '24px 32px' }}>
        <h1 style={{ margin: 0, fontSize: 22, fontWeight: 600 }}>{t('activityTitle')}</h1>
        <Tabs
          activeKey={type} onChange={(k) => { setType(k as ActivityType | 'all'); setPageNo(1); }}
          items={[{ key: 'all', label: t('allTypes') }, ...KINDS.map((k) => ({ key: k.type, label: t(k.text) }))]}
        />
        <section data-testid="activity-list" aria-busy={query.isFetching}>{body}</section>
      </div>
    </div>
  );
}
