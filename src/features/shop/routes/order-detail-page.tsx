// /sub_shop/order_detail/order_detail/{id} (spec learning §2 "Shop"; §3 order fields: order
// number, creation time, actual payment): the state with what happens next, the address, the
// items, the order information, and pay / cancel / confirm receipt. An id that is not one of my
// orders says 订单不存在 through the error catalogue, which goes back a page (spec §8).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { RETURN_QUERY, returnTarget } from '../../../lib/login-path';
import { refocusIfLost } from '../../../lib/focus-return';
import { getOrder, useShopScope, type OrderView } from '../api/shop-api';
import { OrderActions } from '../components/order-actions';
import { RefundPanel } from '../components/refund-panel';
import { ReserveOrderPanel } from '../components/reserve-order-panel';
import { formatPrice, formatTime, Money, OrderLines, Panel, ShopPage, StateTag } from '../components/shop-parts';
import { useShopTexts } from '../components/shop-texts';
import { useReserveTexts } from '../../../components/shop/reserve-texts';

/** What the state banner says. */
function stateNote(t: ReturnType<typeof useShopTexts>, o: OrderView, rt: ReturnType<typeof useReserveTexts>): string {
  if (o.state === 1) return t('payWithin', { time: formatTime(o.expiresAt) });
  // issue 20 part Q: paid and waiting for the back office to ship it.
  if (o.state === 2) return o.shippedAt ? t('shippedNote') : t('toShipNote');
  if (o.state === 3 && o.needsDelivery === false) return t('noShippingNote');
  if (o.state === 3) return t('completedNote');
  // issue 20 part R: 6 refunded.
  if (o.state === 6) return rt('refundedNote');
  return o.cancelReason === 'expired' ? t('expiredNote') : t('userCancelled');
}

export default function OrderDetailPage() {
  const t = useShopTexts();
  const rt = useReserveTexts();
  const { id } = useParams();
  const [params] = useSearchParams();
  const orderId = Number(id);
  const valid = Number.isInteger(orderId) && orderId > 0;
  const key = [...useShopScope(), 'order', orderId];
  const client = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => getOrder(orderId, { signal }), enabled: valid, retry: false });
  const actions = useRef<HTMLDivElement>(null);
  const backLink = useRef<HTMLAnchorElement>(null);
  const changed = useRef(false);
  const navigate = useNavigate();
  const onChanged = (o: OrderView) => {
    // Issue 21 F: an order placed from a page that asked to come back (?returnUrl=, the AI top-up
    // /robot/goRecharge) returns there once paid, saying which order was paid.
    if (params.has(RETURN_QUERY) && (o.state === 2 || o.state === 3) && o.paidAt) {
      navigate(`${returnTarget(params)}?paid=${o.id}`, { replace: true });
      return;
    }
    changed.current = true;
    client.setQueryData(key, o);
    void client.invalidateQueries({ queryKey: [...key.slice(0, 3), 'orders'] });
  };
  const back = <Link ref={backLink} to="/sub_shop/order/order"><Button>{t('backToOrders')}</Button></Link>;
  const state = query.data?.state;
  useEffect(() => {
    if (!changed.current) return;
    changed.current = false;
    // spec issue 23: the focus returns to a sensible place when what had it is gone. Paying,
    // cancelling or confirming receipt replaces the state's buttons (the pay dialog's 立即支付 or
    // the confirmation's 确定 had the focus): it goes to the new state's first action, else back
    // to 返回订单列表, never to the page.
    refocusIfLost(actions.current?.querySelector<HTMLElement>('button'), backLink.current);
  }, [state]);

  if (!valid) return <ShopPage title={t('orderDetail')} testId="order-detail-page" extra={back}><Alert type="error" title={t('orderNotFound')} /></ShopPage>;
  if (query.isPending) return <ShopPage title={t('orderDetail')} testId="order-detail-page" extra={back}><Panel><Skeleton active /></Panel></ShopPage>;
  if (query.isError) {
    return (
      <ShopPage title={t('orderDetail')} testId="order-detail-page" extra={back}>
        <Alert type="error" title={query.error.message} action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />
      </ShopPage>
    );
  }
  const o = query.data;
  return (
    <ShopPage title={t('orderDetail')} testId="order-detail-page" extra={back}>
      <Panel testId="order-state-panel" style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <StateTag state={o.state} shipped={o.shippedAt !== null} />
        <span style={{ flex: 1 }}>{stateNote(t, o, rt)}</span>
        <div ref={actions} style={{ display: 'contents' }}>
          <OrderActions key={o.state} order={o} onChanged={onChanged} autoPay={params.get('pay') === '1'} />
        </div>
      </Panel>
      <Panel title={t('address')}>
        {o.needsDelivery === false ? <div data-testid="order-address">{t('noShipping')}</div>
          : <div data-testid="order-address">{o.address.receiver} {o.address.phone}<br />{o.address.area} {o.address.detail}</div>}
      </Panel>
      <Panel title={t('items')}><OrderLines items={o.items} /></Panel>
      {/* issue 20 part R: the reservation or contract of the order, and its refund; read again when the order's state changes (paid, cancelled). */}
      <ReserveOrderPanel orderId={o.id} orderState={o.state} onChanged={() => void client.invalidateQueries({ queryKey: key })} />
      <RefundPanel orderId={o.id} orderState={o.state} onChanged={() => void client.invalidateQueries({ queryKey: key })} />
      <Panel title={t('orderInfo')}>
        <Descriptions column={2} size="small" items={[
          { key: 'no', label: t('orderNoLabel'), children: <span data-testid="order-no">{o.orderNo}</span> },
          { key: 'created', label: t('createdAtLabel'), children: formatTime(o.createdAt) },
          ...(o.payType ? [{ key: 'pay', label: t('payType'), children: o.payType === 'simulated' ? t('simulatedName') : o.payType }] : []),
          ...(o.paidAt ? [{ key: 'paid', label: t('paidAt'), children: formatTime(o.paidAt) }] : []),
          ...(o.shippedAt ? [{ key: 'shipped', label: t('shippedAt'), children: formatTime(o.shippedAt) }] : []),
          ...(o.receivedAt ? [{ key: 'received', label: t('receivedAt'), children: formatTime(o.receivedAt) }] : []),
          ...(o.cancelledAt ? [{ key: 'cancelled', label: t('cancelledAt'), children: formatTime(o.cancelledAt) }] : []),
          ...(o.remark ? [{ key: 'remark', label: t('remark'), children: o.remark }] : []),
        ]} />
      </Panel>
      <Panel style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 6 }}>
        <div>{t('pieces', { n: o.itemCount })} · {t('goods')} {formatPrice(o.totalPrice)}</div>
        <div>{t('freight')} {o.freight > 0 ? formatPrice(o.freight) : t('free')}</div>
        <div>{t('actualPay')} <Money value={o.payPrice} strong /></div>
      </Panel>
    </ShopPage>
  );
}
