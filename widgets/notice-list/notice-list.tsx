import { Link } from 'react-router';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { Paged } from '../../src/api/client';
import type { NoticeItem } from '../../src/api/community';
import { WidgetSection } from '../../src/components/card-grid';
import { dataStateView, formatDate, RowsSkeleton, scaled, SECONDARY_TEXT, SPLIT_LINE } from '../../src/components/widget-parts';
import { headingOf, widgetTexts, widgetText } from '../../src/components/widget-texts';
import type { NoticeListProps } from '../../schemas/widgets/notice-list';

/** Pinned notices first, each group in the server's order (the sort is stable). */
export function pinnedFirst(list: readonly NoticeItem[]): NoticeItem[] {
  return [...list].sort((a, b) => Number(b.top) - Number(a.top));
}

// spec learning §2: a notice opens /user/center/study/noticeDetail (a fixed route, not a settings link).
const noticePath = (id: number) => `/user/center/study/noticeDetail?id=${encodeURIComponent(String(id))}`;

export default function NoticeList({ props, ctx, data }: WidgetProps<NoticeListProps, Paged<NoticeItem>>) {
  const { locale } = widgetTexts(ctx.locale);
  const state = dataStateView(data, locale, <RowsSkeleton rows={props.count} locale={locale} />, (page) => page.list.length > 0);
  return (
    <WidgetSection title={headingOf(locale, props.title, 'notice-list')} more={props.more} locale={locale}>
      {state ?? (
        <ul className="w-notice-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {pinnedFirst(data.data?.list ?? []).slice(0, props.count).map((notice) => (
            <li key={notice.id} data-notice-id={notice.id} data-pinned={notice.top} style={{ display: 'flex', alignItems: 'baseline', gap: 8, padding: '8px 0', borderBottom: SPLIT_LINE }}>
              {notice.top && (
                // A badge: white on a fixed red (5.6:1) in both styles.
                <span className="w-notice-pinned" style={{ flex: 'none', padding: '0 6px', borderRadius: 4, fontSize: 12, lineHeight: '20px', color: '#fff', background: '#cf1322' }}>
                  {widgetText(locale, 'pinned')}
                </span>
              )}
              {/* Issue 13 point 8: the title wraps instead of being cut with "…", which at font size 22 left a few characters. */}
              <Link className="w-notice-title" to={noticePath(notice.id)} title={notice.title} style={{ flex: 1, minWidth: 0, color: 'inherit', whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                {notice.title}
              </Link>
              {props.showDate && <time dateTime={notice.publishTime} style={{ flex: 'none', fontSize: scaled(12), color: SECONDARY_TEXT }}>{formatDate(notice.publishTime)}</time>}
            </li>
          ))}
        </ul>
      )}
    </WidgetSection>
  );
}
