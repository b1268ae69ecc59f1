// /content/bookshelf (spec learning §2 "Sub-home, shop and content"; signed-in users only): the
// reading products (e-books, audiobooks, serials) I have bought, the latest bought first. Each opens
// the book at /sub_shop/noval/{id}, at the chapter this browser read last.
import { Button, Empty, Pagination, Skeleton, Tag } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDate, safeImageSrc, SECONDARY_TEXT } from '../../../components/widget-parts';
import { useAppStore } from '../../../stores/app-store';
import { useBookshelf, type BookshelfItem } from '../api/reading-api';
import { lastReadChapter } from '../components/reading-contents';
import { useReadingTexts } from '../components/reading-texts';
import { Panel, ShopPage } from '../components/shop-parts';

const PAGE_SIZE = 12;

export default function BookshelfPage() {
  const t = useReadingTexts();
  const [params, setParams] = useSearchParams();
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const shelf = useBookshelf(pageNo, PAGE_SIZE);

  let body;
  if (shelf.isPending) body = <Skeleton active />;
  else if (shelf.isError) body = <Empty description={shelf.error.message || t('loadFailed')}><Button onClick={() => void shelf.refetch()}>{t('retry')}</Button></Empty>;
  else if (shelf.data.total === 0) {
    body = (
      <Empty description={<><div>{t('shelfEmpty')}</div><div style={{ color: SECONDARY_TEXT }}>{t('shelfEmptyHint')}</div></>} data-testid="bookshelf-empty">
        <Link to="/sub_shop/noval"><Button type="primary">{t('goReading')}</Button></Link>
      </Empty>
    );
  } else {
    body = (
      <div aria-busy={shelf.isFetching}>
        <ul data-testid="bookshelf-grid" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 24 }}>
          {shelf.data.list.map((book) => <ShelfBook key={book.id} book={book} />)}
        </ul>
        {shelf.data.total > PAGE_SIZE ? (
          <Pagination style={{ marginTop: 24, justifyContent: 'center' }} current={pageNo} pageSize={PAGE_SIZE} total={shelf.data.total} onChange={(p) => setParams(p > 1 ? { pageNo: String(p) } : {})} />
        ) : null}
      </div>
    );
  }
  return <ShopPage title={t('bookshelf')} testId="bookshelf-page"><Panel>{body}</Panel></ShopPage>;
}

/** One bought book: cover, title, type, when bought, and read / listen. */
function ShelfBook({ book }: { book: BookshelfItem }) {
  const t = useReadingTexts();
  const navigate = useNavigate();
  const tenantId = useAppStore((s) => s.tenantId);
  const src = safeImageSrc(book.cover);
  const to = `/sub_shop/noval/${book.id}`;
  const continued = lastReadChapter(tenantId, book.id) !== null;
  return (
    <li data-testid="bookshelf-book" data-product-id={book.id} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Link to={to} aria-label={book.title} style={{ display: 'block', aspectRatio: '3 / 4', borderRadius: 6, overflow: 'hidden', background: 'var(--portal-fill, #f0f2f5)', boxShadow: 'inset 6px 0 6px -4px rgba(0,0,0,0.35), 0 2px 6px rgba(0,0,0,0.15)' }}>
        {src ? <img src={src} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} /> : null}
      </Link>
      <Link to={to} style={{ color: 'inherit', fontWeight: 500, textDecoration: 'none' }} title={book.title}>{book.title}</Link>
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 12, color: SECONDARY_TEXT }}>
        <Tag style={{ marginInlineEnd: 0 }}>{t(`type${book.productType}` as 'type8')}</Tag>
        <span>{t('boughtAt', { date: formatDate(book.boughtAt) })}</span>
      </div>
      <Button size="small" type={continued ? 'primary' : 'default'} block onClick={() => navigate(to)}>{t(book.productType === 9 ? 'listen' : 'read')}</Button>
    </li>
  );
}
