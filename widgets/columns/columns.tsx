import { useMemo, useSyncExternalStore, type CSSProperties } from 'react';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { ColumnsProps } from '../../schemas/widgets/columns';
import './columns.css';

/** The column weights of a ratio such as "2:1"; anything unreadable is two equal columns. */
export function parseRatio(ratio: string): number[] {
  const parts = ratio.split(':').map((p) => Number(p.trim()));
  const ok = parts.length >= 2 && parts.length <= 3 && parts.every((n) => Number.isInteger(n) && n >= 1 && n <= 9);
  return ok ? parts : [1, 1];
}

/**
 * One MediaQueryList and one listener per query for the whole document, however many columns
 * blocks ask it (issue 15 point 2: a page of 200 columns made 200 lists, listeners and effects).
 */
interface MediaWatch {
  list: MediaQueryList;
  subscribers: Set<() => void>;
}
const watches = new Map<string, MediaWatch>();
function watchMedia(query: string): MediaWatch {
  let watch = watches.get(query);
  if (!watch) {
    const created: MediaWatch = { list: window.matchMedia(query), subscribers: new Set() };
    created.list.addEventListener?.('change', () => created.subscribers.forEach((notify) => notify()));
    watches.set(query, created);
    watch = created;
  }
  return watch;
}

const NO_SUBSCRIPTION = () => () => undefined;

function useNarrow(width: number): boolean {
  const query = width > 0 && typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? `(max-width: ${width - 1}px)` : undefined;
  const subscribe = useMemo(() => (query ? (notify: () => void) => {
    const { subscribers } = watchMedia(query);
    subscribers.add(notify);
    return () => void subscribers.delete(notify);
  } : NO_SUBSCRIPTION), [query]);
  return useSyncExternalStore(subscribe, () => (query ? watchMedia(query).list.matches : false), () => false);
}

// Pure layout (role presentation, no landmark): each child block names itself (docs/widgets.md
// "Accessibility").
export default function Columns({ props, renderSlot }: WidgetProps<ColumnsProps>) {
  const weights = parseRatio(props.ratio);
  const narrow = useNarrow(props.stackBelow);
  return (
    <div
      className="w-columns" role="presentation" data-ratio={weights.join(':')}
      // One style object per block (its props); the columns take the gap from columns.css's variable.
      style={{ gap: props.gap, gridTemplateColumns: narrow ? '1fr' : weights.map((w) => `minmax(0, ${w}fr)`).join(' '), '--w-columns-gap': `${props.gap}px` } as CSSProperties}
    >
      {weights.map((_, i) => (
        <div key={i} className="w-column" data-slot={`col${i + 1}`}>
          {renderSlot(`col${i + 1}`)}
        </div>
      ))}
    </div>
  );
}
