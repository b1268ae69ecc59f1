// Presentational pieces the catalogue widgets share: the section with its heading and "more" link,
// the card grid, a card, and the pending / empty / error states. Every card links through
// <RuntimeLink>, so the jump rules apply; no raw href is written here.
import { useId, type CSSProperties, type ReactNode } from 'react';
import type { LinkItem } from '../../schemas/link';
import type { Paged } from '../api/client';
import { useBlockIdentity } from '../runtime/context';
import { RuntimeLink } from '../runtime/link-view';
import type { WidgetData } from '../runtime/widget-definition';
import { isWidgetHeadingKey, useWidgetTexts, widgetHeading, widgetText, type WidgetLocale } from './widget-texts';
import './card-grid.css';

/** grid: cover above the text, `columns` per row; list: one row per card, cover at the left. */
export type CardLayout = 'grid' | 'list';

/** A small coloured label on the cover (live, open, finished…). */
export interface CardBadge {
  text: string;
  tone: 'live' | 'open' | 'upcoming' | 'muted' | 'info';
}

/** What one card shows. */
export interface CardModel {
  key: string | number;
  /** Where the card leads; resolved by the link rules. */
  link: LinkItem;
  title: string;
  /** Image address; null or empty shows a placeholder. */
  cover: string | null;
  /** The one meta line under the title. */
  meta?: ReactNode;
  badge?: CardBadge;
}

// Looks in ./card-grid.css (issue 15 point 2: classes, not style objects set on every card's
// elements; a home holds dozens of cards and a large page thousands).
/** The grid (or list) the cards sit in. */
export function CardGrid({ columns = 4, layout = 'grid', children }: { columns?: number; layout?: CardLayout; children: ReactNode }) {
  // The column count is the grid's own (one style per grid, not per card).
  const style: CSSProperties | undefined = layout === 'grid' ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : undefined;
  return <ul className={`w-card-grid w-card-grid-${layout}`} data-layout={layout} data-columns={columns} style={style}>{children}</ul>;
}

/** One card: lazy cover with alt, a two-line title, one meta line; the whole card is the link. */
export function WidgetCard({ card, layout = 'grid', locale }: { card: CardModel; layout?: CardLayout; locale?: WidgetLocale }) {
  // With a locale the card needs no hook: a list resolves the language once for all its cards.
  return locale ? <Card card={card} layout={layout} locale={locale} /> : <CardInAppLocale card={card} layout={layout} />;
}

function CardInAppLocale({ card, layout }: { card: CardModel; layout: CardLayout }) {
  const { locale } = useWidgetTexts();
  return <Card card={card} layout={layout} locale={locale} />;
}

function Card({ card, layout, locale }: { card: CardModel; layout: CardLayout; locale: WidgetLocale }) {
  const list = layout === 'list';
  return (
    <li className="w-card" data-card-id={card.key}>
      <RuntimeLink link={card.link} className={list ? 'w-card-link w-card-link-list' : 'w-card-link'}>
        <div className={list ? 'w-card-cover w-card-cover-list' : 'w-card-cover'}>
          {/* The card's link already reads its title (the h3 below): the cover is decorative, so a
              screen reader announces the card once, not "React 入门, link, React 入门" (issue 23 point 4). */}
          {card.cover
            ? <img src={card.cover} alt="" loading="lazy" decoding="async" />
            : <div aria-hidden="true" className="w-card-no-cover">{widgetText(locale, 'noCover')}</div>}
          {card.badge && <span className="w-card-badge" data-tone={card.badge.tone}>{card.badge.text}</span>}
        </div>
        <div className="w-card-body">
          <h3 className="w-card-title" title={card.title}>{card.title}</h3>
          {card.meta !== undefined && <div className="w-card-meta">{card.meta}</div>}
        </div>
      </RuntimeLink>
    </li>
  );
}

/** Grey placeholders in the shape of the cards while the list loads. */
export function CardGridSkeleton({ count = 4, columns = 4, layout = 'grid', locale }: { count?: number; columns?: number; layout?: CardLayout; locale?: WidgetLocale }) {
  const { t } = useWidgetTexts(locale);
  const shown = Math.max(1, Math.min(count, columns * 2));
  return (
    <div className="w-card-skeleton" role="status" aria-busy="true" aria-label={t('loading')}>
      <CardGrid columns={columns} layout={layout}>
        {Array.from({ length: shown }, (_, i) => (
          <li key={i} style={{ display: 'flex', flexDirection: layout === 'list' ? 'row' : 'column', gap: 8 }}>
            <div style={{ width: layout === 'list' ? 160 : '100%', aspectRatio: '16 / 9', borderRadius: 6, background: 'var(--portal-fill, rgba(0,0,0,0.06))' }} />
            <div style={{ flex: 1 }}>
              <div style={{ height: 14, width: '80%', borderRadius: 4, background: 'var(--portal-fill, rgba(0,0,0,0.06))' }} />
              <div style={{ height: 12, width: '50%', marginTop: 8, borderRadius: 4, background: '#f5f5f5' }} />
            </div>
          </li>
        ))}
      </CardGrid>
    </div>
  );
}

