// An article (issue 7 item 3; spec learning §2 "Article goes to /share/article/detail/{id}"):
// /share/article/detail/{id} and /share/article/details/{id}. Shows the card (kind, author, date,
// views, category), the text in the page through the sanitising <RichText>, and more articles of
// the same kind. Opening it counts a view (GET /cm/api/article/info). Back returns to the /share
// list, page and tab it was opened from (spec shell §3 goback).
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { Link, useParams } from 'react-router';
import { apiGet, ApiError, type ApiOptions } from '../../../api/client';
import { searchArticles, type ArticleDetail } from '../../../api/community';
import { useGoback } from '../../../lib/goback';
import { useDetailQuery } from '../api/detail-query';
import { useArticleTexts } from '../components/article-texts';
import { DocumentBody, isSiteDocument, useDocumentText } from '../components/content-detail-reading';
import { detailStateView } from '../components/detail-states';
import { usePageTitle } from '../../../components/use-page-title';
import { RichText } from '../../../runtime/rich-text-view';
import { RICH_TEXT_POLICY_VERSION } from '../../../../schemas/rich-text-policy';

const getArticle = (id: number, opts: ApiOptions) => apiGet<ArticleDetail>('/cm/api/article/info', { id }, opts);

/** A positive integer from the address, or null. */
function positive(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The article's text, or why there is none. */
function ArticleBody({ article }: { article: ArticleDetail }) {
  const t = useArticleTexts();
  const url = isSiteDocument(article.bodyUrl) ? article.bodyUrl : null;
  const text = useDocumentText(article.body ? null : url);
  // A learner's article (issue 19 part H) carries its text, sanitised by the server when saved:
  // shown as it is when stamped with the current policy, sanitised here otherwise.
  if (article.body) {
    return <RichText html={article.body} className="article-detail-body" presanitised={article.bodyPolicy === RICH_TEXT_POLICY_VERSION} />;
  }
  if (url === null) return <p data-testid="article-no-text" style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))' }}>{t('noText')}</p>;
  return <DocumentBody text={text} className="article-detail-body" failedText={t('textFailed')} retryText={t('retry')} />;
}

/** Up to five other articles of the same kind, newest first. */
function MoreArticles({ article }: { article: ArticleDetail }) {
  const t = useArticleTexts();
  const kind = article.kind === 'news' ? 'news' : 'share';
  const more = useQuery({
    queryKey: ['article', 'more', kind],
    queryFn: ({ signal }) => searchArticles({ kind, pageSize: 6 }, signal),
    staleTime: 60_000,
    retry: false,
  });
  const rows = (more.data?.list ?? []).filter((a) => a.id !== article.id).slice(0, 5);
  if (rows.length === 0) return null;
  return (
    <aside aria-labelledby="article-more" style={{ marginTop: 40, borderTop: '1px solid var(--portal-border, #f0f0f0)', paddingTop: 16 }}>
      <h2 id="article-more" style={{ fontSize: 18, margin: '0 0 8px' }}>{t('more')}</h2>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((a) => (
          <li key={a.id} data-testid="article-more-item" style={{ display: 'flex', justifyContent: 'space-between', gap: 16, padding: '8px 0' }}>
            <Link to={`/share/article/detail/${a.id}`}>{a.title}</Link>
            <span style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))', flex: 'none' }}>{dayjs(a.publishTime).format('YYYY-MM-DD')}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}

export default function ArticleDetailPage() {
  const t = useArticleTexts();
  const { id: rawId } = useParams();
  const id = positive(rawId);
  const info = useDetailQuery('article', 'info', id, getArticle);
  const { target: backTo } = useGoback('article', '/share');
  const article = info.data;
  usePageTitle(article?.title);

  const back = <Link to={backTo} data-testid="article-back">‹ {t('back')}</Link>;
  const notFound = id === null || (info.error instanceof ApiError && info.error.errorCode === 'ARTICLE_NOT_FOUND');
  let body = detailStateView({
    notFound, error: info.isError ? info.error : null, pending: info.isPending, retry: () => void info.refetch(), back,
    loadingTestId: 'article-loading',
    texts: { notFound: t('notFound'), notFoundHint: t('notFoundHint', { id: rawId ?? '' }), loadFailed: t('loadFailed'), retry: t('retry') },
  });
  if (!body && article) {
    const meta = [
      article.author ? t('author', { name: article.author }) : null,
      dayjs(article.publishTime).format('YYYY-MM-DD HH:mm'),
      t('views', { n: article.viewCount }),
    ].filter(Boolean).join(' · ');
    body = (
      <article data-testid="article-detail" data-article-id={article.id} style={{ maxWidth: 800, margin: '0 auto' }}>
        <header>
          <h1 style={{ margin: '0 0 12px', fontSize: 28, fontWeight: 600, lineHeight: 1.4 }}>{article.title}</h1>
          <p style={{ margin: '0 0 12px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))' }}>
            <Tag color={article.kind === 'news' ? 'orange' : 'blue'}>{t(article.kind === 'news' ? 'news' : 'share')}</Tag>
            {article.categoryName && <Tag>{article.categoryName}</Tag>}
            {meta}
          </p>
          {article.summary && (
            <p style={{ margin: '0 0 24px', padding: '12px 16px', background: 'var(--portal-fill, #f5f5f5)', borderRadius: 6, lineHeight: 1.8 }}>{article.summary}</p>
          )}
          {article.cover && <img src={article.cover} alt="" style={{ display: 'block', width: '100%', maxHeight: 360, objectFit: 'cover', borderRadius: 8, margin: '0 0 24px' }} />}
        </header>
        <div style={{ fontSize: 16, lineHeight: 1.9 }}><ArticleBody article={article} /></div>
        <MoreArticles article={article} />
      </article>
    );
  }

  return (
    <div className="article-detail-page" data-testid="article-detail-page" style={{ padding: '24px 0 48px' }}>
      <nav style={{ margin: '0 0 16px' }} aria-label={t('back')}>{back}</nav>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '32px 40px' }}>{body}</div>
    </div>
  );
}
