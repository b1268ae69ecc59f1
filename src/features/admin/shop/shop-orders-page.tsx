// /sub_admin/shopOrders (issue 20 part Q, ours): the back office's orders by stage, to ship first
// (the earliest paid on top), with ship (carrier and tracking number), add tracking, and the
// tracking timeline. The server decides who may (admins of a back-office tenant, asBackOfficeAdmin).
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Pagination, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { getAdminOrders, ORDER_STAGES, type AdminOrderRow, type OrderStage } from '../../../api/after-sale';
import { formatPrice, SECONDARY_TEXT } from '../../../components/widget-parts';
import { showMessage } from '../../../components/feedback/feedback';
import { useAppStore } from '../../../stores/app-store';
import { BankFrame, ReadState } from '../bank/bank-frame';
import { deliveryWord, EventDialog, localTime, ShipDialog, TimelineDialog } from './ship-dialogs';
import { useShopOrdersTexts } from './shop-orders-texts';

type Tab = OrderStage | 'all';
type Dialog = { kind: 'ship' | 'event' | 'timeline'; order: AdminOrderRow } | null;
const TABS: Tab[] = ['toShip', 'shipped', 'completed', 'pending', 'cancelled', 'refunded', 'all'];
const PAGE_SIZE = 10;

function OrderRow({ o, open }: { o: AdminOrderRow; open: (d: NonNullable<Dialog>) => void }) {
  const t = useShopOrdersTexts();
  const cell = { padding: '10px 8px', verticalAlign: 'top' } as const;
  return (
    <tr data-testid="admin-order-row" data-order-no={o.orderNo} style={{ borderTop: '1px solid var(--portal-border, rgba(0, 0, 0, 0.08))' }}>
      <td style={cell}>
        <div style={{ fontFamily: 'monospace' }}>{o.orderNo}</div>
        <div style={{ color: SECONDARY_TEXT, fontSize: 12 }}>{o.paidAt ? t('paidAt', { time: localTime(o.paidAt) }) : t('createdAt', { time: localTime(o.createdAt) })}</div>
        <Tag style={{ marginTop: 4 }}>{t(`stage_${o.stage}` as 'stage_toShip')}</Tag>
      </td>
      <td style={cell}>{o.buyerName}</td>
      <td style={cell}>{o.items.map((i, k) => <div key={k}>{i.title} ×{i.quantity}</div>)}</td>
      <td style={cell}>{o.needsDelivery ? <>{o.address.receiver} {o.address.phone}<br />{o.address.area} {o.address.detail}</> : <span style={{ color: SECONDARY_TEXT }}>{t('noDelivery')}</span>}</td>
      <td style={cell}>{formatPrice(o.payPrice)}</td>
      <td style={cell} data-testid="admin-order-delivery">
        {o.delivery ? <>{o.delivery.carrier}<br /><span style={{ fontFamily: 'monospace' }}>{o.delivery.trackingNo}</span><br />{deliveryWord(t, o.delivery.state)}</>
          : <span style={{ color: SECONDARY_TEXT }}>{o.needsDelivery ? t('notShipped') : t('noDelivery')}</span>}
      </td>
      <td style={cell}>
        <Space direction="vertical" size={4}>
          {o.stage === 'toShip' ? <Button type="primary" size="small" onClick={() => open({ kind: 'ship', order: o })} data-testid="admin-ship">{t('ship')}</Button> : null}
          {/* Tracking only while shipped and to be received: the server refuses it once refunded (addDeliveryEvent). */}
          {o.stage === 'shipped' && o.delivery && o.delivery.state < 4 ? <Button size="small" onClick={() => open({ kind: 'event', order: o })} data-testid="admin-add-event">{t('addEvent')}</Button> : null}
          {o.delivery ? <Button size="small" onClick={() => open({ kind: 'timeline', order: o })}>{t('viewDelivery')}</Button> : null}
        </Space>
      </td>
    </tr>
  );
}

export default function ShopOrdersPage() {
  const t = useShopOrdersTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('toShip');
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const query = useQuery({
    queryKey: ['admin-shop-orders', tenantId, tab, keyword, pageNo] as const,
    queryFn: ({ signal }) => getAdminOrders({ ...(tab === 'all' ? {} : { stage: tab }), ...(keyword ? { keyword } : {}), pageNo, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData, retry: false,
  });
  const done = (message: string) => {
    setDialog(null);
    showMessage('success', message);
    void client.invalidateQueries({ queryKey: ['admin-shop-orders', tenantId] });
    void client.invalidateQueries({ queryKey: ['admin-delivery'] });
  };
  const counts = query.data?.counts ?? {};
  const allCount = ORDER_STAGES.reduce((n, s) => n + (counts[s] ?? 0), 0);
  const head = [t('colOrder'), t('colBuyer'), t('colItems'), t('colAddress'), t('colPay'), t('colDelivery'), t('colActions')];
  return (
    <BankFrame title={t('title')}>
      <p>{t('intro')}</p>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Tabs activeKey={tab} onChange={(k) => { setTab(k as Tab); setPageNo(1); }} items={TABS.map((k) => ({
          key: k, label: `${t(`stage_${k}` as 'stage_all')}${query.data ? ` (${k === 'all' ? allCount : counts[k] ?? 0})` : ''}`,
        }))} />
        <Input.Search allowClear placeholder={t('search')} aria-label={t('search')} style={{ width: 280 }} maxLength={40}
          onSearch={(v) => { setKeyword(v.trim()); setPageNo(1); }} />
      </Space>
      {query.data === undefined ? <ReadState query={query} help={t('forbiddenHelp')} /> : query.data.list.length === 0 ? <Empty description={t('empty')} /> : (
        <>
          <div style={{ overflowX: 'auto' }}>
            <table data-testid="admin-shop-orders" style={{ width: '100%', minWidth: 960, borderCollapse: 'collapse' }}>
              <thead><tr>{head.map((h) => <th key={h} scope="col" style={{ textAlign: 'left', padding: '8px' }}>{h}</th>)}</tr></thead>
              <tbody>{query.data.list.map((o) => <OrderRow key={o.id} o={o} open={setDialog} />)}</tbody>
            </table>
          </div>
          <Space style={{ width: '100%', justifyContent: 'flex-end', marginTop: 12 }}>
            <span style={{ color: SECONDARY_TEXT }}>{t('total', { n: query.data.total })}</span>
            <Pagination current={pageNo} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPageNo} showSizeChanger={false} hideOnSinglePage />
          </Space>
        </>
      )}
      {dialog?.kind === 'ship' ? <ShipDialog order={dialog.order} onClose={() => setDialog(null)} onDone={() => done(t('shipped'))} /> : null}
      {dialog?.kind === 'event' ? <EventDialog order={dialog.order} onClose={() => setDialog(null)} onDone={() => done(t('eventAdded'))} /> : null}
      {dialog?.kind === 'timeline' ? <TimelineDialog order={dialog.order} onClose={() => setDialog(null)} /> : null}
    </BankFrame>
  );
}
