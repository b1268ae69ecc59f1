// The top of the content detail page: cover, title, author, length, views, labels and summary.
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { ContentItem } from '../../../api/catalogue';
import { formatDuration, useContentDetailTexts } from './content-detail-texts';

const COVER_WIDTH = 320;

/**
 * The content's card, large; `actions` sit under the summary (the audio page's "play all").
 * `duration` is the whole length: a content in parts may carry only its first part's length.
 */
export function ContentDetailHeader({ content, duration, actions }: { content: ContentItem; duration: number; actions?: ReactNode }) {
  const t = useContentDetailTexts();
  const meta = [
    content.author ? t('author', { name: content.author }) : null,
    duration > 0 ? t('duration', { time: formatDuration(duration) }) : null,
    content.partCount > 0 ? t('parts', { n: content.partCount }) : null,
    t('views', { n: content.viewCount }),
  ].filter((item): item is string => item !== null);

  return (
    <header className="content-detail-header" style={{ display: 'flex', gap: 32, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <div style={{ flex: `0 0 ${COVER_WIDTH}px`, aspectRatio: '16 / 9', borderRadius: 8, overflow: 'hidden', background: 'var(--portal-fill, #f0f2f5)' }}>
        {content.cover
          ? <img src={content.cover} alt={content.title} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
          : <div role="img" aria-label={t('noCover')} style={{ height: '100%', display: 'grid', placeItems: 'center', color: 'var(--portal-text-secondary, rgba(0,0,0,0.35))' }}>{t('noCover')}</div>}
      </div>
      <div style={{ flex: '1 1 320px', minWidth: 0 }}>
        <h1 className="content-detail-title" style={{ margin: '0 0 12px', fontSize: 24, fontWeight: 600, lineHeight: 1.4 }}>{content.title}</h1>
        <p className="content-detail-meta" style={{ margin: '0 0 12px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))' }}>
          {meta.join(' · ')}
        </p>
        {(content.categoryName || content.labels.length > 0) && (
          <div className="content-detail-labels" style={{ margin: '0 0 12px' }}>
            {content.categoryName && <Tag color="blue">{content.categoryName}</Tag>}
            {content.labels.map((label) => <Tag key={label}>{label}</Tag>)}
          </div>
        )}
        <p className="content-detail-summary" style={{ margin: '0 0 16px', whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>
          {content.summary || t('noSummary')}
        </p>
        {actions}
      </div>
    </header>
  );
}
