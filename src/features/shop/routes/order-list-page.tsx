// /sub_shop/order/order (spec learning §2 "Shop", "Order list tabs": all, pending payment, to be
// received, completed, cancelled): my orders, newest first, with the tab and page in the query
// (?tab=0…4, ?pageNo; spec §9: pageTab defaults to 0, pageNo to 1) so back and reload keep them.
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Pagination, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryState } from '../../../lib/use-query-state';
import { useOrders, useShopScope, type OrderView } from '../api/shop-api';
import { OrderActions } from '../components/order-actions';
import { formatTime, Money, OrderLines, Panel, SECONDARY_TEXT, ShopPage, StateTag } from '../components/shop-parts';
import { failureText, useShopTexts } from '../components/shop-texts';
import { PAGE_SIZE_OPTIONS } from '../../../lib/constants';

const TABS = ['tabAll', 'state1', 'state2', 'state3', 'state4'] as const;

function OrderCard({ order, onChanged }: { order: OrderView; onChanged: () => void }) {
  const t = useShopTexts();
  const to = `/sub_shop/order_detail/order_detail/${order.id}`;
  return (
    <Panel testId="order-card" style={{ padding: 0 }}>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', padding: '10px 20px', background: 'var(--portal-fill, #fafafa)', borderRadius: '8px 8px 0 0', fontSize: 13 }}>
        <span>{t('createdAt', { time: formatTime(order.createdAt) })}</span>
        <span style={{ color: SECONDARY_TEXT }}>{t('orderNo', { no: order.orderNo })}</span>
        <span style={{ flex: 1 }} />
        <StateTag state={order.state} shipped={order.shippedAt !== null} />
      </div>
      <div style={{ padding: '0 20px' }}><OrderLines items={order.items} /></div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '10px 20px', borderTop: '1px solid var(--portal-fill, #f0f0f0)' }}>
        <span style={{ flex: 1, color: SECONDARY_TEXT }}>{t('pieces', { n: order.itemCount })}</span>
        <span>{t('actualPay')} <Money value={order.payPrice} strong /></span>
        <Link to={to}><Button size="small">{t('viewDetail')}</Button></Link>
        <OrderActions key={order.state} order={order} onChanged={onChanged} compact />
      </div>
    </Panel>
  );
}

export default function OrderListPage() {
  const t = useShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const { params, edit } = useQueryState();
  const tab = Math.min(4, Math.max(0, Number(params.get('tab')) || 0));
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const pageSize = PAGE_SIZE_OPTIONS.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 10;
  const query = useOrders(tab === 0 ? undefined : tab, pageNo, pageSize);
  const client = useQueryClient();
  const scope = useShopScope();
  const go = (next: { tab?: number; pageNo?: number; pageSize?: number }) => {
    edit((p) => {
      p.set('tab', String(next.tab ?? tab));
      p.set('pageNo', String(next.pageNo ?? 1));
      p.set('pageSize', String(next.pageSize ?? pageSize));
    });
  };
  const refresh = () => void client.invalidateQueries({ queryKey: [...scope, 'orders'] });

  let body;
  if (query.isPending) body = <Panel><Skeleton active /></Panel>;
  else if (query.isError) body = <Panel><Empty description={failureText(t, query.error, english)}><Button onClick={() => void query.refetch()}>{t('retry')}</Button></Empty></Panel>;
  else if (query.data.total === 0) {
    body = (
      <Panel><Empty description={tab === 0 ? t('noOrders') : t('noOrdersTab', { tab: t(TABS[tab]!) })} data-testid="orders-empty">
        <Link to="/product"><Button type="primary">{t('goShopping')}</Button></Link>
      </Empty></Panel>
    );
  } else {
    body = (
      <div aria-busy={query.isFetching} data-testid="order-list">
        {query.data.list.map((o) => <OrderCard key={o.id} order={o} onChanged={refresh} />)}
        <Pagination
          style={{ marginTop: 16, justifyContent: 'center' }} current={pageNo} pageSize={pageSize} total={query.data.total}
          showSizeChanger pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)} onChange={(p, s) => go({ pageNo: s !== pageSize ? 1 : p, pageSize: s })}
        />
      </div>
    );
  }
  return (
    <ShopPage title={t('myOrders')} testId="order-list-page">
      <Tabs activeKey={String(tab)} onChange={(k) => go({ tab: Number(k) })} items={TABS.map((key, i) => ({ key: String(i), label: t(key) }))} />
      {body}
    </ShopPage>
  );
}
