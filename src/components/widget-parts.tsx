// Pieces the banner, community, shop and audio widgets share: the pending / error / empty switch,
// a row skeleton, safe image addresses, number formats, and the product and book cards. Built on
// the catalogue pieces in card-grid.tsx; every link goes through <RuntimeLink>.
import type { CSSProperties, ReactNode } from 'react';
import type { LinkItem } from '../../schemas/link';
import { RuntimeLink } from '../runtime/link-view';
import type { WidgetData } from '../runtime/widget-definition';
import type { ProductItem } from '../api/shop';
import { WidgetEmpty, WidgetError } from './card-grid';
import { widgetText } from './widget-texts';

export type Locale = 'zh' | 'en';

// Colours and sizes (docs/widgets.md "Colours and dark mode"): surfaces, text, borders and fills
// come from the theme's --portal-* variables (light value as the fallback), so the widgets read in
// the dark style too; a colour that carries meaning (a price, a chip, a ranking's top rows) is made
// readable where those variables are worked out (src/lib/settings.ts themeCssVars), not per render
// (issue 15 point 3: no antd theme code on the home); body text scales with the visitor's font size.

/** A size that grows with the visitor's font size: `px` at the 14 px design size. */
export const scaled = (px: number): string => `calc(${px} * var(--portal-font-size, 14px) / 14)`;

/** Placeholder fill (covers without a picture, skeleton bars, avatars). */
export const PLACEHOLDER_FILL = 'var(--portal-fill, #f0f2f5)';
/** Secondary text (meta lines, dates): 4.5:1 on the page in both styles. */
export const SECONDARY_TEXT = 'var(--portal-text-secondary, rgba(0,0,0,0.6))';
/** A hairline between rows. */
export const SPLIT_LINE = '1px solid var(--portal-fill, rgba(5,5,5,0.06))';


/**
 * The body for a widget whose data is not ready to show: the skeleton while pending, the error
 * with retry, 暂无数据 when `hasRows` says the answer is empty; undefined when rows can be shown.
 */
export function dataStateView<D>(data: WidgetData<D>, locale: Locale, skeleton: ReactNode, hasRows: (value: D) => boolean): ReactNode | undefined {
  if (data.status === 'pending') return skeleton;
  if (data.status === 'error') return <WidgetError error={data.error} onRetry={data.refetch} locale={locale} />;
  if (data.data === undefined || data.data === null || !hasRows(data.data)) return <WidgetEmpty locale={locale} />;
  return undefined;
}

/** Grey rows in the shape of a list while it loads. */
export function RowsSkeleton({ rows = 4, avatar = false, locale }: { rows?: number; avatar?: boolean; locale: Locale }) {
  return (
    <div className="w-rows-skeleton" role="status" aria-busy="true" aria-label={widgetText(locale, 'loading')} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {Array.from({ length: Math.max(1, Math.min(rows, 10)) }, (_, i) => (
        <div key={i} style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          {avatar && <div style={{ width: 40, height: 40, borderRadius: '50%', background: PLACEHOLDER_FILL, flex: 'none' }} />}
          <div style={{ flex: 1 }}>
            <div style={{ height: 14, width: `${70 + ((i * 13) % 25)}%`, borderRadius: 4, background: PLACEHOLDER_FILL }} />
            <div style={{ height: 12, width: '40%', marginTop: 6, borderRadius: 4, background: 'var(--portal-fill, #f5f5f5)' }} />
          </div>
        </div>
      ))}
    </div>
  );
}

const SAFE_IMAGE = /^(?:https?:\/\/|\/(?!\/)|\.{1,2}\/|data:image\/(?:png|jpe?g|gif|webp|svg\+xml);)/i;

/** An image address from settings or data, or undefined when it is empty or not http(s), a path or a data: picture. */
export function safeImageSrc(src: string | null | undefined): string | undefined {
  const text = (src ?? '').trim();
  return text && SAFE_IMAGE.test(text) ? text : undefined;
}

/** Seconds as m:ss or h:mm:ss. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = Math.max(0, Math.round(seconds ?? 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** A price in yuan with two decimals: ¥56.80. */
export function formatPrice(value: number): string {
  return `¥${value.toFixed(2)}`;
}

/** An ISO time as YYYY-MM-DD (the date part as written, so no time-zone shift). */
export function formatDate(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '';
}

/** spec commerce §2 jump rules: the link of a product card (reading types open the reader). */
export function productLink(item: ProductItem): LinkItem {
  const link: LinkItem = { linkType: 'product', prodId: item.id, productType: item.productType };
  if (item.providerId !== null) link.providerId = item.providerId;
  if (item.providerState !== null) link.state = item.providerState;
  if (item.orgType !== null) link.orgType = item.orgType;
  return link;
}

/** spec shell §4: the link of a provider chip; SCHOOL opens the school page, off shelf warns for 1 s. */
export function providerLink(item: Pick<ProductItem, 'providerId' | 'providerState' | 'orgType'>): LinkItem | undefined {
  if (item.providerId === null) return undefined;
  const link: LinkItem = { linkType: 'provider', providerId: item.providerId };
  if (item.providerState !== null) link.state = item.providerState;
  if (item.orgType !== null) link.orgType = item.orgType;
  return link;
}

