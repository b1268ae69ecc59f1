import { useId } from 'react';
import { RuntimeLink } from '../../src/runtime/link-view';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import { safeImageSrc, scaled } from '../../src/components/widget-parts';
import { WidgetEmpty } from '../../src/components/card-grid';
import { widgetHeading, useWidgetTexts, type WidgetHeadingKey, type WidgetLocale, widgetText } from '../../src/components/widget-texts';
import type { NavGridItem, NavGridProps } from './schema';

// Letter icons: a white initial on a fixed colour circle, the same in both styles. The shades are
// antd's blue/green/orange/magenta/purple/cyan dark enough for white text (at least 5.4:1).
const PALETTE = ['#0958d9', '#237804', '#ad4e00', '#c41d7f', '#722ed1', '#006d75'];

/** The shortcuts of a block that sets no items: where they lead, named in the visitor's language. */
const DEFAULT_ITEMS: readonly (readonly [WidgetHeadingKey, string])[] = [
  ['nav-course', 'course'], ['nav-knowledge', 'knowledge'], ['nav-classes', 'classes'], ['nav-exams', 'examList'], ['nav-points', 'integralRank'],
];

const defaultItems = (locale: WidgetLocale): NavGridItem[] =>
  DEFAULT_ITEMS.map(([key, linkUrl]) => ({ title: widgetHeading(locale, key), link: { linkType: 'route', linkUrl } }));

function Icon({ item, size, index }: { item: NavGridItem; size: number; index: number }) {
  const src = safeImageSrc(item.icon);
  if (src) return <img src={src} alt="" width={size} height={size} loading="lazy" decoding="async" style={{ width: size, height: size, objectFit: 'contain', display: 'block' }} />;
  return (
    <span
      aria-hidden="true"
      style={{
        width: size, height: size, borderRadius: '50%', display: 'flex', alignItems: 'center', justifyContent: 'center',
        background: PALETTE[index % PALETTE.length], color: '#fff', fontSize: Math.round(size * 0.42), fontWeight: 600,
      }}
    >
      {Array.from(item.title)[0] ?? ''}
    </span>
  );
}

export default function NavGrid({ props, ctx }: WidgetProps<NavGridProps>) {
  const { locale } = useWidgetTexts(ctx.locale);
  const items = props.items ?? defaultItems(locale);
  const headingId = useId();
  // A region named by its heading, or "快捷入口" without one (issue 23 point 4). The icons are
  // decorative (alt ""): each link reads its name once, from the text under the icon.
  const name = props.title ? { 'aria-labelledby': headingId } : { 'aria-label': widgetText(locale, 'shortcuts') };
  return (
    <section className="w-nav-grid" {...name}>
      {props.title && <h2 id={headingId} style={{ margin: '0 0 12px', fontSize: scaled(20), fontWeight: 600 }}>{props.title}</h2>}
      {items.length === 0
        ? <WidgetEmpty locale={locale} />
        : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: `repeat(${props.columns}, minmax(0, 1fr))`, gap: 16 }}>
            {items.map((item, i) => (
              <li key={i}>
                <RuntimeLink
                  link={item.link} className="w-nav-grid-item"
                  style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8, color: 'inherit', textDecoration: 'none' }}
                >
                  <Icon item={item} size={props.iconSize} index={i} />
                  <span style={{ fontSize: scaled(14), maxWidth: '100%', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{item.title}</span>
                </RuntimeLink>
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}
