// What a buyer can do with an order, by its state: pay (pending), cancel (pending), confirm receipt
// (to be received). Paying opens the payment dialog with the one channel there is: 模拟支付, a
// clearly labelled simulation (docs/decisions.md "Simulated payment").
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Popconfirm, Radio, Space, Tag } from 'antd';
import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showMessage } from '../feedback/feedback';
import { cancelOrder, getPayTypes, payOrder, takeDelivery, type OrderView } from '../../api/shop-orders';
import { formatPrice } from './shop-parts';
import { failureText, useShopTexts } from './shop-texts';

/**
 * The payment dialog: the channels, the simulation note, and pay. `returnFocus` is the control the
 * focus goes back to when the dialog closes without paying.
 */
export function PayDialog({ order, open, onClose, onPaid, returnFocus }: {
  order: OrderView; open: boolean; onClose: () => void; onPaid: (o: OrderView) => void; returnFocus?: RefObject<HTMLElement | null>;
}) {
  const t = useShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const types = useQuery({ queryKey: ['shop', 'pay-types'], queryFn: getPayTypes, enabled: open, staleTime: 300_000 });
  const [picked, setPicked] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const payType = picked ?? types.data?.[0]?.payType ?? null;
  const pay = async () => {
    if (!payType) return;
    setPaying(true);
    try {
      const paid = await payOrder(order.id, payType);
      showMessage('success', t('paid'));
      onPaid(paid);
    } catch (error) {
      showMessage('error', failureText(t, error, english));
    } finally {
      setPaying(false);
    }
  };
  return (
    <Modal
      open={open} title={t('chooseNeedPay')} onCancel={onClose} cancelText={t('cancel')} okText={t('payNow', { amount: formatPrice(order.payPrice) })}
      // While the channels load, 立即支付 is busy rather than disabled: a disabled last button left
      // 取消 the dialog's last control, and Tab from it left the dialog for the page.
      onOk={() => void pay()} okButtonProps={{ disabled: types.isSuccess && !payType, loading: types.isPending && open, danger: true, 'data-testid': 'pay-confirm' } as never} confirmLoading={paying}
      // spec issue 23: after a dialog closes the focus returns to the button that opened it, or the
      // next sensible control when that one is gone. Opened on arrival (?pay=1), its opener was
      // 提交订单 on the page before, so antd's own return (to what had the focus at opening) put
      // it on the page; 付款 is where it goes instead, opened either way.
      focusTriggerAfterClose={!returnFocus} afterClose={() => returnFocus?.current?.focus()}
    >
      <Radio.Group value={payType} onChange={(e) => setPicked(e.target.value as string)} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {(types.data ?? []).map((p) => <Radio key={p.payType} value={p.payType} data-testid="pay-type">{english ? p.nameEn : p.name}</Radio>)}
      </Radio.Group>
      {types.data?.some((p) => p.simulated) ? <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('simulatedNote')} /> : null}
      {types.isError ? <Alert type="error" title={failureText(t, types.error, english)} /> : null}
    </Modal>
  );
}

/** A link that looks like a small default button (a link, since it navigates). */
const linkButton = (size: 'small' | 'middle') => ({
  display: 'inline-flex', alignItems: 'center', height: size === 'small' ? 24 : 32, padding: size === 'small' ? '0 7px' : '0 15px',
  border: '1px solid var(--portal-border, #d9d9d9)', borderRadius: 6, color: 'inherit',
});

/** The buttons an order's state allows; `onChanged` gets the order as it is after the action. */
export function OrderActions({ order, onChanged, autoPay = false, compact = false }: { order: OrderView; onChanged: (o: OrderView) => void; autoPay?: boolean; compact?: boolean }) {
  const t = useShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const [paying, setPaying] = useState(autoPay && order.state === 1);
  const payButton = useRef<HTMLButtonElement>(null);
  const run = async (work: () => Promise<OrderView>, done: string) => {
    try {
      onChanged(await work());
      showMessage('success', done);
    } catch (error) {
      showMessage('error', failureText(t, error, english));
    }
  };
  const size = compact ? 'small' : 'middle';
  return (
    <Space wrap>
      {order.state === 1 ? (
        <>
          <Popconfirm title={t('cancelConfirm')} okText={t('confirm')} cancelText={t('cancel')} onConfirm={() => run(() => cancelOrder(order.id), t('cancelled'))}>
            <Button size={size} data-testid="cancel-order">{t('cancelOrder')}</Button>
          </Popconfirm>
          <Button ref={payButton} size={size} type="primary" danger onClick={() => setPaying(true)} data-testid="pay-order">{t('pay')}</Button>
          <PayDialog order={order} open={paying} onClose={() => setPaying(false)} onPaid={(o) => { setPaying(false); onChanged(o); }} returnFocus={payButton} />
        </>
      ) : null}
      {/* issue 20 part Q: tracking once shipped; receipt only once shipped; 评价 after receipt, 已评价 after. */}
      {order.shippedAt && (order.state === 2 || order.state === 3) ? (
        <Link to={`/sub_shop/delivery_detail/${order.id}`} data-testid="view-delivery" style={linkButton(size)}>{t('viewDelivery')}</Link>
      ) : null}
      {order.state === 3 && order.reviewState === 'open' ? (
        <Link to={`/sub_shop/comment?orderId=${order.id}`} data-testid="review-order" style={{ ...linkButton(size), fontWeight: 500 }}>{t('review')}</Link>
      ) : null}
      {order.state === 3 && order.reviewState === 'done' ? <Tag color="green" data-testid="order-reviewed">{t('reviewedTag')}</Tag> : null}
      {order.state === 2 && order.shippedAt ? (
        <Popconfirm title={t('takeConfirm')} okText={t('confirm')} cancelText={t('cancel')} onConfirm={() => run(() => takeDelivery(order.id), t('received'))}>
          <Button size={size} type="primary" data-testid="take-delivery">{t('takeDelivery')}</Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
