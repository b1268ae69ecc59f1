// The right column of the help center: one help article with its title, date and text. The text is
// tenant rich text, shown only through the runtime's sanitising <RichText> (DESIGN "No eval").
import { Button, Empty, Result, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { ApiError } from '../../../api/client';
import { RichText } from '../../../runtime/rich-text-view';
import { useHelpArticle, useHelpText } from '../api/help-queries';
import { useHelpTexts } from './texts';

/** An article the address names: a positive id, or an id that cannot be one (always "not found"). */
export type ArticleRef = { kind: 'id'; id: number } | { kind: 'invalid'; raw: string } | { kind: 'none' };

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function NotFound({ id }: { id: string }) {
  const { t } = useHelpTexts();
  return <Result status="404" title={t('notFound')} subTitle={t('notFoundHint', { id })} />;
}

function ArticleText({ mediaUrl, summary }: { mediaUrl: string | null; summary: string | null }) {
  const { t } = useHelpTexts();
  const text = useHelpText(mediaUrl);
  // An article without a text document shows its summary, as plain text.
  if (!mediaUrl) return <RichText html={summary ? `<p>${escapeHtml(summary)}</p>` : ''} className="help-article-body" />;
  if (text.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (text.isError) {
    return (
      <div role="alert">
        <p>{t('textFailed')}</p>
        <Button onClick={() => void text.refetch()}>{t('retry')}</Button>
      </div>
    );
  }
  return <RichText html={text.data} className="help-article-body" />;
}

/** One article by id: skeleton, "not found" (not a help item), error with retry, or the article. */
export function HelpArticle({ article }: { article: ArticleRef }) {
  const { t } = useHelpTexts();
  const query = useHelpArticle(article.kind === 'id' ? article.id : null);
  if (article.kind === 'none') return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pick')} />;
  if (article.kind === 'invalid') return <NotFound id={article.raw} />;
  if (query.isPending) return <Skeleton active title paragraph={{ rows: 10 }} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.errorCode === 'CONTENT_NOT_FOUND') return <NotFound id={String(article.id)} />;
    return (
      <Result
        status="error" title={t('loadFailed')} subTitle={query.error.message}
        extra={<Button type="primary" onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const item = query.data;
  return (
    <article className="help-article" data-article-id={item.id}>
      <h1 style={{ margin: '0 0 8px', fontSize: 22, fontWeight: 600 }}>{item.title}</h1>
      <p className="help-article-meta" style={{ margin: '0 0 20px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))', fontSize: 13 }}>
        {/* The content has no edit time of its own; its publish time is when it last changed. */}
        <time dateTime={item.publishTime}>{t('updated', { date: dayjs(item.publishTime).format('YYYY-MM-DD') })}</time>
        {item.author && <span style={{ marginLeft: 16 }}>{t('author', { name: item.author })}</span>}
      </p>
      <ArticleText mediaUrl={item.mediaUrl} summary={item.summary} />
    </article>
  );
}
