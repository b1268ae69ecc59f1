// Small pieces the shop pages share: money, times, a product thumbnail, order lines, the state tag
// and the page frame.
import { Tag } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPrice, safeImageSrc, SECONDARY_TEXT } from '../widget-parts';
import type { OrderLine, OrderState } from '../../api/shop-orders';
import { useShopTexts } from './shop-texts';

export { formatPrice, SECONDARY_TEXT };

/** An ISO time as the visitor's local YYYY-MM-DD HH:mm. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The product page of a product (spec learning §2: /product/detail/{id}). */
export const productPath = (id: number) => `/product/detail/${id}`;

/** A square cover, linked to the product when `to` is given. */
export function Thumb({ src, alt, size = 80, to }: { src: string | null; alt: string; size?: number; to?: string }) {
  const safe = safeImageSrc(src);
  const img = (
    <span style={{ display: 'block', width: size, height: size, borderRadius: 6, overflow: 'hidden', background: 'var(--portal-fill, #f0f2f5)', flex: 'none' }}>
      {safe ? <img src={safe} alt={alt} width={size} height={size} style={{ objectFit: 'cover', display: 'block' }} /> : null}
    </span>
  );
  return to ? <Link to={to} aria-label={alt}>{img}</Link> : img;
}

/**
 * The price in the shop's red, the theme's --portal-price (WCAG 2.1 AA 1.4.3: #cf1322 read 2.9:1 on
 * the dark style's surface in the cart and order confirmation).
 */
export function Money({ value, strong = false, style }: { value: number; strong?: boolean; style?: CSSProperties }) {
  return <span className="shop-money" style={{ color: 'var(--portal-price, #cf1322)', fontWeight: strong ? 600 : 500, fontSize: strong ? 20 : undefined, ...style }}>{formatPrice(value)}</span>;
}

const STATE_COLORS: Record<OrderState, string> = { 1: 'orange', 2: 'blue', 3: 'green', 4: 'default', 6: 'purple' };
const isOrderState = (state: number): state is OrderState => Object.hasOwn(STATE_COLORS, state);

/**
 * An order's state as a coloured tag (spec learning §9: order status texts in zh and en). Issue 20
 * part Q: a paid order not shipped yet (`shipped` false) is 待发货.
 */
export function StateTag({ state, shipped = true }: { state: number; shipped?: boolean }) {
  const t = useShopTexts();
  // The schema sends the state as an integer (schemas/api/order.ts OrderView); an unknown one shows no tag.
  if (!isOrderState(state)) return null;
  if (state === 2 && !shipped) return <Tag color="cyan" data-testid="order-state">{t('state2ToShip')}</Tag>;
  return <Tag color={STATE_COLORS[state]} data-testid="order-state">{t(`state${state}` as 'state1')}</Tag>;
}

/** The lines of an order: cover, title, unit price × quantity, line total. */
export function OrderLines({ items }: { items: OrderLine[] }) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <li key={`${item.prodId}-${item.cartId ?? ''}`} data-testid="order-line" style={{ display: 'flex', gap: 12, alignItems: 'center', padding: '10px 0' }}>
          <Thumb src={item.cover} alt={item.title} size={64} to={productPath(item.prodId)} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Link to={productPath(item.prodId)} style={{ color: 'inherit', fontWeight: 500 }}>{item.title}</Link>
            <div style={{ color: SECONDARY_TEXT, fontSize: 12, marginTop: 4 }}>{item.providerName}</div>
          </div>
          <div style={{ width: 120, textAlign: 'right', color: SECONDARY_TEXT }}>{formatPrice(item.price)} × {item.quantity}</div>
          <div style={{ width: 110, textAlign: 'right' }}><Money value={item.totalPrice} /></div>
        </li>
      ))}
    </ul>
  );
}

/** A shop page: a heading and a white panel, the width of the content column. */
export function ShopPage({ title, testId, children, extra }: { title: ReactNode; testId: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <div className="shop-page" data-testid={testId} style={{ padding: '24px 0 48px' }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 }}>
        <h1 style={{ margin: 0, fontSize: 22, fontWeight: 600 }}>{title}</h1>
        {extra}
      </div>
      {children}
    </div>
  );
}

/** A white card section. */
export function Panel({ title, children, testId, style }: { title?: ReactNode; children: ReactNode; testId?: string; style?: CSSProperties }) {
  return (
    <section data-testid={testId} style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: 20, marginBottom: 16, ...style }}>
      {title ? <h2 style={{ margin: '0 0 12px', fontSize: 16, fontWeight: 600 }}>{title}</h2> : null}
      {children}
    </section>
  );
}
