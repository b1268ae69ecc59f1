import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { Paged } from '../../src/api/client';
import type { ProductItem } from '../../src/api/shop';
import { CardGrid, CardGridSkeleton, WidgetSection } from '../../src/components/card-grid';
import { dataStateView, ProductCard } from '../../src/components/widget-parts';
import { headingOf, widgetTexts } from '../../src/components/widget-texts';
import type { ProductListProps } from '../../schemas/widgets/product-list';

export default function ProductList({ props, ctx, data }: WidgetProps<ProductListProps, Paged<ProductItem>>) {
  const { locale } = widgetTexts(ctx.locale);
  const skeleton = <CardGridSkeleton count={props.count} columns={props.columns} locale={locale} />;
  const state = dataStateView(data, locale, skeleton, (page) => page.list.length > 0);
  return (
    <WidgetSection title={headingOf(locale, props.title, 'product-list')} more={props.more} locale={locale}>
      {state ?? (
        <CardGrid columns={props.columns}>
          {(data.data?.list ?? []).slice(0, props.count).map((item) => <ProductCard key={item.id} item={item} locale={locale} showProvider={props.showProvider} />)}
        </CardGrid>
      )}
    </WidgetSection>
  );
}
