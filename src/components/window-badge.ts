import type { WindowState } from '../api/catalogue';
import type { CardBadge } from './card-grid';
import type { WidgetTextKey } from './widget-texts';

const WINDOW_BADGES: Record<WindowState, { key: WidgetTextKey; tone: CardBadge['tone'] }> = {
  upcoming: { key: 'windowUpcoming', tone: 'upcoming' },
  open: { key: 'windowOpen', tone: 'open' },
  closed: { key: 'windowClosed', tone: 'muted' },
};

/** The badge for an exam's or task's answering window (not started, open, closed). */
export function windowBadge(state: WindowState, t: (key: WidgetTextKey) => string): CardBadge {
  const badge = WINDOW_BADGES[state] ?? WINDOW_BADGES.closed;
  return { text: t(badge.key), tone: badge.tone };
}
