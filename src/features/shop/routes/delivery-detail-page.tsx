// /sub_shop/delivery_detail/{id} (spec learning §2 "Shop"; §7 GET /order/api/delivery/detail;
// issue 20 part Q): an order's delivery: carrier, tracking number, state, and the tracking timeline
// newest first. Before shipping it says why there is nothing yet (not paid, not shipped, ships
// nothing, cancelled). Another learner's or a missing order says 订单不存在 through the error
// catalogue, which goes back a page (spec §8).
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Skeleton, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { getDelivery, useAfterSaleScope, type DeliveryView } from '../../../api/after-sale';
import { formatTime, Panel, SECONDARY_TEXT, ShopPage, Thumb } from '../components/shop-parts';
import { useAfterSaleTexts } from '../components/delivery-texts';

type Texts = ReturnType<typeof useAfterSaleTexts>;

const STATE_COLORS: Record<number, string> = { 1: 'blue', 2: 'processing', 3: 'orange', 4: 'green' };

/** The delivery state's words (1 shipped … 4 delivered). */
export const deliveryStateText = (t: Texts, state: number | null) => (state ? t(`delivery${state}` as 'delivery1') : '');

/** Why an order has no delivery to show. */
function noDeliveryNote(t: Texts, d: DeliveryView): string {
  if (!d.needsDelivery) return t('noDelivery');
  if (d.orderState === 1) return t('pendingPay');
  if (d.orderState === 4) return t('cancelledOrder');
  return t('notShipped');
}

function DeliveryBody({ d }: { d: DeliveryView }) {
  const t = useAfterSaleTexts();
  return (
    <>
      <Panel testId="delivery-summary">
        {d.shipped ? (
          <Descriptions column={2} size="small" items={[
            { key: 'state', label: t('deliveryState'), children: <Tag color={STATE_COLORS[d.state ?? 1]} data-testid="delivery-state">{deliveryStateText(t, d.state)}</Tag> },
            { key: 'carrier', label: t('carrier'), children: <span data-testid="delivery-carrier">{d.carrier ?? '—'}</span> },
            { key: 'no', label: t('trackingNo'), children: <span data-testid="delivery-tracking-no">{d.trackingNo ?? '—'}</span> },
            { key: 'shipped', label: t('shippedAt'), children: formatTime(d.shippedAt) },
            ...(d.needsDelivery ? [{ key: 'to', label: t('receiver'), span: 2, children: `${d.address.receiver} ${d.address.phone} ${d.address.area} ${d.address.detail}` }] : []),
          ]} />
        ) : <Alert type="info" showIcon title={noDeliveryNote(t, d)} data-testid="delivery-none" />}
      </Panel>
      {d.shipped ? (
        <Panel title={t('timeline')} testId="delivery-timeline">
          {d.events.length === 0 ? <Empty description={t('noEvents')} /> : (
            <ol className="delivery-timeline" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {d.events.map((e, i) => (
                <li key={e.id} data-testid="delivery-event" style={{ position: 'relative', padding: '0 0 16px 24px', borderLeft: i === d.events.length - 1 ? '2px solid transparent' : '2px solid var(--portal-border, rgba(0, 0, 0, 0.12))', marginLeft: 6 }}>
                  <span aria-hidden style={{ position: 'absolute', left: -7, top: 2, width: 12, height: 12, borderRadius: '50%', background: i === 0 ? 'var(--ant-color-success, #389e0d)' : 'var(--portal-border, #bfbfbf)' }} />
                  <div style={{ fontWeight: i === 0 ? 600 : 400 }}>{e.text}</div>
                  <div style={{ color: SECONDARY_TEXT, fontSize: 12, marginTop: 2 }}>
                    <time dateTime={e.time}>{formatTime(e.time)}</time>{e.place ? ` · ${e.place}` : ''}{e.state ? ` · ${deliveryStateText(t, e.state)}` : ''}
                  </div>
                </li>
              ))}
            </ol>
          )}
        </Panel>
      ) : null}
      <Panel title={t('orderItems')}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 16 }}>
          {d.items.map((i) => (
            <li key={i.prodId} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <Thumb src={i.cover} alt={i.title} size={48} />
              <span>{i.title} <span style={{ color: SECONDARY_TEXT }}>{t('pieces', { n: i.quantity })}</span></span>
            </li>
          ))}
        </ul>
      </Panel>
    </>
  );
}

export default function DeliveryDetailPage() {
  const t = useAfterSaleTexts();
  const { id } = useParams();
  const orderId = Number(id);
  const valid = Number.isInteger(orderId) && orderId > 0;
  const query = useQuery({
    queryKey: [...useAfterSaleScope(), 'delivery', orderId],
    queryFn: ({ signal }) => getDelivery(orderId, { signal }), enabled: valid, retry: false,
  });
  const back = valid
    ? <Link to={`/sub_shop/order_detail/order_detail/${orderId}`}><Button>{t('backToOrder')}</Button></Link>
    : <Link to="/sub_shop/order/order"><Button>{t('backToOrders')}</Button></Link>;
  const frame = (body: ReactNode) => <ShopPage title={t('deliveryTitle')} testId="delivery-detail-page" extra={back}>{body}</ShopPage>;
  if (!valid) return frame(<Alert type="warning" showIcon title={t('noOrderId')} />);
  if (query.isPending) return frame(<Panel><Skeleton active /></Panel>);
  if (query.isError) {
    return frame(<Alert type="error" title={t('loadFailed', { message: query.error.message })} action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />);
  }
  return frame(<DeliveryBody d={query.data} />);
}
