// /sub_shop/bought (spec learning §2 "Sub-home, shop and content"; signed in; issue 20 part P):
// everything I paid for, the latest first, grouped by kind in tabs with their counts (courses, books,
// resources, goods). Each row opens what it grants (the course page, the reader, the content page);
// shipped goods open their order. Tab and page live in the address (spec §9: pageNo remembered).
import { Button, Empty, Pagination, Skeleton, Tabs, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { formatDate, safeImageSrc, SECONDARY_TEXT } from '../../../components/widget-parts';
import { PAGE_SIZE_OPTIONS as PAGE_SIZES } from '../../../lib/constants';
import { useQueryState } from '../../../lib/use-query-state';
import { grantHref, useBought, type BoughtItem, type BoughtKind } from '../api/catalogue-api';
import { useCatalogueTexts } from '../components/catalogue-texts';
import { Panel, ShopPage } from '../components/shop-parts';

const KINDS: readonly BoughtKind[] = ['course', 'book', 'content', 'goods'];

function Row({ item }: { item: BoughtItem }) {
  const t = useCatalogueTexts();
  const navigate = useNavigate();
  const src = safeImageSrc(item.cover);
  return (
    <li data-testid="bought-item" data-kind={item.kind} data-product-id={item.productId} style={{ display: 'flex', gap: 16, alignItems: 'center', padding: '14px 0', borderTop: '1px solid var(--portal-fill, #f0f0f0)' }}>
      <span style={{ width: 72, height: 72, flex: 'none', borderRadius: 6, overflow: 'hidden', background: 'var(--portal-fill, #f0f2f5)' }}>
        {src ? <img src={src} alt="" width={72} height={72} style={{ objectFit: 'cover', display: 'block' }} /> : null}
      </span>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
          <Tag style={{ marginInlineEnd: 0 }}>{t(`bought_${item.kind}`)}</Tag>
          <Link to={`/product/content/${item.productId}`} style={{ color: 'inherit', fontWeight: 500 }}>{item.title}</Link>
        </div>
        <div style={{ color: SECONDARY_TEXT, fontSize: 12, marginTop: 6 }}>{item.providerName} · {t('paidAt', { date: formatDate(item.boughtAt) })}</div>
      </div>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {item.grants.map((g) => (
          <Button key={`${g.kind}-${g.targetId}`} type="primary" onClick={() => navigate(grantHref(g.link))} data-testid="bought-open">
            {item.grants.length > 1 ? `${t('open')} · ${g.title}` : t('open')}
          </Button>
        ))}
        {item.grants.length === 0 ? <span style={{ color: SECONDARY_TEXT }}>{t('noOpen')}</span> : null}
        <Link to={`/sub_shop/order_detail/order_detail/${item.orderId}`}>{t('viewOrder')}</Link>
      </div>
    </li>
  );
}

export default function BoughtPage() {
  const t = useCatalogueTexts();
  const navigate = useNavigate();
  const { params, update } = useQueryState();
  const kind = KINDS.find((k) => k === params.get('kind'));
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 10;
  const bought = useBought(kind, pageNo, pageSize);
  const counts = bought.data?.counts;
  const label = (key: BoughtKind | 'all') => {
    const text = key === 'all' ? t('boughtAll') : t(`bought_${key}`);
    return counts ? `${text} (${counts[key]})` : text;
  };

  let body;
  if (bought.isPending) body = <Skeleton active />;
  else if (bought.isError) body = <Empty description={bought.error.message || t('loadFailed')}><Button onClick={() => void bought.refetch()}>{t('retry')}</Button></Empty>;
  else if (bought.data.total === 0) {
    body = (
      <Empty description={kind ? t('boughtEmptyKind', { kind: t(`bought_${kind}`) }) : t('boughtEmpty')} data-testid="bought-empty">
        <Button type="primary" onClick={() => navigate('/sub_shop/products/products')}>{t('goShopping')}</Button>
      </Empty>
    );
  } else {
    body = (
      <div aria-busy={bought.isFetching}>
        <ul data-testid="bought-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {bought.data.list.map((item) => <Row key={item.productId} item={item} />)}
        </ul>
        <Pagination
          style={{ marginTop: 16, justifyContent: 'center' }} current={pageNo} pageSize={pageSize} total={bought.data.total} showSizeChanger hideOnSinglePage={bought.data.total <= 5}
          pageSizeOptions={PAGE_SIZES.map(String)} onChange={(p, s) => update({ pageNo: s !== pageSize ? 1 : p, pageSize: s })}
        />
      </div>
    );
  }
  return (
    <ShopPage title={t('bought')} testId="bought-page">
      <Panel>
        <Tabs activeKey={kind ?? 'all'} onChange={(key) => update({ kind: key === 'all' ? undefined : key })} items={(['all', ...KINDS] as const).map((k) => ({ key: k, label: label(k) }))} />
        {body}
      </Panel>
    </ShopPage>
  );
}
