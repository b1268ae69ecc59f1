// /product/content/{id} (spec learning §2 "Products"; issue 20 part P): what a product grants its
// buyer (GET /order/api/product/content): each course, subject, content or book with its cover and
// outline (a course's lessons by chapter, a book's chapters with the free samples marked). A learner
// who owns it (a paid order) gets "open" on each; anyone else the price and "buy", which goes to the
// existing checkout (sign-in first for a guest). docs/shop-and-content.md "Product lists, product
// content, bought".
import { Alert, Button, Empty, Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatDate, formatDuration, PriceLine, safeImageSrc, SECONDARY_TEXT } from '../../../components/widget-parts';
import { loginPath } from '../../../lib/login-path';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { grantHref, useProductContent, type ProductContent, type ProductGrant } from '../api/catalogue-api';
import { useCatalogueTexts } from '../components/catalogue-texts';
import { Panel, ShopPage } from '../components/shop-parts';
import { failureText, useShopTexts } from '../components/shop-texts';

const offShelf = (state: number) => state === 1 || state === -1;

/** Why the product cannot be bought now (the product page's rules), or null. */
function blocked(content: ProductContent, t: ReturnType<typeof useShopTexts>): string | null {
  const p = content.product;
  if (p.state !== 1) return t('productOffShelf');
  if (offShelf(p.providerState)) return p.orgType === 'SCHOOL' ? t('schoolOffShelfWarn') : t('providerOffShelfWarn');
  if (p.stock <= 0) return t('soldOut');
  return null;
}

/** The count line of an outline: lessons, chapters or items. */
function countText(t: ReturnType<typeof useCatalogueTexts>, grant: ProductGrant): string {
  if (grant.kind === 'course') return t('lessons', { n: grant.outlineTotal });
  if (grant.kind === 'book') return t('chapters', { n: grant.outlineTotal });
  return t('items', { n: grant.outlineTotal });
}

