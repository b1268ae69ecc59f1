// /sub_home/prodCenter/index (spec learning §2 "Sub-home, shop and content"; issue 20 part P): the
// product center. The tenant's featured product categories (the roots when none is featured), each
// with its sub-categories and best sellers and a link into its list (/sub_shop/list), then the newest
// products; the whole catalogue is one link away (/sub_shop/products/products).
import { Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductCard, SECONDARY_TEXT } from '../../../components/widget-parts';
import { useProductCenter, type ProductItem } from '../api/catalogue-api';
import { useCatalogueTexts } from '../components/catalogue-texts';
import { Panel, ShopPage } from '../components/shop-parts';

function Cards({ items }: { items: ProductItem[] }) {
  const english = useTranslation().i18n.language === 'en';
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 20 }}>
      {items.map((item) => <ProductCard key={item.id} item={item} locale={english ? 'en' : 'zh'} showProvider={false} />)}
    </ul>
  );
}

export default function ProdCenterPage() {
  const t = useCatalogueTexts();
  const center = useProductCenter();
  const all = <Link to="/sub_shop/products/products" data-testid="center-browse-all">{t('browseAll')}</Link>;

  let body;
  if (center.isPending) body = <Panel><Skeleton active /></Panel>;
  else if (center.isError) body = <Panel><Empty description={t('loadFailed')}><Button onClick={() => void center.refetch()}>{t('retry')}</Button></Empty></Panel>;
  else if (center.data.categories.length === 0 && center.data.newest.length === 0) body = <Panel><Empty description={t('centerEmpty')} data-testid="center-empty" /></Panel>;
  else {
    body = (
      <>
        {center.data.categories.map((c) => (
          <section key={c.id} data-testid="center-category" aria-labelledby={`center-category-${c.id}`} style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: 20, marginBottom: 16 }}>
            <div style={{ display: 'flex', alignItems: 'baseline', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
              <h2 id={`center-category-${c.id}`} style={{ margin: 0, fontSize: 18 }}>{c.name}</h2>
              <span style={{ color: SECONDARY_TEXT }}>{t('productsN', { n: c.productCount })}</span>
              {c.children.map((child) => <Link key={child.id} to={`/sub_shop/list?categoryId=${child.id}`}>{child.name}</Link>)}
              <Link to={`/sub_shop/list?categoryId=${c.id}`} style={{ marginInlineStart: 'auto' }} aria-label={`${t('seeAll')} ${c.name}`}>{t('seeAll')}</Link>
            </div>
            <Cards items={c.products} />
          </section>
        ))}
        {center.data.newest.length ? (
          <Panel title={t('newest')} testId="center-newest">
            <Cards items={center.data.newest} />
          </Panel>
        ) : null}
      </>
    );
  }
  return <ShopPage title={t('productCenter')} testId="prod-center-page" extra={all}>{body}</ShopPage>;
}
