// /sub_shop/noval/{id} (spec learning §2 "Sub-home, shop and content": with an id, one reading
// product of type 8, 9 or 10; §2 "Product link" sends these products here): the book's info and
// contents, and the chosen chapter. Free chapters are open to all; the rest need a paid order, and
// show a lock with the buy-now button (the shop's own order confirm and 模拟支付 flow) until then.
// `?chapter=n` names the chapter, so reload, back and a shared link keep it; without it the page
// opens the chapter this browser read last.
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Space, Tag } from 'antd';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PriceLine, safeImageSrc, SECONDARY_TEXT } from '../../../components/widget-parts';
import { loginPath } from '../../../lib/login-path';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { READING_TYPES, useChapters } from '../api/reading-api';
import { getProduct, type ProductDetail } from '../api/shop-api';
import { ChapterLock, ChapterPane } from '../components/reading-chapter';
import { chapterIndex, lastReadChapter, ReadingContents } from '../components/reading-contents';
import { useReadingTexts } from '../components/reading-texts';
import { Panel, productPath, ShopPage } from '../components/shop-parts';

const offShelf = (state: number | null) => state === 1 || state === -1;

function positive(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export default function NovalBookPage() {
  const t = useReadingTexts();
  const { id: rawId } = useParams();
  const id = positive(rawId);
  const [search] = useSearchParams();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const navigate = useNavigate();
  const location = useLocation();
  const product = useQuery({ queryKey: ['product', tenantId, id], queryFn: ({ signal }) => getProduct(id!, { signal }), enabled: id !== null, retry: false });
  const list = useChapters(id);

  // spec learning §2 "Product link": only types 8, 9 and 10 open here; any other product has its product page.
  if (product.data && !(READING_TYPES as readonly number[]).includes(product.data.productType)) return <Navigate to={productPath(product.data.id)} replace />;
  const back = <Link to="/sub_shop/noval"><Button>{t('backToList')}</Button></Link>;
  const notFound = id === null || (list.error as { errorCode?: string } | null)?.errorCode === 'READING_NOT_FOUND';
  if (notFound) {
    return (
      <ShopPage title={t('notFound')} testId="noval-book-page">
        <Panel><Empty description={t('notFoundHint', { id: rawId ?? '' })}>{back}</Empty></Panel>
      </ShopPage>
    );
  }
  if (product.isError || list.isError) {
    const retry = () => void Promise.all([product.refetch(), list.refetch()]);
    return (
      <ShopPage title={t('loadFailed')} testId="noval-book-page">
        <Panel><Empty description={(product.error ?? list.error)?.message || t('loadFailed')}><Space><Button onClick={retry}>{t('retry')}</Button>{back}</Space></Empty></Panel>
      </ShopPage>
    );
  }
  if (product.isPending || list.isPending) return <ShopPage title="" testId="noval-book-page"><Panel><Skeleton active avatar={{ shape: 'square', size: 120 }} /></Panel></ShopPage>;

  const p = product.data;
  const { chapters, owned, freeCount } = list.data;
  const index = chapterIndex(search.get('chapter'), chapters, lastReadChapter(tenantId, p.id));
  const current = chapters[index - 1];
  const href = (n: number) => `/sub_shop/noval/${p.id}?chapter=${n}`;
  const signIn = () => navigate(loginPath(`${location.pathname}${location.search}`));
  const buyNow = () => {
    if (userId === null) signIn();
    else navigate(`/sub_shop/order_confirm/order_confirm?prodId=${p.id}&quantity=1`);
  };
  const stop = p.state !== 1 ? t('offSale') : offShelf(p.providerState) ? t('providerOffSale') : null;
  const buy = <BuyButton stop={stop} onClick={buyNow} />;
  const audio = p.productType === 9;

  return (
    <ShopPage title={p.title} testId="noval-book-page">
      <Panel style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }} testId="noval-book-info">
        <BookCover product={p} />
        <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 10 }}>
          <Space wrap>
            <Tag color="blue">{t(`type${p.productType}` as 'type8')}</Tag>
            {owned ? <Tag color="green" data-testid="noval-owned">{t('owned')}</Tag> : null}
            <span style={{ color: SECONDARY_TEXT }}>{t('provider')}：{p.providerName}</span>
          </Space>
          {p.summary ? <p style={{ margin: 0, color: SECONDARY_TEXT }}>{p.summary}</p> : null}
          <span style={{ color: SECONDARY_TEXT }}>
            {[t(audio ? 'episodeCount' : 'chapterCount', { n: chapters.length }), owned ? null : t(audio ? 'freeEpisodes' : 'freeCount', { n: freeCount })].filter(Boolean).join(' · ')}
          </span>
          {owned ? null : <PriceLine price={p.price} retailPrice={p.retailPrice} />}
          <Space wrap>
            {owned ? null : buy}
            <Link to={productPath(p.id)}><Button size="large">{t('productPage')}</Button></Link>
          </Space>
          {stop && !owned ? <span role="note" style={{ color: '#d46b08' }}>{stop}</span> : null}
        </div>
      </Panel>
      {chapters.length === 0 || !current ? <Panel><Empty description={t('noChapters')} /></Panel> : (
        <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
          <Panel style={{ flex: '0 0 260px', position: 'sticky', top: 16, maxHeight: '80vh', overflowY: 'auto' }}>
            <ReadingContents chapters={chapters} current={index} href={href} />
          </Panel>
          <Panel style={{ flex: 1, minWidth: 0, padding: '24px 40px' }}>
            {current.locked
              ? <ChapterLock bookTitle={p.title} freeCount={freeCount} count={chapters.length} signedIn={userId !== null} buy={buy} signIn={signIn} />
              : <ChapterPane key={current.id} book={p} item={current} index={index} count={chapters.length} href={href} tenantId={tenantId} />}
          </Panel>
        </div>
      )}
    </ShopPage>
  );
}

/** Buy now, or the reason it cannot be bought. */
function BuyButton({ stop, onClick }: { stop: string | null; onClick: () => void }) {
  const t = useReadingTexts();
  return <Button type="primary" danger size="large" disabled={stop !== null} title={stop ?? undefined} onClick={onClick} data-testid="noval-buy">{t('buyNow')}</Button>;
}

/** A portrait book cover. */
function BookCover({ product }: { product: ProductDetail }) {
  const src = safeImageSrc(product.cover);
  return (
    <div style={{ width: 150, flex: 'none', aspectRatio: '3 / 4', borderRadius: 6, overflow: 'hidden', background: 'var(--portal-fill, #f0f2f5)', boxShadow: 'inset 6px 0 6px -4px rgba(0,0,0,0.35), 0 2px 6px rgba(0,0,0,0.15)' }}>
      {src ? <img src={src} alt={product.title} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} /> : null}
    </div>
  );
}
