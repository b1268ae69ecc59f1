import { useId, type CSSProperties } from 'react';
import { RuntimeLink } from '../../src/runtime/link-view';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import { safeImageSrc } from '../../src/components/widget-parts';
import { WidgetEmpty } from '../../src/components/card-grid';
import { widgetHeading, widgetTexts, type WidgetHeadingKey, type WidgetLocale, widgetText } from '../../src/components/widget-texts';
import type { NavGridItem, NavGridProps } from '../../schemas/widgets/nav-grid';
import './nav-grid.css';

// Letter icons: a white initial on a fixed colour circle, the same in both styles; the colours
// (antd's blue/green/orange/magenta/purple/cyan dark enough for white text, at least 5.4:1) are
// nav-grid.css's, by position.

/** The shortcuts of a block that sets no items: where they lead, named in the visitor's language. */
const DEFAULT_ITEMS: readonly (readonly [WidgetHeadingKey, string])[] = [
  ['nav-course', 'course'], ['nav-knowledge', 'knowledge'], ['nav-classes', 'classes'], ['nav-exams', 'examList'], ['nav-points', 'integralRank'],
];

const defaultItems = (locale: WidgetLocale): NavGridItem[] =>
  DEFAULT_ITEMS.map(([key, linkUrl]) => ({ title: widgetHeading(locale, key), link: { linkType: 'route', linkUrl } }));

/**
 * An entry's link: its picture above the name, or, without one, its initial drawn by nav-grid.css
 * (::before from data-letter, with empty alternative text so the link reads its name once). No
 * element per letter icon (issue 15 point 2: a grid of 40 entries was 40 more elements).
 */
function entry(item: NavGridItem, size: number) {
  const src = safeImageSrc(item.icon);
  if (src) {
    return (
      <RuntimeLink link={item.link} className="w-nav-grid-item">
        <img className="w-nav-grid-icon" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />
        {item.title}
      </RuntimeLink>
    );
  }
  return (
    <RuntimeLink link={item.link} className="w-nav-grid-item w-nav-grid-lettered" data={{ 'data-letter': Array.from(item.title)[0] ?? '' }}>
      {item.title}
    </RuntimeLink>
  );
}

/** The grid's columns and icon size, when they differ from nav-grid.css's (5 columns, 48 px icons). */
function gridStyle(columns: number, iconSize: number): CSSProperties | undefined {
  if (columns === 5 && iconSize === 48) return undefined;
  return { '--w-nav-grid-columns': String(columns), '--w-nav-grid-icon': `${iconSize}px` } as CSSProperties;
}

// Light markup (issue 15 point 2): li > a > icon + the name as the link's own text; looks in nav-grid.css.
export default function NavGrid({ props, ctx }: WidgetProps<NavGridProps>) {
  const { locale } = widgetTexts(ctx.locale);
  const items = props.items ?? defaultItems(locale);
  const headingId = useId();
  // A region named by its heading, or "快捷入口" without one (issue 23 point 4). The icons are
  // decorative (alt ""): each link reads its name once, from the text under the icon.
  const name = props.title ? { 'aria-labelledby': headingId } : { 'aria-label': widgetText(locale, 'shortcuts') };
  return (
    <section className="w-nav-grid" style={gridStyle(props.columns, props.iconSize)} {...name}>
      {props.title && <h2 id={headingId} className="w-nav-grid-title">{props.title}</h2>}
      {items.length === 0
        ? <WidgetEmpty locale={locale} />
        : (
          <ul className="w-nav-grid-list">
            {items.map((item, i) => (
              <li key={i}>{entry(item, props.iconSize)}</li>
            ))}
          </ul>
        )}
    </section>
  );
}
