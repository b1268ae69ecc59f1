// /content/noval/detail/{id} (issue 20 part U; spec learning §2 "Reading content"): a reading work's
// page: cover, title, author (linked to /content/author/{id}), intro, category, length, state
// (serialising or finished), the chapters (each opens the reader at it; contents carry no price, so
// all are free), the rating and reviews, start or continue reading (/content/noval/{id}) and add to
// or remove from the bookshelf. Without an id, the text platform.
import { Button, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useBook, useSaveShelf, type BookDetail } from '../../../api/reading-platform';
import { showMessage } from '../../../components/feedback/feedback';
import { usePageTitle } from '../../../components/use-page-title';
import { loginPath } from '../../../lib/login-path';
import { relativeTime } from '../../../lib/relative-time';
import { useAppStore } from '../../../stores/app-store';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { BookComments, BookRating } from '../components/book-comments';
import { authorPath, BookCover, pageState, positiveId, readerPath, StateTag, useWords } from '../components/platform-parts';
import { usePlatformTexts, type PlatformText } from '../components/platform-texts';

/**
 * Whether this browser read the work before: the reader (/content/noval/{id}) keeps the last chapter
 * it showed under this key, and opens there when no chapter is named.
 */
function hasReadBefore(tenantId: number | null, contentId: number): boolean {
  try {
    return /^\d+$/.test(localStorage.getItem(`portal.reader.${tenantId ?? 0}.${contentId}`) ?? '');
  } catch {
    return false;
  }
}

function Actions({ book }: { book: BookDetail }) {
  const t = usePlatformTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const signedIn = useUserStore(selectSignedIn);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const shelf = useSaveShelf();
  const readBefore = hasReadBefore(tenantId, book.id);
  const toggleShelf = () => {
    if (!signedIn) {
      showMessage('info', t('signInFirst'));
      void navigate(loginPath(pathname));
      return;
    }
    shelf.mutate({ contentId: book.id, onShelf: !book.onShelf }, {
      onSuccess: (s) => showMessage('success', t(s.onShelf ? 'addedShelf' : 'removedShelf')),
      onError: (e) => showMessage('error', e.message),
    });
  };
  return (
    <Space wrap style={{ marginTop: 16 }}>
      <Button type="primary" data-testid="book-read" onClick={() => void navigate(readerPath(book.id))}>
        {t(readBefore ? 'continueReading' : 'startReading')}
      </Button>
      <Button data-testid="book-shelf" aria-pressed={book.onShelf} loading={shelf.isPending} onClick={toggleShelf}>
        {t(book.onShelf ? 'removeShelf' : 'addShelf')}
      </Button>
    </Space>
  );
}

function BookBody({ book }: { book: BookDetail }) {
  const t = usePlatformTexts();
  const words = useWords();
  const target = { targetType: 'content' as const, targetId: book.id };
  const facts: [PlatformText, ReactNode][] = [
    ['author', book.author ? <Link to={authorPath(book.author.id)} data-testid="book-author">{book.author.penName}</Link> : (book.authorName ?? t('noAuthor'))],
    ['category', book.categoryName ?? '—'],
    ['words', words(book.wordCount)],
    ['state', book.serialState ? t(book.serialState) : '—'],
  ];
  return (
    <article data-testid="book-detail" data-book-id={book.id}>
      <header style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
        <BookCover book={book} width={150} />
        <div style={{ flex: 1, minWidth: 240 }}>
          <h1 style={{ margin: '0 0 8px', fontSize: 24 }}>
            {book.title} <Tag>{t(`purpose${book.purpose}` as PlatformText)}</Tag> <StateTag state={book.serialState} />
          </h1>
          <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px', margin: 0 }}>
            {facts.map(([label, value]) => [<dt key={`${label}-t`} style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.65))' }}>{t(label)}</dt>, <dd key={`${label}-d`} style={{ margin: 0 }}>{value}</dd>])}
            <dt style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.65))' }}>{t('rating')}</dt><dd style={{ margin: 0 }}><BookRating target={target} /></dd>
          </dl>
          <p style={{ margin: '8px 0 0', fontSize: 13, color: 'var(--portal-text-secondary, rgba(0,0,0,0.65))' }}>{t('updatedAt', { time: relativeTime(book.updatedAt) })}</p>
          <Actions book={book} />
        </div>
      </header>
      <section aria-labelledby="book-intro" style={{ marginTop: 28 }}>
        <h2 id="book-intro" style={{ fontSize: 18 }}>{t('intro')}</h2>
        <p style={{ whiteSpace: 'pre-wrap' }}>{book.summary || '—'}</p>
      </section>
      <section aria-labelledby="book-chapters" style={{ marginTop: 28 }}>
        <h2 id="book-chapters" style={{ fontSize: 18 }}>{t('chapters')} <small style={{ fontWeight: 400, fontSize: 13 }}>{t('chapterCount', { n: book.chapters.length })}</small></h2>
        {book.chapters.length === 0 ? <p>{t('noChapters')}</p> : (
          <ol data-testid="book-chapter-list" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '4px 24px' }}>
            {book.chapters.map((c) => (
              <li key={c.id} style={{ display: 'flex', gap: 6, alignItems: 'center', padding: '6px 0' }}>
                <Link to={readerPath(book.id, c.index)} data-testid="book-chapter">{c.title}</Link>
                {c.locked ? <Tag>{t('locked')}</Tag> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
      <BookComments target={target} />
    </article>
  );
}

export default function BookDetailPage() {
  const t = usePlatformTexts();
  const { id: rawId } = useParams();
  const id = positiveId(rawId);
  const book = useBook(id);
  usePageTitle(book.data?.title);
  if (rawId === undefined) return <Navigate to="/content/textPlatform" replace />;
  const back = <Link to="/content/textPlatform" data-testid="book-back">‹ {t('platform')}</Link>;
  const notFound = id === null || (book.error instanceof ApiError && book.error.errorCode === 'BOOK_NOT_FOUND');
  const state = pageState({
    notFound, notFoundTitle: t('bookNotFound'), notFoundHint: t('bookNotFoundHint', { id: rawId }), error: book.error, pending: book.isPending,
    retry: () => void book.refetch(), extra: back, loadingTestId: 'book-loading', texts: { loadFailed: t('loadFailed'), retry: t('retry') },
  });
  return (
    <div className="book-page" data-testid="book-page" style={{ padding: '24px 0 48px' }}>
      <nav style={{ margin: '0 0 16px' }} aria-label={t('back')}>{back}</nav>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '24px 32px' }}>
        {state ?? (book.data ? <BookBody book={book.data} /> : null)}
      </div>
    </div>
  );
}
