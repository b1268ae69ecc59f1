import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { Paged } from '../../src/api/client';
import type { ProductItem } from '../../src/api/shop';
import { CardGrid, CardGridSkeleton, WidgetSection } from '../../src/components/card-grid';
import { BookCard, dataStateView } from '../../src/components/widget-parts';
import { headingOf, widgetTexts } from '../../src/components/widget-texts';
import type { BookShelfProps } from '../../schemas/widgets/book-shelf';

export default function BookShelf({ props, ctx, data }: WidgetProps<BookShelfProps, Paged<ProductItem>>) {
  const { locale } = widgetTexts(ctx.locale);
  const skeleton = <CardGridSkeleton count={props.count} columns={props.columns} locale={locale} />;
  const state = dataStateView(data, locale, skeleton, (page) => page.list.length > 0);
  return (
    <WidgetSection title={headingOf(locale, props.title, 'book-shelf')} more={props.more} locale={locale}>
      {state ?? (
        // The shelf: the theme's surface with a warm wood tint toward the bottom (#faf6f0 on white).
        <div
          className="w-book-shelf"
          style={{ padding: '16px 16px 8px', borderRadius: 8, backgroundColor: 'var(--portal-surface, #fff)', backgroundImage: 'linear-gradient(rgba(200,140,60,0), rgba(200,140,60,0.08))' }}
        >
          <CardGrid columns={props.columns}>
            {(data.data?.list ?? []).slice(0, props.count).map((item) => <BookCard key={item.id} item={item} showPrice={props.showPrice} />)}
          </CardGrid>
        </div>
      )}
    </WidgetSection>
  );
}
