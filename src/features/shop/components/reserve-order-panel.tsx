// The order detail's reservation or contract panel (issue 20 part R): the reservation of a service
// order (time, status, note; cancel before the start) or the contract of a contract order (state;
// read and confirm, which unlocks payment; PDF), from orderCustomize/info.
import { Alert, Button, Descriptions, Popconfirm, Space } from 'antd';
import { showMessage } from '../../../components/feedback/feedback';
import { ContractConfirmForm, ContractPdfButton, ContractStateTag, ContractText } from '../../../components/shop/contract-parts';
import { useReserveFailure, useReserveTexts } from '../../../components/shop/reserve-texts';
import { formatTime } from '../../../components/shop/shop-parts';
import { ReservationStatusTag } from '../../../components/shop/reserve-parts';
import { cancelReservation, useCustomizeInfo, useShopChange } from '../../../api/reservations';
import { Panel } from './shop-parts';

/** The reservation or contract of an order; nothing for an ordinary order. `onChanged` after a cancel or a confirmation. */
export function ReserveOrderPanel({ orderId, orderState, onChanged }: { orderId: number; orderState: number; onChanged: () => void }) {
  const t = useReserveTexts();
  const failure = useReserveFailure();
  const info = useCustomizeInfo(orderId, orderState);
  const cancel = useShopChange(cancelReservation);
  if (!info.data || info.data.kind === 'none') return null;
  const r = info.data.reservation;
  if (r) {
    return (
      <Panel title={t('reservation')} testId="order-reservation">
        <Descriptions size="small" column={2} items={[
          { key: 'time', label: t('time'), children: `${formatTime(r.startAt)} – ${formatTime(r.endAt).slice(11)}` },
          { key: 'status', label: t('state'), children: <ReservationStatusTag status={r.status} /> },
          { key: 'provider', label: t('provider'), children: r.providerName },
          ...(r.note ? [{ key: 'note', label: t('reserveNote'), children: r.note }] : []),
        ]} />
        {r.cancellable ? (
          <Popconfirm title={t('cancelReserveConfirm')} okText={t('confirm')} cancelText={t('cancel')}
            onConfirm={() => cancel.mutate(r.id, { onSuccess: () => { showMessage('success', t('reserveCancelled')); onChanged(); }, onError: (e) => showMessage('error', failure(e)) })}>
            <Button style={{ marginTop: 12 }} loading={cancel.isPending} data-testid="reservation-cancel">{t('cancelReserve')}</Button>
          </Popconfirm>
        ) : null}
      </Panel>
    );
  }
  const c = info.data.contract!;
  return (
    <Panel title={t('contract')} testId="order-contract">
      <Space style={{ marginBottom: 12 }} wrap>
        <span>{t('contractNo')}: {c.contractNo}</span>
        <ContractStateTag contract={c} />
        {c.signerName ? <span>{t('signedBy')}: {c.signerName}</span> : null}
        <ContractPdfButton id={c.id} size="small" />
      </Space>
      {c.state === 'pending' && c.orderState === 1 ? <Alert type="warning" showIcon title={t('contractPayHint')} style={{ marginBottom: 12 }} /> : null}
      <ContractText body={c.body} />
      {c.state === 'pending' ? <ContractConfirmForm contract={c} onConfirmed={onChanged} /> : null}
    </Panel>
  );
}
