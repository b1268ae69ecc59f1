// The order detail's refund panel (issue 20 part R): the latest refund request of a paid order (its
// state, reason and the merchant's note) and 申请退款 with a reason when one may be asked.
import { Alert, Button, Descriptions, Input, Modal, Tag } from 'antd';
import { useId, useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { useReserveFailure, useReserveTexts } from '../../../components/shop/reserve-texts';
import { formatTime } from '../../../components/shop/shop-parts';
import { applyRefund, NOTE_MAX, useRefundInfo, useShopChange, type RefundView } from '../../../api/reservations';
import { Panel } from './shop-parts';

const REFUND_COLORS: Record<RefundView['state'], string> = { requested: 'orange', approved: 'green', rejected: 'red' };

/** The refund of a paid order: the latest request's state and note, and 申请退款 when one may be asked. */
export function RefundPanel({ orderId, orderState, onChanged }: { orderId: number; orderState: number; onChanged: () => void }) {
  const t = useReserveTexts();
  const failure = useReserveFailure();
  const info = useRefundInfo(orderId, orderState);
  const apply = useShopChange(({ reason }: { reason: string }) => applyRefund(orderId, reason));
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();
  if (!info.data || (!info.data.latest && !info.data.canApply)) return null;
  const latest = info.data.latest;
  const submit = () => {
    const text = reason.trim();
    if (text.length < 2) return setProblem(t('needReason'));
    setProblem(null);
    apply.mutate({ reason: text }, {
      onSuccess: () => { showMessage('success', t('refundApplied')); setOpen(false); setReason(''); onChanged(); },
      onError: (e) => setProblem(failure(e)),
    });
  };
  return (
    <Panel title={t('refund')} testId="order-refund">
      {latest ? (
        <Descriptions size="small" column={2} items={[
          { key: 'state', label: t('state'), children: <Tag color={REFUND_COLORS[latest.state]} data-testid="refund-state">{t(`refund_${latest.state}`)}</Tag> },
          { key: 'amount', label: t('refundAmount'), children: latest.amount.toFixed(2) },
          { key: 'reason', label: t('refundReason'), children: latest.reason },
          { key: 'applied', label: t('appliedAt'), children: formatTime(latest.createdAt) },
          ...(latest.note ? [{ key: 'note', label: t('merchantNote'), children: <span data-testid="refund-note">{latest.automatic ? t('refundAuto') : latest.note}</span> }] : []),
          ...(latest.decidedAt ? [{ key: 'decided', label: t('decidedAt'), children: formatTime(latest.decidedAt) }] : []),
        ]} />
      ) : null}
      {info.data.canApply ? (
        <Button style={{ marginTop: latest ? 12 : 0 }} onClick={() => setOpen(true)} data-testid="refund-apply">{latest ? t('refundAgain') : t('applyRefund')}</Button>
      ) : null}
      <Modal open={open} title={t('applyRefund')} onCancel={() => setOpen(false)} onOk={submit} okText={t('refundSubmit')} cancelText={t('cancel')}
        confirmLoading={apply.isPending} okButtonProps={{ 'data-testid': 'refund-submit' } as never} destroyOnHidden>
        <label htmlFor={reasonId}>{t('refundReason')}</label>
        <Input.TextArea id={reasonId} value={reason} maxLength={NOTE_MAX} showCount rows={3} placeholder={t('refundReasonPh')} onChange={(e) => setReason(e.target.value)} data-testid="refund-reason" />
        {problem ? <Alert style={{ marginTop: 8 }} type="error" showIcon title={problem} /> : null}
      </Modal>
    </Panel>
  );
}
