// /user/center/shop/shopBookshelf (spec learning §2 "Personal center" shop): the bookshelf in the
// center. The books I bought (e-books, audiobooks, serials; the same shelf as /content/bookshelf),
// the latest read first, each with the chapter I read last and how far that is, continue reading
// (the reader at that chapter), and remove from the shelf (after a confirm; the purchase stays, and
// opening the book again puts it back).
import { Button, List, Popconfirm, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRemoveFromShelf, useShelf, type ShelfBook } from '../../../api/center-shop';
import { showMessage } from '../../../components/feedback/feedback';
import { failureText, useShopTexts } from '../../../components/shop/shop-texts';
import { safeImageSrc } from '../../../components/widget-parts';
import { CenterLayout } from '../components/center-layout';
import { useShopContentTexts } from '../components/shop-content-texts';
import { useCenterShopTexts } from '../components/shop-center-texts';
import { shortTime, StudyList, usePaging } from '../components/study-list';
import '../components/shop-center.css';

/** The reader at a chapter (its position, from 1), or at the start. */
const readerPath = (book: ShelfBook) => `/sub_shop/noval/${book.id}${book.lastChapterNo ? `?chapter=${book.lastChapterNo}` : ''}`;

function ShelfRow({ book }: { book: ShelfBook }) {
  const t = useCenterShopTexts();
  const s = useShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const remove = useRemoveFromShelf();
  const to = readerPath(book);
  const src = safeImageSrc(book.cover);
  const started = book.lastChapterNo !== null;
  return (
    <List.Item
      data-testid="center-shelf-book" data-product-id={book.id}
      actions={[
        <Link key="read" to={to} data-testid="center-shelf-read">{t(started ? 'continueReading' : 'startReading')}</Link>,
        <Popconfirm
          key="remove" title={t('removeConfirm', { title: book.title })} okText={t('confirm')} cancelText={t('cancel')}
          onConfirm={() => remove.mutateAsync(book.id).then(() => showMessage('success', t('removed')), (error: unknown) => showMessage('error', failureText(s, error, english)))}
        >
          <Button size="small" loading={remove.isPending} data-testid="center-shelf-remove">{t('removeFromShelf')}</Button>
        </Popconfirm>,
      ]}
    >
      <div className="portal-study__row">
        <Link to={to} className="center-shop__book-cover" aria-label={book.title}>
          {src ? <img src={src} alt="" /> : null}
        </Link>
        <div className="portal-study__body">
          <Link to={to} className="portal-study__title">{book.title}</Link>
          <div className="portal-study__meta">
            {book.providerName} · {book.readAt ? t('readAt', { time: shortTime(book.readAt) }) : t('boughtAt', { time: shortTime(book.boughtAt) })}
          </div>
          <div className="portal-study__meta" data-testid="center-shelf-progress">
            {started ? t('progress', { no: book.lastChapterNo ?? 0, count: book.chapterCount, title: book.lastChapterTitle ?? '' }) : t('notStarted', { count: book.chapterCount })}
          </div>
          <Progress percent={book.percent} size="small" style={{ maxWidth: 320 }} aria-label={t('progressOf', { title: book.title })} />
        </div>
      </div>
    </List.Item>
  );
}

export default function ShopBookshelfPage() {
  const sc = useShopContentTexts();
  const t = useCenterShopTexts();
  const { page, onPage } = usePaging();
  const query = useShelf(page);
  return (
    <CenterLayout title={sc('shopBookshelf')} testId="shop-bookshelf">
      <StudyList
        query={query} page={page} onPage={onPage} testId="center-shelf"
        empty={{ text: t('noBooks'), linkText: t('goReading'), to: '/sub_shop/noval' }}
        rowKey={(b) => b.id} renderRow={(b) => <ShelfRow book={b} />}
      />
    </CenterLayout>
  );
}
