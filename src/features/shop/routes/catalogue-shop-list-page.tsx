// /shop/list (spec learning §2 "Sub-home, shop and content"; issue 20 part P): the shop's list page
// for its navigation, by product type rather than by the tenant's categories. A navigation entry
// links it with the types it wants (?productType=8&productType=9&productType=10 for digital
// reading), and the tabs switch between the kinds; with search, sort, the price range (spec §5) and
// the pager (§9). docs/shop-and-content.md "Product lists, product content, bought".
import { Input, Tabs } from 'antd';
import { CatalogueResults, ListToolbar, useListParams } from '../components/catalogue-list';
import { useCatalogueTexts } from '../components/catalogue-texts';
import { Panel, ShopPage } from '../components/shop-parts';

/** The kinds the tabs offer, by product type (spec learning §9: 8, 9 and 10 are reading-type). */
const KINDS = [
  { key: 'all', types: [] as number[], label: 'typeAll' },
  { key: 'book', types: [1], label: 'type1' },
  { key: 'course', types: [2], label: 'type2' },
  { key: 'stationery', types: [3], label: 'type3' },
  { key: 'giftCard', types: [4], label: 'type4' },
  { key: 'reading', types: [8, 9, 10], label: 'typeReading' },
] as const;

export default function CatalogueShopListPage() {
  const t = useCatalogueTexts();
  const { params, edit, update, searchValue } = useListParams();
  const asked = params.getAll('productType').map(Number).filter((n) => Number.isInteger(n) && n > 0).sort((a, b) => a - b);
  // The tab whose types the address names; other type sets (a link of the tenant's own) keep them, under no tab.
  const tab = KINDS.find((k) => k.types.length === asked.length && k.types.every((v, i) => v === asked[i]));
  const heading = tab && tab.key !== 'all' ? t(tab.label) : t('shopList');
  const choose = (key: string) => edit((next) => {
    next.delete('productType');
    next.delete('pageNo');
    for (const type of KINDS.find((k) => k.key === key)?.types ?? []) next.append('productType', String(type));
  });

  return (
    <ShopPage
      title={heading} testId="catalogue-shop-list-page"
      extra={<Input.Search key={searchValue} defaultValue={searchValue} placeholder={t('search')} aria-label={t('search')} allowClear enterButton style={{ width: 320 }} onSearch={(v) => update({ searchValue: v.trim() })} data-testid="catalogue-search" />}
    >
      <Panel>
        <Tabs activeKey={tab?.key ?? ''} onChange={choose} items={KINDS.map((k) => ({ key: k.key, label: t(k.label) }))} />
        <ListToolbar />
      </Panel>
      <Panel><CatalogueResults productType={asked.length ? asked : undefined} /></Panel>
    </ShopPage>
  );
}
