import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { Paged } from '../../src/api/client';
import type { PointsRankItem } from '../../src/api/community';
import { WidgetSection } from '../../src/components/card-grid';
import { dataStateView, PLACEHOLDER_FILL, RowsSkeleton, safeImageSrc, SECONDARY_TEXT } from '../../src/components/widget-parts';
import { headingOf, widgetTexts, widgetText } from '../../src/components/widget-texts';
import type { RankBoardProps } from '../../schemas/widgets/rank-board';

// Medals: gold, silver and bronze discs with a dark number (at least 4.8:1), the same in both styles.
const MEDALS: Record<number, string> = { 1: '#f5a623', 2: '#a0a7b4', 3: '#cd7f32' };
const MEDAL_TEXT = '#262626';

/**
 * Competition ranks: equal points share a rank and the next rank skips (1, 2, 2, 4). The server
 * sends rank; rows without one are ranked here from the order and points.
 */
export function withRanks(rows: readonly PointsRankItem[]): PointsRankItem[] {
  let previous: PointsRankItem | undefined;
  return rows.map((row, i) => {
    const given = typeof row.rank === 'number' && row.rank > 0 ? row.rank : undefined;
    const rank = given ?? (previous && previous.points === row.points ? previous.rank : i + 1);
    previous = { ...row, rank };
    return previous;
  });
}

export default function RankBoard({ props, ctx, data }: WidgetProps<RankBoardProps, Paged<PointsRankItem>>) {
  const { locale } = widgetTexts(ctx.locale);
  const state = dataStateView(data, locale, <RowsSkeleton rows={Math.min(props.count, 6)} avatar={props.showAvatar} locale={locale} />, (page) => page.list.length > 0);
  // The top three rows: a light gold tint of the page (a deep one in the dark style), their points
  // in orange made readable on it (src/lib/settings.ts themeCssVars).
  const topRow = 'var(--portal-highlight, #fff7e8)';
  const topPoints = 'var(--portal-highlight-text, #aa5606)';
  return (
    <WidgetSection title={headingOf(locale, props.title, 'rank-board')} more={props.more} locale={locale}>
      {state ?? (
        <ol className="w-rank-board" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {withRanks((data.data?.list ?? []).slice(0, props.count)).map((row) => {
            const top = row.rank <= 3;
            const avatar = safeImageSrc(row.avatar);
            return (
              <li
                key={row.userId} data-rank={row.rank} data-top={top} aria-label={`${widgetText(locale, 'rank', { n: row.rank })} ${row.name}`}
                style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 12px', borderRadius: 6, background: top ? topRow : undefined }}
              >
                <span
                  className="w-rank-no"
                  style={{
                    flex: 'none', width: 28, height: 28, borderRadius: '50%', display: 'flex', alignItems: 'center', justifyContent: 'center',
                    fontWeight: 600, fontSize: 14, color: MEDALS[row.rank] ? MEDAL_TEXT : SECONDARY_TEXT, background: MEDALS[row.rank] ?? 'transparent',
                  }}
                >
                  {row.rank}
                </span>
                {props.showAvatar && (avatar
                  ? <img src={avatar} alt="" loading="lazy" decoding="async" style={{ width: 36, height: 36, borderRadius: '50%', objectFit: 'cover', flex: 'none' }} />
                  : <span aria-hidden="true" style={{ width: 36, height: 36, borderRadius: '50%', background: PLACEHOLDER_FILL, flex: 'none' }} />)}
                <span style={{ flex: 1, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: top ? 600 : 400 }}>{row.name}</span>
                <span className="w-rank-points" style={{ flex: 'none', color: top ? topPoints : SECONDARY_TEXT }}>{widgetText(locale, 'points', { n: row.points })}</span>
              </li>
            );
          })}
        </ol>
      )}
    </WidgetSection>
  );
}