const isOffShelf = (state: number | null) => state === 1 || state === -1;

const coverStyle = (ratio: string): CSSProperties => ({
  position: 'relative', width: '100%', aspectRatio: ratio, borderRadius: 6, overflow: 'hidden', background: PLACEHOLDER_FILL,
});

// A cover inside a card's link is decorative (alt ""): the link already reads the title below it
// (issue 23 point 4, docs/widgets.md "Accessibility").
function Cover({ src, alt, ratio }: { src: string | null; alt: string; ratio: string }) {
  const safe = safeImageSrc(src);
  return (
    <div className="w-cover" style={coverStyle(ratio)}>
      {safe
        ? <img src={safe} alt={alt} loading="lazy" decoding="async" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
        : <div {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })} style={{ width: '100%', height: '100%' }} />}
    </div>
  );
}

/** Price, and the struck retail price when it is higher. */
export function PriceLine({ price, retailPrice }: { price: number; retailPrice: number | null }) {
  // The theme's price red (--portal-price): the shop's #f5222d read 4.3:1 on the product page's
  // grey band and 2.8:1 on the dark one (WCAG 2.1 AA 1.4.3); the theme's red reads on both.
  const red = 'var(--portal-price, #cf1322)';
  return (
    <div className="w-price" style={{ display: 'flex', alignItems: 'baseline', gap: 6 }}>
      <span className="w-price-now" style={{ color: red, fontWeight: 600, fontSize: 16 }}>{formatPrice(price)}</span>
      {retailPrice !== null && retailPrice > price && (
        <s className="w-price-retail" style={{ color: SECONDARY_TEXT, fontSize: 12 }}>{formatPrice(retailPrice)}</s>
      )}
    </div>
  );
}

/** The provider chip: its own link (not nested in the card link), greyed when off shelf. */
export function ProviderChip({ item, locale }: { item: ProductItem; locale: Locale }) {
  // On shelf: the link colour on a pale tint of it (dark: a deep one), text kept at 4.5:1 (both
  // worked out with the theme's variables, src/lib/settings.ts themeCssVars).
  const link = providerLink(item);
  if (!link || !item.providerName) return null;
  const off = isOffShelf(item.providerState);
  return (
    <RuntimeLink
      link={link} className="w-provider-chip"
      title={off ? `${item.providerName} (${widgetText(locale, 'offShelf')})` : item.providerName}
      style={{
        display: 'inline-block', maxWidth: '100%', padding: '0 8px', borderRadius: 10, fontSize: 12, lineHeight: '20px',
        background: off ? 'var(--portal-fill, #f5f5f5)' : 'var(--portal-link-tint, #e3edfc)', color: off ? SECONDARY_TEXT : 'var(--portal-link-on-tint, #1366db)',
        whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', textDecoration: 'none',
      }}
    >
      {item.providerName}
    </RuntimeLink>
  );
}

const titleStyle: CSSProperties = {
  margin: 0, fontSize: 15, fontWeight: 500, lineHeight: '22px', display: '-webkit-box', WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical', overflow: 'hidden', wordBreak: 'break-word',
};

/** A product card: cover and title link to the product, then price, then the provider chip. */
export function ProductCard({ item, locale, showProvider }: { item: ProductItem; locale: Locale; showProvider: boolean }) {
  return (
    <li className="w-product-card" data-card-id={item.id} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <RuntimeLink link={productLink(item)} className="w-product-link" style={{ display: 'flex', flexDirection: 'column', gap: 8, color: 'inherit', textDecoration: 'none' }}>
        <Cover src={item.cover} alt="" ratio="1 / 1" />
        <h3 className="w-card-title" title={item.title} style={titleStyle}>{item.title}</h3>
      </RuntimeLink>
      <PriceLine price={item.price} retailPrice={item.retailPrice} />
      {showProvider && <div><ProviderChip item={item} locale={locale} /></div>}
    </li>
  );
}

/** A book on the shelf: a portrait cover with a spine shadow, the title, and the price. */
export function BookCard({ item, showPrice }: { item: ProductItem; showPrice: boolean }) {
  return (
    <li className="w-book-card" data-card-id={item.id}>
      <RuntimeLink link={productLink(item)} className="w-book-link" style={{ display: 'flex', flexDirection: 'column', gap: 8, color: 'inherit', textDecoration: 'none' }}>
        <div style={{ boxShadow: 'inset 6px 0 6px -4px rgba(0,0,0,0.35), 0 2px 6px rgba(0,0,0,0.15)', borderRadius: 6 }}>
          <Cover src={item.cover} alt="" ratio="3 / 4" />
        </div>
        <h3 className="w-card-title" title={item.title} style={{ ...titleStyle, fontSize: 14, textAlign: 'center' }}>{item.title}</h3>
      </RuntimeLink>
      {showPrice && <div style={{ display: 'flex', justifyContent: 'center' }}><PriceLine price={item.price} retailPrice={item.retailPrice} /></div>}
    </li>
  );
}
