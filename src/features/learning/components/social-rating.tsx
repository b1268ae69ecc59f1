// The rating summary of a target (GET /cm/api/commentScore/getScore): the average to one decimal,
// how many rated, and a bar per star. Each user's newest score counts once (docs/api.md).
import { Button, Progress, Rate } from 'antd';
import { useScore, type SocialTarget } from '../api/social';
import { useSocialTexts } from './social-texts';

const STARS = [5, 4, 3, 2, 1] as const;

/** Average, count and distribution of the scores. */
export function RatingSummary({ target }: { target: SocialTarget }) {
  const t = useSocialTexts();
  const score = useScore(target);
  if (score.isError) {
    return (
      <p data-testid="social-rating" className="social-load-failed">
        {t('loadFailed')} <Button size="small" onClick={() => void score.refetch()}>{t('retry')}</Button>
      </p>
    );
  }
  if (!score.data) return <div data-testid="social-rating" aria-busy="true" style={{ minHeight: 96 }} />;
  const { average, count, distribution } = score.data;
  return (
    <div data-testid="social-rating" style={{ display: 'flex', gap: 32, alignItems: 'center', flexWrap: 'wrap' }}>
      <div style={{ textAlign: 'center', minWidth: 120 }}>
        <div data-testid="social-rating-average" style={{ fontSize: 36, fontWeight: 600, lineHeight: 1.2 }}>{count > 0 ? average.toFixed(1) : '—'}</div>
        <Rate disabled allowHalf value={Math.round(average * 2) / 2} style={{ fontSize: 14 }} />
        <div style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))', fontSize: 12 }}>{count > 0 ? t('ratingCount', { n: count }) : t('noRating')}</div>
      </div>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, flex: '1 1 220px', maxWidth: 360 }}>
        {STARS.map((star) => (
          <li key={star} style={{ display: 'flex', alignItems: 'center', gap: 8 }} aria-label={`${t('starRow', { star })}: ${distribution[star]}`}>
            <span style={{ width: 40, fontSize: 12 }}>{t('starRow', { star })}</span>
            {/* WCAG 4.1.2: a progressbar needs a name; the row's own words name it. */}
            <Progress percent={count > 0 ? Math.round((distribution[star] / count) * 100) : 0} showInfo={false} size="small" style={{ flex: 1, margin: 0 }} aria-label={`${t('starRow', { star })}: ${distribution[star]}`} />
            <span style={{ width: 28, fontSize: 12, textAlign: 'right' }}>{distribution[star]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
