// /sub_admin/makeRequests (issue 20 part S; ours): the back office answers made-to-order requests:
// the tenant's requests by state, and one request in a drawer with its quote form (while it is
// waiting for a quote or for the learner's answer) and the messages. The server allows only the
// back office (asBackOfficeAdmin).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Descriptions, Drawer, Form, Input, InputNumber, List, Result, Segmented, Skeleton, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { getAdminMakeRequest, getAdminMakeRequests, quoteMakeRequest, sendMakeStaffMessage, type MakeRequestView, type MakeState } from '../../../api/make';
import { FileLinks } from '../../../components/file-attachments';
import { showMessage } from '../../../components/feedback/feedback';
import { useAppStore } from '../../../stores/app-store';
import { useStoresTexts, type StoresTexts } from './stores-texts';

const STATES: MakeState[] = ['submitted', 'quoted', 'accepted', 'declined', 'withdrawn'];
const PAGE_SIZE = 10;
const yuan = (v: number) => `¥${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

export default function MakeRequestsPage() {
  const t = useStoresTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const [state, setState] = useState<MakeState | 'all'>('submitted');
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['make', tenantId, 'admin', state, pageNo] as const,
    queryFn: ({ signal }) => getAdminMakeRequests({ pageNo, pageSize: PAGE_SIZE, state: state === 'all' ? undefined : state }, { silent: true, signal }),
    retry: false,
  });
  return (
    <div data-testid="admin-make-requests" style={{ maxWidth: 1200, margin: '24px auto', padding: '0 16px' }}>
      <h1 style={{ fontSize: 24, margin: '0 0 8px' }}>{t('requestsTitle')}</h1>
      <p style={{ margin: '0 0 16px' }}>{t('requestsIntro')} <Link to="/sub_admin/myAdmin">{t('back')}</Link></p>
      <Segmented value={state} onChange={(v) => { setState(v as MakeState | 'all'); setPageNo(1); }} style={{ marginBottom: 12 }}
        options={[...STATES.map((s) => ({ value: s, label: t(`state_${s}`) })), { value: 'all', label: t('all') }]} />
      {query.isError ? (
        <Result status="403" title={t('loadFailed')} subTitle={query.error.message} extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />
      ) : (
        <Table<MakeRequestView>
          rowKey="id" loading={query.isPending} dataSource={query.data?.list ?? []} locale={{ emptyText: t('noRequests') }}
          pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
          columns={[
            { key: 'title', title: t('requestsTitle'), render: (_, r) => <span><strong>{r.title}</strong><br />{r.kindTitle}</span> },
            { key: 'applicant', title: t('applicant'), render: (_, r) => r.applicantName },
            { key: 'budget', title: t('budget'), render: (_, r) => `${yuan(r.budgetMin)} – ${yuan(r.budgetMax)}` },
            { key: 'deadline', title: t('deadline'), dataIndex: 'deadline' },
            { key: 'state', title: t('state'), render: (_, r) => <Tag>{t(`state_${r.state}`)}</Tag> },
            { key: 'updated', title: t('updated'), render: (_, r) => when(r.updatedAt) },
            { key: 'actions', title: t('actions'), render: (_, r) => <Button size="small" onClick={() => setOpenId(r.id)} aria-label={t('openLabel', { title: r.title })} data-testid="admin-make-open">{t('open')}</Button> },
          ]}
        />
      )}
      {openId !== null ? <RequestDrawer id={openId} t={t} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}

interface QuoteValues { price: number | null; deliveryDate: Dayjs | null; note: string }

function RequestDrawer({ id, t, onClose }: { id: number; t: StoresTexts; onClose(): void }) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['make', 'admin-detail', id] as const, queryFn: ({ signal }) => getAdminMakeRequest(id, { silent: true, signal }), retry: false });
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState<string | null>(null);
  const update = (message: string) => (next: MakeRequestView) => {
    client.setQueryData(['make', 'admin-detail', id], next);
    void client.invalidateQueries({ queryKey: ['make'] });
    showMessage('success', message);
  };
  const quote = useMutation({
    mutationFn: (v: QuoteValues) => quoteMakeRequest({ id, price: v.price!, deliveryDate: v.deliveryDate!.format('YYYY-MM-DD'), note: v.note?.trim() ?? '' }),
    onSuccess: update(t('quoted')),
  });
  const send = useMutation({ mutationFn: () => sendMakeStaffMessage(id, reply.trim()), onSuccess: (next) => { update(t('sent'))(next); setReply(''); } });
  const r = query.data;
  const today = dayjs().startOf('day');
  return (
    <Drawer open onClose={onClose} size="large" title={r?.title ?? t('requestsTitle')} data-testid="admin-make-drawer">
      {query.isPending ? <Skeleton active /> : query.isError ? <Alert type="error" title={query.error.message} /> : r ? (
        <>
          <Descriptions column={1} size="small" items={[
            { key: 'state', label: t('state'), children: <Tag>{t(`state_${r.state}`)}</Tag> },
            { key: 'kind', label: t('kind'), children: r.kindTitle },
            { key: 'applicant', label: t('applicant'), children: r.applicantName },
            { key: 'contact', label: t('contact'), children: `${r.contactName} ${r.contactPhone}` },
            { key: 'budget', label: t('budget'), children: `${yuan(r.budgetMin)} – ${yuan(r.budgetMax)}` },
            { key: 'deadline', label: t('deadline'), children: r.deadline },
            { key: 'description', label: t('description'), children: <span style={{ whiteSpace: 'pre-wrap' }}>{r.description}</span> },
            { key: 'files', label: t('attachments'), children: <FileLinks files={r.attachments} /> },
          ]} />
          {r.quote ? <p style={{ marginTop: 12 }}>{t('currentQuote', { price: yuan(r.quote.price), date: r.quote.deliveryDate })}</p> : null}
          {r.orderId !== null ? <p>{t('orderInfo', { id: r.orderId, state: r.orderState ? t(`order_${r.orderState}` as 'order_1') : '' })}</p> : null}
          {r.declineReason ? <p>{t('declineReason', { reason: r.declineReason })}</p> : null}
          {r.state === 'submitted' || r.state === 'quoted' ? (
            <Form<QuoteValues> layout="vertical" onFinish={(v) => quote.mutate(v)} data-testid="admin-quote-form" style={{ marginTop: 16 }}
              initialValues={{ price: r.quote?.price ?? null, deliveryDate: r.quote ? dayjs(r.quote.deliveryDate) : dayjs().add(14, 'day').startOf('day'), note: r.quote?.note ?? '' }}>
              <h2 style={{ fontSize: 16 }}>{r.quote ? t('quoteAgain') : t('quote')}</h2>
              <Form.Item name="price" label={t('price')} rules={[{ validator: async (_, v: number | null | undefined) => {
                if (typeof v !== 'number' || v <= 0 || Math.abs(Math.round(v * 100) - v * 100) > 1e-6) throw new Error(t('priceRule'));
              } }]}>
                <InputNumber min={0.01} max={9_999_999} precision={2} style={{ width: 200 }} data-testid="admin-quote-price" />
              </Form.Item>
              <Form.Item name="deliveryDate" label={t('deliveryDate')} rules={[{ validator: async (_, v: Dayjs | null | undefined) => {
                if (!v || !v.isAfter(today, 'day')) throw new Error(t('deliveryRule'));
              } }]}>
                <DatePicker format="YYYY-MM-DD" disabledDate={(d) => !d.isAfter(today, 'day')} data-testid="admin-quote-date" />
              </Form.Item>
              <Form.Item name="note" label={t('note')}>
                <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2 }} data-testid="admin-quote-note" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={quote.isPending} data-testid="admin-quote-send">{t('sendQuote')}</Button>
            </Form>
          ) : null}
          <h2 style={{ fontSize: 16, marginTop: 24 }}>{t('messages')}</h2>
          {r.messages.length === 0 ? <p>{t('noMessages')}</p> : (
            <List size="small" dataSource={r.messages} renderItem={(m) => (
              <List.Item><div><Tag>{m.fromStaff ? t('staff') : t('learner')}</Tag>{m.authorName} · {when(m.createdAt)}<div style={{ whiteSpace: 'pre-wrap' }}>{m.body}</div></div></List.Item>
            )} />
          )}
          {r.state === 'submitted' || r.state === 'quoted' || r.state === 'accepted' ? (
            <Form layout="vertical" onFinish={() => { if (!reply.trim()) return setReplyError(t('replyRule')); setReplyError(null); send.mutate(); }}>
              <Form.Item label={t('reply')} htmlFor="admin-make-reply" validateStatus={replyError ? 'error' : ''} help={replyError}>
                <Input.TextArea id="admin-make-reply" value={reply} onChange={(e) => setReply(e.target.value)} maxLength={1000} showCount autoSize={{ minRows: 2 }} />
              </Form.Item>
              <Button htmlType="submit" loading={send.isPending}>{t('send')}</Button>
            </Form>
          ) : <p>{t('closedThread')}</p>}
        </>
      ) : null}
    </Drawer>
  );
}
