// The members of a class (GET /train/api/classesMember/query): masked names, earliest enrolment
// first, 20 a page. Names arrive masked, and without photos, from the server; my own row is marked.
import { Avatar, Empty, Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { useClassMembers } from '../api/use-classes';
import { useClassTexts } from './texts';

const PAGE_SIZE = 20;

export function ClassMembers({ classId }: { classId: number }) {
  const t = useClassTexts();
  const [pageNo, setPageNo] = useState(1);
  const query = useClassMembers(classId, { pageNo, pageSize: PAGE_SIZE });
  let body;
  if (query.isPending) body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  else if (query.isError) body = <p role="alert">{query.error.message}</p>;
  else if (query.data.total === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMembers')} />;
  else {
    body = (
      <>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 16 }}>
          {query.data.list.map((m, i) => (
            <li key={`${pageNo}-${i}`} data-testid="class-member" data-me={m.isMe || undefined} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 6, fontSize: 13 }}>
              <Avatar size={40}>{m.name.slice(0, 1)}</Avatar>
              <span>{m.name}{m.isMe ? t('me') : ''}</span>
            </li>
          ))}
        </ul>
        {query.data.total > PAGE_SIZE && (
          <Pagination size="small" style={{ marginTop: 16, justifyContent: 'center' }} current={pageNo} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPageNo} />
        )}
      </>
    );
  }
  return (
    <section aria-labelledby="class-members-title" data-testid="class-members" style={{ marginTop: 32 }}>
      <h2 id="class-members-title" style={{ fontSize: 18, fontWeight: 600, margin: '0 0 12px' }}>
        {t('members')}{query.data ? ` (${query.data.total})` : ''}
      </h2>
      {body}
    </section>
  );
}