/** 暂无数据: the list answered with no rows. */
export function WidgetEmpty({ locale, text }: { locale?: WidgetLocale; text?: string }) {
  const { t } = useWidgetTexts(locale);
  return <div className="w-empty" role="status" style={{ padding: '32px 0', textAlign: 'center', color: 'var(--portal-text-secondary, rgba(0,0,0,0.6))' }}>{text ?? t('empty')}</div>;
}

/** The list could not be loaded: the reason and a retry button (data.refetch). */
export function WidgetError({ error, onRetry, locale }: { error?: Error | null; onRetry: () => void; locale?: WidgetLocale }) {
  const { t } = useWidgetTexts(locale);
  return (
    <div className="w-error" role="alert" style={{ padding: '24px 0', textAlign: 'center', color: 'var(--portal-text, rgba(0,0,0,0.88))' }}>
      <p style={{ margin: '0 0 12px' }}>{error?.message || t('loadFailed')}</p>
      <button
        type="button" onClick={onRetry}
        style={{ padding: '4px 15px', border: '1px solid var(--portal-border, #d9d9d9)', borderRadius: 6, background: 'var(--portal-surface, #fff)', color: 'inherit', cursor: 'pointer' }}
      >
        {t('retry')}
      </button>
    </div>
  );
}

/**
 * A list's frame: heading, optional "more" link, and the body. The section is a region landmark
 * named by its heading; a block without a heading (title '') is named by `label`, else by its
 * widget's default heading in the visitor's language, so a screen reader still lists it (issue 23
 * point 4, docs/widgets.md "Accessibility").
 */
export function WidgetSection({ title, label, more, locale, children }: { title?: string; label?: string; more?: LinkItem | undefined; locale?: WidgetLocale; children: ReactNode }) {
  const { t, locale: language } = useWidgetTexts(locale);
  const headingId = useId();
  const block = useBlockIdentity();
  const hasHeader = Boolean(title) || more !== undefined;
  const fallback = label ?? (block && isWidgetHeadingKey(block.type) ? widgetHeading(language, block.type) : undefined);
  const name = title ? { 'aria-labelledby': headingId } : fallback ? { 'aria-label': fallback } : {};
  return (
    <section className="w-section" {...name}>
      {hasHeader && (
        <header style={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', marginBottom: 12 }}>
          {title ? <h2 id={headingId} style={{ margin: 0, fontSize: 20, fontWeight: 600 }}>{title}</h2> : <span />}
          {more !== undefined && <RuntimeLink link={more} className="w-section-more" style={{ fontSize: 14 }}>{t('more')} ›</RuntimeLink>}
        </header>
      )}
      {children}
    </section>
  );
}

export interface CardListProps<T> {
  title?: string;
  /** The section's name for screen readers when it shows no title (WidgetSection). */
  label?: string;
  /** The "more" link; absent hides it. */
  more?: LinkItem | undefined;
  columns?: number;
  layout?: CardLayout;
  /** How many cards were asked for (sizes the skeleton, caps the cards). */
  count: number;
  data: WidgetData<Paged<T>>;
  locale?: WidgetLocale;
  /** Turns a row into what its card shows. */
  toCard: (item: T) => CardModel;
}

/** A whole list widget body: section, then skeleton, error, empty or the cards. */
export function CardList<T>({ title, label, more, columns = 4, layout = 'grid', count, data, locale: requested, toCard }: CardListProps<T>) {
  // One language lookup per list, handed to every card (see WidgetCard).
  const { locale } = useWidgetTexts(requested);
  let body: ReactNode;
  if (data.status === 'pending') body = <CardGridSkeleton count={count} columns={columns} layout={layout} locale={locale} />;
  else if (data.status === 'error') body = <WidgetError error={data.error} onRetry={data.refetch} locale={locale} />;
  else {
    const rows = data.data?.list ?? [];
    body = rows.length === 0
      ? <WidgetEmpty locale={locale} />
      : <CardGrid columns={columns} layout={layout}>{rows.slice(0, count).map((row) => { const card = toCard(row); return <WidgetCard key={card.key} card={card} layout={layout} locale={locale} />; })}</CardGrid>;
  }
  return <WidgetSection title={title} {...(label === undefined ? {} : { label })} more={more} locale={locale}>{body}</WidgetSection>;
}
