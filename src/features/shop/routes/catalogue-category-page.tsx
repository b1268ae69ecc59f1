// /sub_shop/list (spec learning §2 "Sub-home, shop and content"; issue 20 part P): one product
// category's page, chosen by ?categoryId=: its trail from the root, its sub-categories (a leaf shows
// its siblings) as chips, and its products with sort, the price range (spec §5) and the pager (§9).
// Without a category it is the category chooser: every root with its sub-categories. An unknown or
// hidden category says so. docs/shop-and-content.md "Product lists, product content, bought".
import { Breadcrumb, Button, Empty, Result, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { SECONDARY_TEXT } from '../../../components/widget-parts';
import { categoryTrail, useCategoryTree, type CategoryNode } from '../api/catalogue-api';
import { CatalogueResults, ListToolbar, useListParams } from '../components/catalogue-list';
import { useCatalogueTexts } from '../components/catalogue-texts';
import { Panel, ShopPage } from '../components/shop-parts';

const PATH = '/sub_shop/list';
const listOf = (id: number) => `${PATH}?categoryId=${id}`;

/** Every root category with its sub-categories: where a visitor without a category starts. */
function Chooser({ tree }: { tree: CategoryNode[] }) {
  const t = useCatalogueTexts();
  if (!tree.length) return <Panel><Empty description={t('noProducts')} data-testid="catalogue-empty" /></Panel>;
  return (
    <ul data-testid="category-chooser" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 16 }}>
      {tree.map((root) => (
        <li key={root.id}>
          <Panel style={{ height: '100%', marginBottom: 0 }}>
            <h2 style={{ margin: '0 0 4px', fontSize: 18 }}><Link to={listOf(root.id)} style={{ color: 'inherit' }}>{root.name}</Link></h2>
            <p style={{ margin: '0 0 12px', color: SECONDARY_TEXT }}>{t('productsN', { n: root.productCount })}</p>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
              {root.children.map((child) => <Link key={child.id} to={listOf(child.id)}><Tag style={{ marginInlineEnd: 0 }}>{child.name}</Tag></Link>)}
            </div>
          </Panel>
        </li>
      ))}
    </ul>
  );
}

export default function CatalogueCategoryPage() {
  const t = useCatalogueTexts();
  const { params } = useListParams();
  const raw = params.get('categoryId');
  const categoryId = Number(raw) || undefined;
  const tree = useCategoryTree();

  if (tree.isPending) return <ShopPage title={t('categories')} testId="catalogue-category-page"><Panel><Skeleton active /></Panel></ShopPage>;
  if (tree.isError) {
    return (
      <ShopPage title={t('categories')} testId="catalogue-category-page">
        <Panel><Empty description={t('loadFailed')}><Button onClick={() => void tree.refetch()}>{t('retry')}</Button></Empty></Panel>
      </ShopPage>
    );
  }
  if (raw === null) return <ShopPage title={t('chooseCategory')} testId="catalogue-category-page"><Chooser tree={tree.data} /></ShopPage>;

  const trail = categoryTrail(tree.data, categoryId);
  const category = trail.at(-1);
  if (!category) {
    return (
      <ShopPage title={t('categoryNotFound')} testId="catalogue-category-page">
        <Panel><Result status="404" title={t('categoryNotFound')} subTitle={t('categoryNotFoundHint')} extra={<Link to={PATH}>{t('chooseCategory')}</Link>} /></Panel>
      </ShopPage>
    );
  }
  // A category with sub-categories offers them; a leaf offers its siblings, itself chosen.
  const parent = trail.at(-2);
  const chips = category.children.length ? category.children : (parent?.children ?? []);
  return (
    <ShopPage title={category.name} testId="catalogue-category-page">
      <Panel>
        <Breadcrumb
          style={{ marginBottom: 12 }}
          items={[
            { key: 'all', title: <Link to={PATH}>{t('categories')}</Link> },
            ...trail.map((node) => ({ key: String(node.id), title: node.id === category.id ? <span aria-current="page">{node.name}</span> : <Link to={listOf(node.id)}>{node.name}</Link> })),
          ]}
        />
        {chips.length ? (
          <div role="group" aria-label={t('categories')} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }} data-testid="category-chips">
            {chips.map((chip) => {
              const chosen = chip.id === category.id;
              return (
                <Link
                  key={chip.id} to={listOf(chip.id)} aria-current={chosen ? 'page' : undefined}
                  style={{ padding: '2px 10px', borderRadius: 12, border: '1px solid var(--portal-border, #d9d9d9)', color: chosen ? 'var(--portal-link-on-tint, #1366db)' : 'inherit', background: chosen ? 'var(--portal-link-tint, #e3edfc)' : undefined, fontWeight: chosen ? 600 : 400 }}
                >
                  {`${chip.name} (${chip.productCount})`}
                </Link>
              );
            })}
          </div>
        ) : null}
        <ListToolbar />
      </Panel>
      <Panel><CatalogueResults categoryId={category.id} /></Panel>
    </ShopPage>
  );
}
