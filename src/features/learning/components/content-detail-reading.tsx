// The reading views of the content detail (issue 7 item 4): an article's text shown in the page
// through the runtime's sanitising <RichText>, and a PDF in the browser's own viewer, each recording
// the time spent reading (hooks/use-reading-study.ts). Only the site's own files (/uploads/) are
// fetched or framed; anything else keeps the "open" button of ContentDocument.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { useMemo, useRef } from 'react';
import type { ContentItem } from '../../../api/catalogue';
import { fetchContentText } from '../../../api/content';
import { RichText } from '../../../runtime/rich-text-view';
import { useReadingStudy, readingSeconds } from '../hooks/use-reading-study';
import { ContentDocument } from './content-detail-media';
import { useContentDetailTexts } from './content-detail-texts';

/** A file of the site's own object store: the only documents the page fetches or frames. */
export function isSiteDocument(url: string | null | undefined): url is string {
  const value = url?.trim() ?? '';
  // Issue 20 part V: a creator's approved chapter is served by /cm/api/content/partText (sanitised HTML).
  return (value.startsWith('/uploads/') || value.startsWith('/cm/api/content/partText?')) && !value.includes('..');
}

/** The text of a site document (an article, a chapter), fetched once and kept for 10 minutes; off for null. */
export function useDocumentText(url: string | null) {
  return useQuery({
    queryKey: ['content', 'text', url],
    queryFn: ({ signal }) => fetchContentText(url!, signal),
    enabled: url !== null,
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** A fetched document in the page: a skeleton while it loads, the failure with a retry, or the sanitised text. */
export function DocumentBody({ text, className, failedText, retryText, rows = 8 }: {
  text: UseQueryResult<string>; className: string; failedText: string; retryText: string; rows?: number;
}) {
  if (text.isPending) return <Skeleton active paragraph={{ rows }} />;
  if (text.isError) {
    return (
      <div role="alert">
        <p>{failedText}</p>
        <Button onClick={() => void text.refetch()}>{retryText}</Button>
      </div>
    );
  }
  return <RichText html={text.data} className={className} />;
}

/** The visible text of an HTML document, for the reading-time estimate. */
export function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&[#\w]+;/g, 'x');
}

/** The article's text in the page; reading is recorded once the text is shown. */
export function ContentArticle({ content, courseId = null, userTaskId = null }: { content: ContentItem; courseId?: number | null; userTaskId?: number | null }) {
  const url = content.mediaUrl?.trim() ?? '';
  const local = isSiteDocument(url);
  const t = useContentDetailTexts();
  const text = useDocumentText(local ? url : null);
  const endRef = useRef<HTMLDivElement>(null);
  const duration = useMemo(() => (text.data === undefined ? 0 : readingSeconds({ kind: 'article', text: plainText(text.data) })), [text.data]);
  useReadingStudy({ contentId: content.id, partId: 0, courseId, userTaskId, duration, enabled: text.isSuccess }, endRef);

  if (!local) return <ContentDocument content={content} />;
  const body = <DocumentBody text={text} className="content-detail-article-body" failedText={t('textFailed')} retryText={t('retry')} />;
  return (
    <section className="content-detail-article" data-testid="content-detail-article" style={{ marginTop: 24, fontSize: 16, lineHeight: 1.8 }}>
      {body}
      {/* Reaching this marker is "the end was read" (an article finishes only after it is seen). */}
      <div ref={endRef} data-testid="content-detail-article-end" aria-hidden="true" style={{ height: 1 }} />
    </section>
  );
}

/** A PDF in the browser's built-in viewer, with a link to open it in a tab; the time it is open is recorded. */
export function ContentPdf({ content, courseId = null, userTaskId = null }: { content: ContentItem; courseId?: number | null; userTaskId?: number | null }) {
  const url = content.mediaUrl?.trim() ?? '';
  const local = isSiteDocument(url);
  const t = useContentDetailTexts();
  useReadingStudy({ contentId: content.id, partId: 0, courseId, userTaskId, duration: readingSeconds({ kind: 'pdf' }), enabled: local });
  if (!local) return <ContentDocument content={content} />;
  return (
    <section className="content-detail-pdf" style={{ marginTop: 24 }}>
      <iframe
        src={url} title={content.title} data-testid="content-detail-pdf"
        style={{ width: '100%', height: '75vh', minHeight: 480, border: '1px solid var(--portal-border, #f0f0f0)', borderRadius: 8, display: 'block' }}
      />
      <p style={{ margin: '12px 0 0' }}>
        <a href={url} target="_blank" rel="noopener noreferrer">{t('openInNewTab')}</a>
      </p>
    </section>
  );
}
