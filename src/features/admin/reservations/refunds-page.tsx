// /sub_admin/refunds (issue 20 part R): the tenant's refund requests, newest first, by state. The
// back office approves one (the order becomes refunded, its stock comes back, a reservation's seat
// is freed) or rejects it with a note the buyer sees. The server decides who may (asBackOfficeAdmin).
import { Alert, Button, Input, Modal, Popconfirm, Space, Table, Tabs, Tag } from 'antd';
import { useId, useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { useReserveFailure, useReserveTexts } from '../../../components/shop/reserve-texts';
import { formatTime } from '../../../components/shop/shop-parts';
import { NOTE_MAX, useAdminRefunds, useAuditRefund, type AdminRefundRow, type RefundState } from '../../../api/reservations';
import { BankFrame, ReadState } from '../bank/bank-frame';

const STATES: ReadonlyArray<RefundState | 'all'> = ['requested', 'approved', 'rejected', 'all'];
const COLORS: Record<RefundState, string> = { requested: 'orange', approved: 'green', rejected: 'red' };

export default function RefundsPage() {
  const t = useReserveTexts();
  const failure = useReserveFailure();
  const [state, setState] = useState<RefundState | 'all'>('requested');
  const [pageNo, setPageNo] = useState(1);
  const refunds = useAdminRefunds(state === 'all' ? undefined : state, pageNo, 20);
  const audit = useAuditRefund();
  const [rejecting, setRejecting] = useState<AdminRefundRow | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const noteId = useId();

  const decide = (row: AdminRefundRow, approve: boolean, text?: string) => audit.mutate({ id: row.id, approve, ...(text ? { note: text } : {}) }, {
    onSuccess: () => {
      showMessage('success', approve ? t('approved') : t('rejected'));
      setRejecting(null);
      setNote('');
    },
    onError: (e) => (approve ? showMessage('error', failure(e)) : setProblem(failure(e))),
  });
  const reject = () => {
    if (!rejecting) return;
    if (!note.trim()) return setProblem(t('rejectNotePh'));
    setProblem(null);
    decide(rejecting, false, note.trim());
  };

  return (
    <BankFrame title={t('refundsTitle')}>
      <Tabs activeKey={state} onChange={(k) => { setState(k as RefundState | 'all'); setPageNo(1); }}
        items={STATES.map((s) => ({ key: s, label: s === 'all' ? t('stateAll') : t(`refund_${s}`) }))} />
      {refunds.data === undefined ? <ReadState query={refunds} help={t('forbidden')} /> : (
        <Table<AdminRefundRow> size="small" rowKey="id" dataSource={refunds.data.list} loading={refunds.isFetching} locale={{ emptyText: t('noRefunds') }}
          data-testid="refund-admin-list"
          pagination={{ current: pageNo, pageSize: 20, total: refunds.data.total, onChange: setPageNo, showSizeChanger: false, showTotal: (total) => t('paging', { total }) }}
          columns={[
            { title: t('orderNo'), dataIndex: 'orderNo', width: 170 },
            { title: t('buyer'), key: 'buyer', width: 120, render: (_: unknown, r) => `${r.userName} (${r.account})` },
            { title: t('items'), key: 'items', render: (_: unknown, r) => r.items.map((i) => `${i.title} ×${i.quantity}`).join('；') },
            { title: t('refundAmount'), dataIndex: 'amount', width: 90, render: (a: number) => a.toFixed(2) },
            { title: t('reason'), dataIndex: 'reason' },
            { title: t('appliedAt'), dataIndex: 'createdAt', width: 140, render: (v: string) => formatTime(v) },
            { title: t('state'), dataIndex: 'state', width: 110, render: (s: RefundState, r) => (
              <Space direction="vertical" size={2}>
                <Tag color={COLORS[s]}>{t(`refund_${s}`)}</Tag>
                {r.note ? <span style={{ fontSize: 12 }}>{r.automatic ? t('refundAuto') : r.note}</span> : null}
              </Space>
            ) },
            { title: t('actions'), key: 'a', width: 180, render: (_: unknown, r) => (r.state !== 'requested' ? null : (
              <Space>
                <Popconfirm title={t('approveConfirm')} okText={t('confirm')} cancelText={t('cancel')} onConfirm={() => decide(r, true)}>
                  <Button autoInsertSpace={false} size="small" type="primary" data-testid="refund-approve" aria-label={`${t('approve')} ${r.orderNo}`}>{t('approve')}</Button>
                </Popconfirm>
                <Button autoInsertSpace={false} size="small" onClick={() => { setRejecting(r); setProblem(null); }} data-testid="refund-reject" aria-label={`${t('reject')} ${r.orderNo}`}>{t('reject')}</Button>
              </Space>
            )) },
          ]} />
      )}
      <Modal open={rejecting !== null} title={t('rejectTitle')} onCancel={() => setRejecting(null)} onOk={reject} okText={t('reject')} cancelText={t('cancel')} confirmLoading={audit.isPending} destroyOnHidden>
        <label htmlFor={noteId}>{t('rejectNote')}</label>
        <Input.TextArea id={noteId} value={note} maxLength={NOTE_MAX} showCount rows={3} placeholder={t('rejectNotePh')} onChange={(e) => setNote(e.target.value)} />
        {problem ? <Alert style={{ marginTop: 8 }} type="error" showIcon title={problem} /> : null}
      </Modal>
    </BankFrame>
  );
}
