// /product/detail/{id} (spec learning §2 "Products"; opened in a new tab by default): the product
// with its gallery, price, stock and provider; add to cart and buy now; then its description,
// specifications and reviews (spec learning §7: orderComment/prodCommentList). A product off sale, or of a provider
// off shelf (spec §4: the school/merchant off-shelf warning, worded by makeForSchool), cannot be
// bought, and the page says why. Buying needs a signed-in user: a guest goes to sign in and back.
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, InputNumber, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { FavoriteToggle } from '../../../components/shop/favorite-toggle';
import { PriceLine, ProviderChip, SECONDARY_TEXT } from '../../../components/widget-parts';
import { loginPath } from '../../../lib/login-path';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { addCart, getProduct, publishCartCount, type ProductDetail } from '../api/shop-api';
import { useCatalogueTexts } from '../components/catalogue-texts';
import { BoughtBadge } from '../components/bought-badge';
import { ProductGallery } from '../components/product-gallery';
import { ProductReviews, RatingLine } from '../components/product-reviews';
import { isCustomProduct, ReserveBox } from '../components/reserve-box';
import { useProductTexts } from '../components/product-texts';
import { Panel, ShopPage } from '../components/shop-parts';
import { failureText, useShopTexts } from '../components/shop-texts';

const offShelf = (state: number | null) => state === 1 || state === -1;

/** Why the product cannot be bought now, or null. */
function blocker(t: ReturnType<typeof useShopTexts>, p: ProductDetail, makeForSchool: boolean): string | null {
  if (p.state !== 1) return t('productOffShelf');
  if (offShelf(p.providerState)) return makeForSchool || p.orgType === 'SCHOOL' ? t('schoolOffShelfWarn') : t('providerOffShelfWarn');
  if (p.stock <= 0) return t('soldOut');
  return null;
}

/** The description's paragraphs: the seller's plain text, split at blank lines. */
function Paragraphs({ text }: { text: string }) {
  return (
    <div data-testid="product-description" style={{ lineHeight: 1.8 }}>
      {text.split(/\n\s*\n/).map((para, i) => <p key={i} style={{ margin: '0 0 12px', whiteSpace: 'pre-wrap' }}>{para.trim()}</p>)}
    </div>
  );
}

