// /user/center/shop/shopReserve (spec learning §2 "Personal center" shop; issue 20 part R): my
// reservations by tab: upcoming (to pay, or confirmed and not started, earliest first), past and
// cancelled (newest first). A reservation not started yet can be cancelled: its seat is freed and a
// paid one is refunded at once; one waiting for payment opens its order to pay.
import { Button, List, Popconfirm, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { ReservationStatusTag } from '../../../components/shop/reserve-parts';
import { useReserveFailure, useReserveTexts } from '../../../components/shop/reserve-texts';
import { Money, productPath, Thumb } from '../../../components/shop/shop-parts';
import { cancelReservation, useMyReservations, useShopChange, type ReservationTab, type ReservationView } from '../../../api/reservations';
import { CenterLayout } from '../components/center-layout';
import { useShopContentTexts } from '../components/shop-content-texts';
import { shortTime, StudyList, usePaging } from '../components/study-list';

const TABS: readonly { key: ReservationTab; label: 'tabUpcoming' | 'tabPast' | 'tabCancelled' }[] = [
  { key: 'upcoming', label: 'tabUpcoming' }, { key: 'past', label: 'tabPast' }, { key: 'cancelled', label: 'tabCancelled' },
];

const orderPath = (id: number) => `/sub_shop/order_detail/order_detail/${id}`;

function ReservationRow({ item }: { item: ReservationView }) {
  const t = useReserveTexts();
  const failure = useReserveFailure();
  const navigate = useNavigate();
  const cancel = useShopChange(cancelReservation);
  const actions = [
    ...(item.status === 'toPay' ? [<Button key="pay" size="small" type="primary" danger onClick={() => void navigate(`${orderPath(item.orderId)}?pay=1`)} aria-label={`${t('payNow')} ${item.title}`}>{t('payNow')}</Button>] : []),
    ...(item.cancellable ? [
      <Popconfirm key="cancel" title={t('cancelReserveConfirm')} okText={t('confirm')} cancelText={t('cancel')}
        onConfirm={() => cancel.mutate(item.id, { onSuccess: () => showMessage('success', t('reserveCancelled')), onError: (e) => showMessage('error', failure(e)) })}>
        <Button size="small" loading={cancel.isPending} data-testid="reserve-cancel" aria-label={`${t('cancelReserve')} ${item.title}`}>{t('cancelReserve')}</Button>
      </Popconfirm>,
    ] : []),
    <Link key="order" to={orderPath(item.orderId)} aria-label={`${t('viewOrder')} ${item.orderNo}`}>{t('viewOrder')}</Link>,
  ];
  return (
    <List.Item data-testid="center-reservation" data-id={item.id} actions={actions}>
      <div className="portal-study__row">
        <Thumb src={item.cover} alt={item.title} size={72} to={productPath(item.prodId)} />
        <div className="portal-study__body">
          <Link to={productPath(item.prodId)} className="portal-study__title">{item.title}</Link>
          <div className="portal-study__meta" data-testid="reservation-time">{t('time')}: {shortTime(item.startAt)} – {shortTime(item.endAt).slice(11)}</div>
          <div className="portal-study__meta">{t('provider')}: {item.providerName} · {t('orderNo')}: {item.orderNo}</div>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 6 }}>
            <ReservationStatusTag status={item.status} />
            {item.price > 0 ? <Money value={item.price} /> : <span>{t('freeOfCharge')}</span>}
          </div>
        </div>
      </div>
    </List.Item>
  );
}

export default function ShopReservePage() {
  const sc = useShopContentTexts();
  const t = useReserveTexts();
  const [tab, setTab] = useState<ReservationTab>('upcoming');
  const { page, onPage } = usePaging();
  const query = useMyReservations(tab, page.pageNo, page.pageSize);
  return (
    <CenterLayout title={sc('shopReserve')} testId="shop-reserve">
      <Tabs activeKey={tab} onChange={(k) => { setTab(k as ReservationTab); onPage(1, page.pageSize); }} items={TABS.map((x) => ({ key: x.key, label: t(x.label) }))} />
      <StudyList
        query={query} page={page} onPage={onPage} testId="center-reservations"
        empty={{ text: t('noReservations'), linkText: t('goReserve'), to: '/product' }}
        rowKey={(r) => r.id} renderRow={(r) => <ReservationRow item={r} />}
      />
    </CenterLayout>
  );
}
