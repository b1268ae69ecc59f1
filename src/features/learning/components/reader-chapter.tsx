// One chapter of a book in the reader (/content/noval/{id}): its text in the page through the
// sanitising <RichText>, with reading recorded under the chapter's part id (hooks/use-reading-study:
// time while the page is visible and focused; finished once the end has been seen), and the
// previous / next chapter links under it.
import { useMemo, useRef } from 'react';
import { Link } from 'react-router';
import type { ContentPart } from '../api/content-detail';
import { readingSeconds, useReadingStudy } from '../hooks/use-reading-study';
import { DocumentBody, plainText, useDocumentText } from './content-detail-reading';
import { useReaderTexts } from './reader-texts';

export interface ReaderChapterProps {
  contentId: number;
  chapter: ContentPart;
  /** 1-based position and count. */
  index: number;
  count: number;
  /** The address of chapter n (1-based). */
  chapterHref(n: number): string;
}

export function ReaderChapter({ contentId, chapter, index, count, chapterHref }: ReaderChapterProps) {
  const t = useReaderTexts();
  const text = useDocumentText(chapter.mediaUrl);
  const endRef = useRef<HTMLDivElement>(null);
  const duration = useMemo(() => (text.data === undefined ? 0 : readingSeconds({ kind: 'article', text: plainText(text.data) })), [text.data]);
  useReadingStudy({ contentId, partId: chapter.id, duration, enabled: text.isSuccess }, endRef);

  const body = <DocumentBody text={text} className="reader-chapter-body" failedText={t('textFailed')} retryText={t('retry')} rows={10} />;

  return (
    <article className="reader-chapter" data-testid="reader-chapter" data-part-id={chapter.id} aria-labelledby="reader-chapter-title">
      <p style={{ margin: 0, color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('chapterOf', { n: index, all: count })}</p>
      <h2 id="reader-chapter-title" style={{ margin: '4px 0 24px', fontSize: 24 }}>{chapter.title}</h2>
      <div style={{ fontSize: 18, lineHeight: 2 }}>{body}</div>
      <div ref={endRef} data-testid="reader-chapter-end" aria-hidden="true" style={{ height: 1 }} />
      <nav style={{ display: 'flex', justifyContent: 'space-between', marginTop: 40 }} aria-label={t('contents')}>
        {index > 1 ? <Link to={chapterHref(index - 1)} data-testid="reader-previous">‹ {t('previous')}</Link> : <span />}
        {index < count
          ? <Link to={chapterHref(index + 1)} data-testid="reader-next">{t('next')} ›</Link>
          : <span style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('finishedBook')}</span>}
      </nav>
    </article>
  );
}