export default function ProductDetailPage() {
  const t = useShopTexts();
  const pt = useProductTexts();
  const ct = useCatalogueTexts();
  const english = useTranslation().i18n.language === 'en';
  const { id } = useParams();
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0;
  const tenantId = useAppStore((s) => s.tenantId);
  const makeForSchool = useAppStore((s) => s.options.makeForSchool === true);
  const userId = useUserStore(selectUserId);
  const navigate = useNavigate();
  const location = useLocation();
  const query = useQuery({ queryKey: ['product', tenantId, productId], queryFn: ({ signal }) => getProduct(productId, { signal }), enabled: valid, retry: false });
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);

  if (!valid || query.isError) {
    return (
      <ShopPage title={t('productNotFound')} testId="product-detail-page">
        <Panel><Empty description={valid ? failureText(t, query.error, english) : t('productNotFound')}><Link to="/product"><Button>{t('backToProducts')}</Button></Link></Empty></Panel>
      </ShopPage>
    );
  }
  if (query.isPending) return <ShopPage title="" testId="product-detail-page"><Panel><Skeleton active avatar={{ shape: 'square', size: 240 }} /></Panel></ShopPage>;
  const p = query.data;
  const stop = blocker(t, p, makeForSchool);
  const max = Math.max(1, Math.min(99, p.stock));
  const needUser = () => {
    if (userId !== null) return false;
    navigate(loginPath(`${location.pathname}${location.search}`));
    return true;
  };
  const add = async () => {
    if (needUser()) return;
    setAdding(true);
    try {
      const count = await addCart(p.id, quantity);
      publishCartCount(count.itemCount);
      showMessage('success', t('added'));
    } catch (error) {
      showMessage('error', failureText(t, error, english));
      void query.refetch();
    } finally {
      setAdding(false);
    }
  };
  const buyNow = () => {
    if (needUser()) return;
    navigate(`/sub_shop/order_confirm/order_confirm?prodId=${p.id}&quantity=${quantity}`);
  };
  return (
    <ShopPage title={p.title} testId="product-detail-page">
      <Panel style={{ display: 'flex', gap: 32, alignItems: 'flex-start' }}>
        <ProductGallery title={p.title} cover={p.cover} images={p.images ?? []} />
        <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
          {p.summary ? <p style={{ margin: 0, color: SECONDARY_TEXT }}>{p.summary}</p> : null}
          <RatingLine productId={p.id} />
          <div style={{ background: 'var(--portal-fill, #fff7f0)', padding: '12px 16px', borderRadius: 8, fontSize: 18 }}><PriceLine price={p.price} retailPrice={p.retailPrice} /></div>
          <Space size={16} wrap style={{ color: SECONDARY_TEXT }}>
            <span data-testid="product-stock">{p.stock > 0 ? t('stockN', { n: p.stock }) : t('soldOut')}</span>
            <span>{t('sales', { n: p.salesCount })}</span>
            {/* issue 20 part Q: 已购买 and the way to the order, for a learner who bought it. */}
            {userId !== null ? <BoughtBadge productId={p.id} /> : null}
            {p.categoryName ? <Tag>{p.categoryName}</Tag> : null}
            {/* Issue 20 part P: what buying it grants (courses, books, contents), /product/content/{id}. */}
            <Link to={`/product/content/${p.id}`} data-testid="product-content-link">{ct('productContent')}</Link>
          </Space>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <span>{p.orgType === 'SCHOOL' ? t('school') : t('provider')}</span>
            <ProviderChip item={p} locale={english ? 'en' : 'zh'} />
          </div>
          {stop ? <Alert type="warning" showIcon title={stop} data-testid="product-blocked" /> : null}
          {/* issue 20 part R: a service (type 11) is reserved for a slot and a contract product (type 12) ordered with its contract, not through the cart. */}
          {isCustomProduct(p.productType) ? <ReserveBox productId={p.id} productType={p.productType} price={p.price} blocked={stop !== null} /> : null}
          {isCustomProduct(p.productType) ? null : <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <span>{t('quantity')}</span>
            <InputNumber aria-label={t('quantity')} min={1} max={max} precision={0} value={quantity} disabled={stop !== null} onChange={(v) => setQuantity(typeof v === 'number' ? v : 1)} />
          </div>}
          <Space size={12}>
            {isCustomProduct(p.productType) ? null : <>
              <Button size="large" icon={<ShoppingCartOutlined />} disabled={stop !== null} loading={adding} onClick={() => void add()} data-testid="add-to-cart">{t('addToCart')}</Button>
              <Button size="large" type="primary" danger disabled={stop !== null} onClick={buyNow} data-testid="buy-now">{t('buyNow')}</Button>
            </>}
            {/* issue 20 part T: 收藏, listed in the center's 商品收藏 (an off-sale product may be saved too). */}
            <FavoriteToggle prodId={p.id} signedIn={userId !== null} onNeedUser={needUser} />
          </Space>
        </div>
      </Panel>
      <Panel title={pt('intro')} testId="product-intro">
        {p.description ? <Paragraphs text={p.description} /> : <p style={{ margin: 0, color: SECONDARY_TEXT }}>{pt('noIntro')}</p>}
      </Panel>
      {p.specs?.length ? (
        <Panel title={pt('specs')} testId="product-specs">
          <Descriptions bordered size="small" column={2} items={p.specs.map((spec, i) => ({ key: `${i}`, label: spec.name, children: spec.value }))} />
        </Panel>
      ) : null}
      <div id="product-reviews">
        <Panel title={pt('reviews')} testId="product-reviews">
          <ProductReviews productId={p.id} />
        </Panel>
      </div>
    </ShopPage>
  );
}
