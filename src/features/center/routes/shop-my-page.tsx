// /user/center/shop/shopMy (spec learning §2 "Personal center" shop): my shop at a glance. My orders
// counted by state, each opening the center's order list on that tab (待发货 and 待收货 share the
// spec's "to be received" tab); 售后 counts refund requests awaiting a decision; the latest orders;
// my saved products, bookshelf and addresses counted; and shortcuts.
import { Alert, Button, Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useCenterShopSummary, type CenterShopSummary } from '../../../api/center-shop';
import { formatTime, Money, StateTag } from '../../../components/shop/shop-parts';
import { CenterLayout } from '../components/center-layout';
import { useShopContentTexts } from '../components/shop-content-texts';
import { useCenterShopTexts, type CenterShopText } from '../components/shop-center-texts';
import { orderListPath, SHOP_ORDER_PATH } from '../components/shop-order-tabs';
import '../components/shop-center.css';

const STATE_TILES: Array<{ key: keyof CenterShopSummary['counts']; label: CenterShopText; to: string }> = [
  { key: 'pending', label: 'pending', to: orderListPath(1) },
  { key: 'toShip', label: 'toShip', to: orderListPath(2) },
  { key: 'toReceive', label: 'toReceive', to: orderListPath(2) },
  { key: 'completed', label: 'completed', to: orderListPath(3) },
  { key: 'afterSale', label: 'afterSale', to: orderListPath(0) },
];

const SHORTCUTS: Array<{ label: CenterShopText; to: string }> = [
  { label: 'addresses', to: '/user/center/shop/shopAddress' },
  { label: 'reserve', to: '/user/center/shop/shopReserve' },
  { label: 'contract', to: '/user/center/shop/shopContract' },
  { label: 'bought', to: '/sub_shop/bought' },
  { label: 'cart', to: '/sub_shop/cart' },
];

export default function ShopMyPage() {
  const sc = useShopContentTexts();
  const t = useCenterShopTexts();
  const summary = useCenterShopSummary();

  let body;
  if (summary.isPending) body = <div role="status" aria-busy="true" aria-label={t('loading')}><Skeleton active paragraph={{ rows: 6 }} /></div>;
  else if (summary.isError) {
    body = <Alert type="error" showIcon title={summary.error.message || t('loadFailed')} action={<Button size="small" onClick={() => void summary.refetch()}>{t('retry')}</Button>} />;
  } else {
    const s = summary.data;
    body = (
      <>
        <section className="center-shop__section" aria-labelledby="shop-my-orders">
          <div className="center-shop__head">
            <h2 id="shop-my-orders">{t('myOrders')}</h2>
            <Link to={SHOP_ORDER_PATH}>{t('allOrders')}</Link>
          </div>
          <ul className="center-shop__tiles" data-testid="shop-my-states">
            {STATE_TILES.map((tile) => (
              <li key={tile.key}>
                <Link to={tile.to} className="center-shop__tile" data-testid={`shop-my-state-${tile.key}`}>
                  <strong>{s.counts[tile.key]}</strong>{' '}
                  <span>{t(tile.label)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section className="center-shop__section" aria-labelledby="shop-my-recent">
          <div className="center-shop__head"><h2 id="shop-my-recent">{t('recentOrders')}</h2></div>
          {s.recent.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRecent')}><Link to="/product">{t('goShopping')}</Link></Empty>
          ) : (
            <ul className="center-shop__recent" data-testid="shop-my-recent">
              {s.recent.map((o) => (
                <li key={o.id}>
                  <Link to={`/sub_shop/order_detail/order_detail/${o.id}`} className="center-shop__recent-title">
                    {o.items.length > 1 ? t('itemsShort', { title: o.items[0]!.title, n: o.itemCount }) : (o.items[0]?.title ?? t('orderNoShort', { no: o.orderNo }))}
                  </Link>
                  <span className="center-shop__meta">{t('orderNoShort', { no: o.orderNo })} · {formatTime(o.createdAt)}</span>
                  <StateTag state={o.state} shipped={o.shippedAt !== null} />
                  <Money value={o.payPrice} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="center-shop__section" aria-labelledby="shop-my-assets">
          <div className="center-shop__head"><h2 id="shop-my-assets">{t('myAssets')}</h2></div>
          <ul className="center-shop__tiles">
            {([['favorites', s.favoriteCount, '/user/center/shop/shopFavorite'], ['bookshelf', s.bookshelfCount, '/user/center/shop/shopBookshelf'], ['addresses', s.addressCount, '/user/center/shop/shopAddress']] as const).map(([label, n, to]) => (
              <li key={label}>
                <Link to={to} className="center-shop__tile" data-testid={`shop-my-${label}`}>
                  <strong>{n}</strong>{' '}
                  <span>{t(label)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </>
    );
  }
  return (
    <CenterLayout title={sc('shopMy')} testId="shop-my">
      {body}
      <nav className="center-shop__section" aria-labelledby="shop-my-shortcuts">
        <div className="center-shop__head"><h2 id="shop-my-shortcuts">{t('shortcuts')}</h2></div>
        <ul className="center-shop__shortcuts">
          {SHORTCUTS.map((c) => <li key={c.to}><Link to={c.to}>{t(c.label)}</Link></li>)}
        </ul>
      </nav>
    </CenterLayout>
  );
}