/** One granted thing: cover, kind, title, summary, outline, and open when owned. */
function Grant({ grant, owned }: { grant: ProductGrant; owned: boolean }) {
  const t = useCatalogueTexts();
  const navigate = useNavigate();
  const src = safeImageSrc(grant.cover);
  const kind = t(`kind_${grant.kind}`);
  // A course's lessons under their chapter titles; the other outlines are one plain list.
  const sections: { title: string | null; lines: ProductGrant['outline'] }[] = [];
  for (const line of grant.outline) {
    const last = sections.at(-1);
    if (last && last.title === line.group) last.lines.push(line);
    else sections.push({ title: line.group, lines: [line] });
  }
  return (
    <li data-testid="product-grant" data-kind={grant.kind} style={{ padding: '16px 0', borderTop: '1px solid var(--portal-fill, #f0f0f0)' }}>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <span style={{ width: 120, height: 90, flex: 'none', borderRadius: 6, overflow: 'hidden', background: 'var(--portal-fill, #f0f2f5)' }}>
          {src ? <img src={src} alt="" width={120} height={90} style={{ objectFit: 'cover', display: 'block' }} /> : null}
        </span>
        <div style={{ flex: 1, minWidth: 0 }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
            <Tag style={{ marginInlineEnd: 0 }}>{kind}</Tag>
            <h3 style={{ margin: 0, fontSize: 16 }}>{grant.title}</h3>
            <span style={{ color: SECONDARY_TEXT }}>{countText(t, grant)}</span>
          </div>
          {grant.summary ? <p style={{ margin: '6px 0 0', color: SECONDARY_TEXT }}>{grant.summary}</p> : null}
        </div>
        {owned ? <Button type="primary" onClick={() => navigate(grantHref(grant.link))} data-testid="grant-open">{t('openKind', { kind })}</Button> : null}
      </div>
      {sections.map((section, i) => (
        <div key={i} style={{ marginTop: 12 }}>
          {section.title !== null ? <h4 style={{ margin: '0 0 4px', fontSize: 14 }}>{section.title}</h4> : null}
          <ul aria-label={section.title ?? `${grant.title} ${t('outline')}`} style={{ listStyle: 'none', margin: 0, paddingInlineStart: section.title !== null ? 12 : 0 }}>
            {section.lines.map((line, j) => (
              <li key={j} style={{ padding: '4px 0' }}>
                <span>{line.title}</span>
                {line.duration > 0 ? <span style={{ color: SECONDARY_TEXT, marginInlineStart: 8 }}>{formatDuration(line.duration)}</span> : null}
                {line.free && !owned ? <Tag color="green" style={{ marginInlineStart: 8 }}>{t('free')}</Tag> : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {grant.outlineTotal > grant.outline.length ? <p style={{ margin: '8px 0 0', color: SECONDARY_TEXT }}>{t('moreOutline', { n: grant.outlineTotal - grant.outline.length })}</p> : null}
    </li>
  );
}

export default function CatalogueContentPage() {
  const t = useCatalogueTexts();
  const shopT = useShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const navigate = useNavigate();
  const location = useLocation();
  const userId = useUserStore(selectUserId);
  const productId = Number(useParams().id);
  const valid = Number.isInteger(productId) && productId > 0;
  const query = useProductContent(valid ? productId : 0);

  if (!valid || query.isError) {
    const missing = !valid || (query.error as { errorCode?: string } | null)?.errorCode === 'PRODUCT_NOT_FOUND';
    return (
      <ShopPage title={t('productContent')} testId="catalogue-content-page">
        <Panel>
          <Result
            status={missing ? '404' : 'error'} title={missing ? t('notFound') : failureText(shopT, query.error, english)} subTitle={missing ? t('notFoundHint') : undefined}
            extra={missing ? <Button type="primary" onClick={() => navigate('/sub_shop/products/products')}>{t('backToProducts')}</Button> : <Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
          />
        </Panel>
      </ShopPage>
    );
  }
  if (query.isPending) return <ShopPage title={t('productContent')} testId="catalogue-content-page"><Panel><Skeleton active avatar={{ shape: 'square', size: 120 }} /></Panel></ShopPage>;

  const content = query.data;
  const p = content.product;
  const stop = blocked(content, shopT);
  const buy = () => {
    const target = `/sub_shop/order_confirm/order_confirm?prodId=${p.id}&quantity=1`;
    navigate(userId === null ? loginPath(`${location.pathname}${location.search}`) : target);
  };
  const src = safeImageSrc(p.cover);
  return (
    <ShopPage title={p.title} testId="catalogue-content-page">
      <Panel style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
        <span style={{ width: 180, height: 180, flex: 'none', borderRadius: 8, overflow: 'hidden', background: 'var(--portal-fill, #f0f2f5)' }}>
          {src ? <img src={src} alt={p.title} width={180} height={180} style={{ objectFit: 'cover', display: 'block' }} /> : null}
        </span>
        <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
          {p.summary ? <p style={{ margin: 0, color: SECONDARY_TEXT }}>{p.summary}</p> : null}
          {content.owned ? (
            <div data-testid="content-owned" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <Tag color="green" style={{ marginInlineEnd: 0 }}>{t('owned')}</Tag>
              {content.boughtAt ? <span style={{ color: SECONDARY_TEXT }}>{t('boughtOn', { date: formatDate(content.boughtAt) })}</span> : null}
            </div>
          ) : (
            <>
              <div style={{ fontSize: 18 }}><PriceLine price={p.price} retailPrice={p.retailPrice} /></div>
              {stop ? <Alert type="warning" showIcon title={stop} data-testid="content-blocked" /> : null}
              <div>
                <Button type="primary" danger size="large" disabled={stop !== null} onClick={buy} data-testid="content-buy">{userId === null ? t('signInToBuy') : t('buy')}</Button>
              </div>
            </>
          )}
          <Link to={`/product/detail/${p.id}`}>{t('productDetail')}</Link>
        </div>
      </Panel>
      <Panel title={content.grants.length ? t('grants') : t('productContent')} testId="product-grants">
        {content.grants.length
          ? <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>{content.grants.map((g) => <Grant key={`${g.kind}-${g.targetId}`} grant={g} owned={content.owned} />)}</ul>
          : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('grantsNone')} data-testid="grants-none" />}
      </Panel>
    </ShopPage>
  );
}
