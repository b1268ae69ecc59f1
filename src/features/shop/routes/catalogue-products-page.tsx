// /sub_shop/products/products (spec learning §2 "Sub-home, shop and content"; issue 20 part P): the
// whole catalogue with the product category tree (GET /pm/pmCategory/list2) beside it: every level
// of the tree is a link, so a category and everything under it is one click, with search, sort, the
// price range (spec §5) and the pager (spec §9). /sub_shop/list is one category's page and /shop/list
// the list by product type (docs/shop-and-content.md "Product lists, product content, bought").
import { Button, Input, Skeleton } from 'antd';
import { Link } from 'react-router';
import { SECONDARY_TEXT } from '../../../components/widget-parts';
import { categoryTrail, useCategoryTree, type CategoryNode } from '../api/catalogue-api';
import { CatalogueResults, ListToolbar, useListParams } from '../components/catalogue-list';
import { useCatalogueTexts } from '../components/catalogue-texts';
import { Panel, ShopPage } from '../components/shop-parts';

const PATH = '/sub_shop/products/products';

/** One level of the tree: each category a link to itself, its children indented under it. */
function TreeLevel({ nodes, selected, depth }: { nodes: CategoryNode[]; selected: number | undefined; depth: number }) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, paddingInlineStart: depth ? 14 : 0 }}>
      {nodes.map((node) => (
        <li key={node.id}>
          <Link
            to={`${PATH}?categoryId=${node.id}`} aria-current={node.id === selected ? 'page' : undefined} data-testid="category-link"
            style={{ display: 'flex', justifyContent: 'space-between', gap: 8, padding: '6px 8px', borderRadius: 6, color: 'inherit', fontWeight: node.id === selected ? 600 : depth ? 400 : 500, background: node.id === selected ? 'var(--portal-fill, #f0f2f5)' : undefined }}
          >
            <span>{node.name}</span>
            <span style={{ color: SECONDARY_TEXT, fontSize: 12 }}>{node.productCount}</span>
          </Link>
          {node.children.length ? <TreeLevel nodes={node.children} selected={selected} depth={depth + 1} /> : null}
        </li>
      ))}
    </ul>
  );
}

export default function CatalogueProductsPage() {
  const t = useCatalogueTexts();
  const { params, update, searchValue } = useListParams();
  const categoryId = Number(params.get('categoryId')) || undefined;
  const tree = useCategoryTree();
  const trail = categoryTrail(tree.data ?? [], categoryId);
  const heading = trail.at(-1)?.name ?? t('allProducts');

  let side;
  if (tree.isPending) side = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (tree.isError) side = <Button onClick={() => void tree.refetch()}>{t('retry')}</Button>;
  else {
    side = (
      <>
        <Link to={PATH} aria-current={categoryId === undefined ? 'page' : undefined} style={{ display: 'block', padding: '6px 8px', color: 'inherit', fontWeight: categoryId === undefined ? 600 : 500 }}>{t('allCategories')}</Link>
        <TreeLevel nodes={tree.data} selected={categoryId} depth={0} />
      </>
    );
  }

  return (
    <ShopPage
      title={heading} testId="catalogue-products-page"
      extra={<Input.Search key={searchValue} defaultValue={searchValue} placeholder={t('search')} aria-label={t('search')} allowClear enterButton style={{ width: 320 }} onSearch={(v) => update({ searchValue: v.trim() })} data-testid="catalogue-search" />}
    >
      <div style={{ display: 'grid', gridTemplateColumns: '220px minmax(0, 1fr)', gap: 16, alignItems: 'start' }}>
        <nav aria-label={t('categories')} data-testid="category-tree">
          <Panel title={t('categories')}>{side}</Panel>
        </nav>
        <div>
          <Panel><ListToolbar /></Panel>
          <Panel><CatalogueResults categoryId={categoryId} columns={4} /></Panel>
        </div>
      </div>
    </ShopPage>
  );
}
