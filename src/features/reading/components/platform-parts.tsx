// What the reading platform's pages share (issue 20 part U): a book's cover, its state tag, its
// length, a book row for every list, and the loading / error / not-found states of a page.
import { Button, Empty, Result, Skeleton, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BookCard, SerialState } from '../../../api/reading-platform';
import { relativeTime } from '../../../lib/relative-time';
import { usePlatformTexts } from './platform-texts';

/** The book page of a work. */
export const bookPath = (id: number) => `/content/noval/detail/${id}`;
/** The author page. */
export const authorPath = (id: number) => `/content/author/${id}`;
/** The reader at a 1-based chapter (the reader's ?chapter=), or where this browser left off. */
export const readerPath = (id: number, chapter?: number) => `/content/noval/${id}${chapter ? `?chapter=${chapter}` : ''}`;

/** A whole number from a route parameter, or null. */
export function positiveId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

/** The cover, or a placeholder with the title's first character. */
export function BookCover({ book, width = 96 }: { book: Pick<BookCard, 'cover' | 'title'>; width?: number }) {
  const t = usePlatformTexts();
  const style = { width, aspectRatio: '3 / 4', borderRadius: 4, flex: `0 0 ${width}px` } as const;
  if (book.cover) return <img src={book.cover} alt="" style={{ ...style, objectFit: 'cover' }} />;
  return (
    <div role="img" aria-label={t('noCover')} style={{ ...style, display: 'grid', placeItems: 'center', background: 'var(--portal-fill, #f0f2f5)', color: 'var(--portal-text, rgba(0,0,0,0.88))', fontSize: width / 3 }}>
      {book.title.slice(0, 1)}
    </div>
  );
}

/** serialising / finished as a tag. */
export function StateTag({ state }: { state: SerialState | null }) {
  const t = usePlatformTexts();
  if (!state) return null;
  return <Tag color={state === 'finished' ? 'success' : 'processing'} data-testid="book-state">{t(state)}</Tag>;
}

/** A work's length: 12,345 字 / 12,345 words. */
export function useWords() {
  const t = usePlatformTexts();
  return (n: number) => t('wordCount', { n: n.toLocaleString('en-US') });
}

/** One work in a list: cover, title (the book page), author (the author page), state, length, last update. */
export function BookRow({ book, compact = false }: { book: BookCard; compact?: boolean }) {
  const t = usePlatformTexts();
  const words = useWords();
  return (
    <li data-testid="book-row" data-book-id={book.id} style={{ display: 'flex', gap: 12, padding: '12px 0', borderBottom: '1px solid var(--portal-border, rgba(0,0,0,0.06))' }}>
      <Link to={bookPath(book.id)} tabIndex={-1} aria-hidden="true"><BookCover book={book} width={compact ? 56 : 72} /></Link>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <Link to={bookPath(book.id)} data-testid="book-row-title" style={{ fontWeight: 600, fontSize: 15 }}>{book.title}</Link>
          <StateTag state={book.serialState} />
        </div>
        <div style={{ fontSize: 13, color: 'var(--portal-text-secondary, rgba(0,0,0,0.65))', marginTop: 4 }}>
          {book.author ? <Link to={authorPath(book.author.id)} style={{ color: 'inherit', textDecoration: 'underline' }}>{book.author.penName}</Link> : (book.authorName ?? t('noAuthor'))}
          {book.categoryName ? ` · ${book.categoryName}` : ''}
          {` · ${words(book.wordCount)} · ${t('updatedAt', { time: relativeTime(book.updatedAt) })}`}
        </div>
        {!compact && book.summary && <p style={{ margin: '6px 0 0', fontSize: 13, overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' }}>{book.summary}</p>}
      </div>
    </li>
  );
}

/** A list of works, or its empty state. */
export function BookList({ books, empty, compact, testId }: { books: BookCard[]; empty: string; compact?: boolean; testId: string }) {
  if (books.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} data-testid={`${testId}-empty`} />;
  return <ul data-testid={testId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>{books.map((b) => <BookRow key={b.id} book={b} compact={compact} />)}</ul>;
}

/** The state of a page's main query: not found, failed (with retry), loading; null once there is data. */
export function pageState(opts: { notFound: boolean; notFoundTitle: string; notFoundHint: string; error: Error | null; pending: boolean; retry(): void; extra: ReactNode; loadingTestId: string; texts: { loadFailed: string; retry: string } }): ReactNode | null {
  if (opts.notFound) return <Result status="404" title={opts.notFoundTitle} subTitle={opts.notFoundHint} extra={opts.extra} />;
  if (opts.error) return <Result status="error" title={opts.texts.loadFailed} subTitle={opts.error.message} extra={<Button type="primary" onClick={opts.retry}>{opts.texts.retry}</Button>} />;
  if (opts.pending) return <div data-testid={opts.loadingTestId} aria-busy="true"><Skeleton active avatar paragraph={{ rows: 6 }} /></div>;
  return null;
}
