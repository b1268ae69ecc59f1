// The back office's shipping dialogs (issue 20 part Q): ship an order (carrier, tracking number,
// where from), add a tracking event (text, place, state, time), and an order's tracking timeline.
// The server checks everything again; a refusal shows its message beside the form.
import { useQuery } from '@tanstack/react-query';
import { Alert, AutoComplete, Empty, Form, Input, Modal, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { addDeliveryEvent, getAdminDelivery, shipOrder, TRACKING_NO_PATTERN, type AdminOrderRow } from '../../../api/after-sale';
import { SECONDARY_TEXT } from '../../../components/widget-parts';
import { useShopOrdersTexts } from './shop-orders-texts';

type Texts = ReturnType<typeof useShopOrdersTexts>;

/** Carriers offered to pick from; any other name may be typed. */
const CARRIERS = ['顺丰速运', '京东物流', '中通快递', '圆通速递', '韵达快递', '申通快递', '中国邮政 EMS', '极兔速递'];
const TRACKING_NO = new RegExp(TRACKING_NO_PATTERN);

export const deliveryWord = (t: Texts, state: number) => t(`delivery${state}` as 'delivery1');

/** The local time of an ISO string as YYYY-MM-DD HH:mm. */
export function localTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Ship one order: carrier and tracking number. */
export function ShipDialog({ order, onClose, onDone }: { order: AdminOrderRow; onClose: () => void; onDone: () => void }) {
  const t = useShopOrdersTexts();
  const [form] = Form.useForm<{ carrier: string; trackingNo: string; place?: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      await shipOrder({ orderId: order.id, carrier: v.carrier.trim(), trackingNo: v.trackingNo.trim(), ...(v.place?.trim() ? { place: v.place.trim() } : {}) });
      onDone();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('shipTitle', { no: order.orderNo })} okText={t('confirmShip')} cancelText={t('cancel')} onOk={() => void submit()} onCancel={onClose}
      confirmLoading={busy} okButtonProps={{ 'data-testid': 'ship-confirm' } as never} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item name="carrier" label={t('carrier')} rules={[{ required: true, whitespace: true, message: t('needCarrier') }, { max: 40 }]}>
          <AutoComplete options={CARRIERS.map((c) => ({ value: c }))} placeholder={t('carrierPh')} data-testid="ship-carrier"
            filterOption={(input, option) => String(option?.value ?? '').includes(input)} />
        </Form.Item>
        <Form.Item name="trackingNo" label={t('trackingNo')} rules={[
          { required: true, whitespace: true, message: t('needTrackingNo') },
          { validator: (_r, v: string | undefined) => (!v || TRACKING_NO.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('badTrackingNo')))) },
        ]}>
          <Input placeholder={t('trackingNoPh')} maxLength={40} data-testid="ship-tracking-no" />
        </Form.Item>
        <Form.Item name="place" label={t('place')}><Input placeholder={t('placePh')} maxLength={60} /></Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} data-testid="ship-error" /> : null}
    </Modal>
  );
}

/** Add a tracking event to a shipped order. */
export function EventDialog({ order, onClose, onDone }: { order: AdminOrderRow; onClose: () => void; onDone: () => void }) {
  const t = useShopOrdersTexts();
  const [form] = Form.useForm<{ text: string; place?: string; state?: number; time?: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = order.delivery?.state ?? 1;
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      await addDeliveryEvent({
        orderId: order.id, text: v.text.trim(),
        ...(v.place?.trim() ? { place: v.place.trim() } : {}),
        ...(v.state ? { state: v.state } : {}),
        ...(v.time ? { happenedAt: new Date(v.time).toISOString() } : {}),
      });
      onDone();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('eventTitle', { no: order.orderNo })} okText={t('save')} cancelText={t('cancel')} onOk={() => void submit()} onCancel={onClose}
      confirmLoading={busy} okButtonProps={{ 'data-testid': 'event-confirm' } as never} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item name="text" label={t('eventText')} rules={[{ required: true, whitespace: true, message: t('needEventText') }]}>
          <Input.TextArea rows={2} maxLength={200} placeholder={t('eventTextPh')} data-testid="event-text" />
        </Form.Item>
        <Form.Item name="place" label={t('eventPlace')}><Input maxLength={60} /></Form.Item>
        <Form.Item name="state" label={t('eventState')}>
          <Select allowClear placeholder={t('keepState')} options={[2, 3, 4].filter((s) => s >= current).map((s) => ({ value: s, label: deliveryWord(t, s) }))} />
        </Form.Item>
        <Form.Item name="time" label={t('eventTime')}><Input type="datetime-local" /></Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} data-testid="event-error" /> : null}
    </Modal>
  );
}

/** An order's tracking timeline, newest first. */
export function TimelineDialog({ order, onClose }: { order: AdminOrderRow; onClose: () => void }) {
  const t = useShopOrdersTexts();
  const query = useQuery({ queryKey: ['admin-delivery', order.id], queryFn: ({ signal }) => getAdminDelivery(order.id, { signal }), retry: false });
  return (
    <Modal open title={t('timelineTitle', { no: order.orderNo })} onCancel={onClose} footer={null} destroyOnHidden>
      {query.isPending ? <Skeleton active /> : query.isError ? <Alert type="error" title={query.error.message} /> : query.data.events.length === 0 ? <Empty description={t('notShipped')} /> : (
        <ol style={{ margin: 0, paddingLeft: 20 }} data-testid="admin-delivery-events">
          {query.data.events.map((e) => (
            <li key={e.id} style={{ marginBottom: 8 }}>
              <div>{e.text}</div>
              <div style={{ fontSize: 12, color: SECONDARY_TEXT }}>{localTime(e.time)}{e.place ? ` · ${e.place}` : ''}{e.state ? ` · ${deliveryWord(t, e.state)}` : ''}</div>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
