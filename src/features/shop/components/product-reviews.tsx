// The product page's reviews (GET /order/api/orderComment/prodCommentList): the average with its
// stars, the count, the positive share and how many gave each score, then the newest reviews, five
// more at a time. The texts are the buyers' own: shown as text, never as HTML.
import { Avatar, Button, Empty, Progress, Rate, Skeleton } from 'antd';
import { safeImageSrc, SECONDARY_TEXT } from '../../../components/widget-parts';
import { useProductReviews } from '../api/shop-api';
import { formatTime } from './shop-parts';
import { useProductTexts } from './product-texts';
import { ReviewPhotos } from './review-photos';

const SCORES = [5, 4, 3, 2, 1] as const;

/** The "4.6 分 · 12 条评价" line under the product title; nothing until the reviews are in or when there are none. */
export function RatingLine({ productId }: { productId: number }) {
  const t = useProductTexts();
  const summary = useProductReviews(productId).data?.pages[0]?.summary;
  if (!summary || summary.count === 0) return null;
  return (
    <a href="#product-reviews" data-testid="product-rating" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, color: SECONDARY_TEXT }}>
      <Rate disabled allowHalf value={Math.round(summary.average * 2) / 2} style={{ fontSize: 14 }} />
      <span>{t('ratingLine', { score: summary.average.toFixed(1), n: summary.count })}</span>
    </a>
  );
}

/** The reviews section of a product page. */
export function ProductReviews({ productId }: { productId: number }) {
  const t = useProductTexts();
  const query = useProductReviews(productId);
  if (query.isPending) return <Skeleton active avatar paragraph={{ rows: 3 }} />;
  if (query.isError) {
    return <Empty description={t('reviewsFailed')}><Button onClick={() => void query.refetch()}>{t('retry')}</Button></Empty>;
  }
  const { summary } = query.data.pages[0]!;
  if (summary.count === 0) return <Empty data-testid="product-reviews-empty" description={t('noReviews')} />;
  const reviews = query.data.pages.flatMap((p) => p.list);
  const good = summary.distribution[5] + summary.distribution[4];
  return (
    <div>
      <div data-testid="product-review-summary" style={{ display: 'flex', gap: 40, alignItems: 'center', paddingBottom: 16, borderBottom: '1px solid var(--portal-border, #f0f0f0)' }}>
        <div style={{ textAlign: 'center', minWidth: 140 }}>
          <div data-testid="product-review-average" style={{ fontSize: 40, fontWeight: 600, lineHeight: 1.1, color: 'var(--portal-text, inherit)' }}>{summary.average.toFixed(1)}</div>
          <Rate disabled allowHalf value={Math.round(summary.average * 2) / 2} style={{ fontSize: 16 }} />
          <div style={{ color: SECONDARY_TEXT, marginTop: 4 }}>{t('reviewCount', { n: summary.count })} · {t('goodRate', { p: Math.round((good / summary.count) * 100) })}</div>
        </div>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, flex: 1, maxWidth: 420 }}>
          {SCORES.map((score) => (
            <li key={score} style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
              <span style={{ width: 48, color: SECONDARY_TEXT }}>{t('stars', { n: score })}</span>
              {/* WCAG 4.1.2: a progressbar needs a name; the row's own words name it. */}
              <Progress percent={Math.round((summary.distribution[score] / summary.count) * 100)} showInfo={false} size="small" strokeColor="var(--portal-primary, #00aaff)" style={{ flex: 1, margin: 0 }} aria-label={t('starsCount', { n: score, count: summary.distribution[score] })} />
              <span style={{ width: 32, textAlign: 'right', color: SECONDARY_TEXT }}>{summary.distribution[score]}</span>
            </li>
          ))}
        </ul>
      </div>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {reviews.map((r) => (
          <li key={r.id} data-testid="product-review" style={{ display: 'flex', gap: 12, padding: '16px 0', borderBottom: '1px solid var(--portal-border, #f0f0f0)' }}>
            <Avatar src={safeImageSrc(r.avatar)} alt="" style={{ flex: 'none' }}>{[...r.userName][0]}</Avatar>
            <div style={{ flex: 1, minWidth: 0 }}>
              <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
                <span style={{ fontWeight: 500 }}>{r.userName}</span>
                <Rate disabled value={r.score} style={{ fontSize: 12 }} aria-label={t('scoreOf', { n: r.score })} />
                <span style={{ color: SECONDARY_TEXT, fontSize: 12, marginLeft: 'auto' }}>{formatTime(r.createTime).slice(0, 10)}</span>
              </div>
              <p style={{ margin: '6px 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.content}</p>
              {r.images?.length ? <ReviewPhotos images={r.images} alt={r.userName} /> : null}
            </div>
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} data-testid="product-reviews-more">{t('moreReviews')}</Button>
        </div>
      ) : null}
    </div>
  );
}
