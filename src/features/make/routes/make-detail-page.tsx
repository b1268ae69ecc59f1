// /sub_home/make/makeDetail?id= (spec learning §2; issue 20 part S): one of my made-to-order
// requests: its state, what I asked for, the quote (accept, which makes an order paid like any
// other, or decline; withdraw before accepting) and the messages back and forth.
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Space } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { getMakeRequest } from '../../../api/make';
import { FileLinks } from '../../../components/file-attachments';
import { dateTime, idParam, PageError, PageFrame, PageLoading, StateTag, yuan } from '../components/make-parts';
import { MakeQuoteCard } from '../components/make-quote-card';
import { MakeThread } from '../components/make-thread';
import { useMakeTexts } from '../components/make-texts';

export default function MakeDetailPage() {
  const t = useMakeTexts();
  const [params] = useSearchParams();
  const id = idParam(params);
  const query = useQuery({
    queryKey: ['make', 'detail', id] as const,
    queryFn: ({ signal }) => getMakeRequest(id!, { silent: true, signal }), enabled: id !== undefined, retry: false,
  });
  if (id === undefined) {
    return <PageFrame title={t('detailTitle')} testId="make-detail"><Result status="warning" title={t('badId')} subTitle={t('badIdHint')} extra={<Link to="/sub_home/make">{t('back')}</Link>} /></PageFrame>;
  }
  if (query.isPending) return <PageLoading testId="make-detail-loading" label={t('detailTitle')} />;
  if (query.isError) return <PageFrame title={t('detailTitle')} testId="make-detail"><PageError error={query.error} onRetry={() => void query.refetch()} t={t} /></PageFrame>;
  const r = query.data;
  return (
    <PageFrame title={<Space wrap><span>{r.title}</span><StateTag state={r.state} t={t} /></Space>} testId="make-detail">
      <p style={{ margin: '0 0 16px' }}><Link to="/sub_home/make">{t('back')}</Link></p>
      <div style={{ display: 'grid', gap: 16 }}>
        <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('requestInfo')}</h2>}>
          <Descriptions column={{ xs: 1, md: 2 }} size="small" items={[
            { key: 'kind', label: t('kind'), children: r.kindTitle },
            { key: 'store', label: t('store'), children: r.providerName },
            { key: 'budget', label: t('budget'), children: t('budgetValue', { min: yuan(r.budgetMin), max: yuan(r.budgetMax) }) },
            { key: 'deadline', label: t('deadline'), children: r.deadline },
            { key: 'contact', label: t('contact'), children: `${r.contactName} ${r.contactPhone}` },
            { key: 'created', label: t('createdAt'), children: dateTime(r.createdAt) },
            { key: 'description', label: t('description'), span: 2, children: <span style={{ whiteSpace: 'pre-wrap' }}>{r.description}</span> },
          ]} />
          <div style={{ marginTop: 8 }}>
            {r.attachments.length ? <FileLinks files={r.attachments} /> : <span>{t('noAttachments')}</span>}
          </div>
        </Card>
        <MakeQuoteCard request={r} t={t} />
        <MakeThread request={r} t={t} />
      </div>
    </PageFrame>
  );
}
