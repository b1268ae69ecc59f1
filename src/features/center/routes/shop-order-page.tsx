// /user/center/shop/shopOrder (spec learning §2 "Personal center" shop; "Order list tabs": all,
// pending payment, to be received, completed, cancelled): my orders inside the center, with the
// order page's actions (pay, cancel, confirm receipt, view) and a search by order number or product
// title. Tab, search and page live in the query (?tab, ?q, ?pageNo; spec §9 pageTab 0, pageNo 1),
// so back and reload keep them.
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Pagination, Skeleton, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrders, useShopScope, type OrderView } from '../../../api/shop-orders';
import { OrderActions } from '../../../components/shop/order-actions';
import { formatTime, Money, OrderLines, SECONDARY_TEXT, StateTag } from '../../../components/shop/shop-parts';
import { failureText, useShopTexts } from '../../../components/shop/shop-texts';
import { PAGE_SIZE_OPTIONS } from '../../../lib/constants';
import { useQueryState } from '../../../lib/use-query-state';
import { CenterLayout } from '../components/center-layout';
import { useShopContentTexts } from '../components/shop-content-texts';
import { useCenterShopTexts } from '../components/shop-center-texts';
import { ORDER_TABS } from '../components/shop-order-tabs';
import '../components/shop-center.css';

function OrderCard({ order, onChanged }: { order: OrderView; onChanged: () => void }) {
  const t = useShopTexts();
  return (
    <article className="center-shop__order" data-testid="center-order" data-order-no={order.orderNo} aria-label={t('orderNo', { no: order.orderNo })}>
      <div className="center-shop__order-head">
        <span>{t('createdAt', { time: formatTime(order.createdAt) })}</span>
        <span style={{ color: SECONDARY_TEXT }}>{t('orderNo', { no: order.orderNo })}</span>
        <span className="center-shop__grow" />
        <StateTag state={order.state} shipped={order.shippedAt !== null} />
      </div>
      <div style={{ padding: '0 16px' }}><OrderLines items={order.items} /></div>
      <div className="center-shop__order-foot">
        <span className="center-shop__grow" style={{ color: SECONDARY_TEXT }}>{t('pieces', { n: order.itemCount })}</span>
        <span>{t('actualPay')} <Money value={order.payPrice} strong /></span>
        <Link to={`/sub_shop/order_detail/order_detail/${order.id}`} data-testid="center-order-view">{t('viewDetail')}</Link>
        <OrderActions key={order.state} order={order} onChanged={onChanged} compact />
      </div>
    </article>
  );
}

export default function ShopOrderPage() {
  const sc = useShopContentTexts();
  const t = useShopTexts();
  const c = useCenterShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const { params, edit } = useQueryState();
  const tabState = Number(params.get('tab')) || 0;
  const tab = ORDER_TABS.some((x) => x.state === tabState) ? tabState : 0;
  const q = (params.get('q') ?? '').trim().slice(0, 50);
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const pageSize = PAGE_SIZE_OPTIONS.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 10;
  const query = useOrders(tab === 0 ? undefined : tab, pageNo, pageSize, q);
  const client = useQueryClient();
  const scope = useShopScope();
  const [typed, setTyped] = useState(q);
  useEffect(() => setTyped(q), [q]);
  const go = (next: { tab?: number; q?: string; pageNo?: number; pageSize?: number }) => {
    edit((p) => {
      const nextTab = next.tab ?? tab;
      const nextQ = next.q ?? q;
      if (nextTab) p.set('tab', String(nextTab)); else p.delete('tab');
      if (nextQ) p.set('q', nextQ); else p.delete('q');
      p.set('pageNo', String(next.pageNo ?? 1));
      p.set('pageSize', String(next.pageSize ?? pageSize));
    });
  };
  const refresh = () => {
    void client.invalidateQueries({ queryKey: [...scope, 'orders'] });
    void client.invalidateQueries({ queryKey: [...scope, 'center-summary'] });
  };

  let body;
  if (query.isPending) body = <div role="status" aria-busy="true" aria-label={c('loading')}><Skeleton active paragraph={{ rows: 6 }} /></div>;
  else if (query.isError) {
    body = <Alert type="error" showIcon title={failureText(t, query.error, english)} action={<Button size="small" onClick={() => void query.refetch()}>{c('retry')}</Button>} />;
  } else if (query.data.total === 0) {
    const tabLabel = t(ORDER_TABS.find((x) => x.state === tab)!.label);
    body = q ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={c('noMatch', { q })} data-testid="center-orders-empty">
        <Button onClick={() => go({ q: '' })}>{c('clearSearch')}</Button>
      </Empty>
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tab === 0 ? t('noOrders') : t('noOrdersTab', { tab: tabLabel })} data-testid="center-orders-empty">
        <Link to="/product">{t('goShopping')}</Link>
      </Empty>
    );
  } else {
    body = (
      <div aria-busy={query.isFetching} data-testid="center-order-list">
        {query.data.list.map((o) => <OrderCard key={o.id} order={o} onChanged={refresh} />)}
        <Pagination
          style={{ marginTop: 16, justifyContent: 'center' }} current={pageNo} pageSize={pageSize} total={query.data.total}
          showSizeChanger pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)} onChange={(p, s) => go({ pageNo: s !== pageSize ? 1 : p, pageSize: s })}
        />
      </div>
    );
  }
  return (
    <CenterLayout title={sc('shopOrder')} testId="shop-order">
      <Input.Search
        value={typed} onChange={(e) => setTyped(e.target.value)} onSearch={(v) => go({ q: v.trim().slice(0, 50) })} allowClear maxLength={50}
        placeholder={c('searchOrders')} aria-label={c('searchLabel')} enterButton={c('searchLabel')} style={{ maxWidth: 420 }} data-testid="center-order-search"
      />
      <Tabs activeKey={String(tab)} onChange={(k) => go({ tab: Number(k) })} items={ORDER_TABS.map((x) => ({ key: String(x.state), label: t(x.label) }))} />
      {body}
    </CenterLayout>
  );
}
