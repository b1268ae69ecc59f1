// The charts of class statistics, in plain SVG and CSS (no chart library): a ring for one
// percentage, horizontal bars for completion by phase or course, and columns for attendance by
// session. Every chart carries its figures as text too (a list a screen reader reads), so the
// picture is never the only way to the numbers.
import type { ReactNode } from 'react';

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
const PRIMARY = 'var(--ant-color-primary, #1677ff)';
const TRACK = 'var(--portal-fill, rgba(0,0,0,0.06))';

/** A ring showing `percent` with the figure in the middle. */
export function Ring({ percent, label, size = 96 }: { percent: number; label: string; size?: number }) {
  const p = clamp(percent);
  const r = 40;
  const c = 2 * Math.PI * r;
  return (
    <figure style={{ margin: 0, display: 'inline-flex', flexDirection: 'column', alignItems: 'center', gap: 4 }} data-testid="statis-ring" data-percent={p}>
      <svg width={size} height={size} viewBox="0 0 100 100" role="img" aria-label={`${label} ${p}%`}>
        <circle cx="50" cy="50" r={r} fill="none" stroke={TRACK} strokeWidth="10" />
        {/* No arc at 0 %: a round cap of zero length would still draw a dot. */}
        {p > 0 && (
          <circle
            cx="50" cy="50" r={r} fill="none" stroke={PRIMARY} strokeWidth="10" strokeLinecap="round"
            strokeDasharray={`${(c * p) / 100} ${c}`} transform="rotate(-90 50 50)"
          />
        )}
        <text x="50" y="55" textAnchor="middle" fontSize="20" fontWeight="600" fill="currentColor">{p}%</text>
      </svg>
      <figcaption style={{ fontSize: 13 }}>{label}</figcaption>
    </figure>
  );
}

/** One bar of a horizontal bar chart. */
export interface Bar { key: string | number; label: string; percent: number; note?: string; /** A shorter label under a column. */ short?: string }

/** Horizontal bars, one per row, each with its label, percentage and note. */
export function Bars({ bars, testId, empty }: { bars: Bar[]; testId: string; empty: ReactNode }) {
  if (bars.length === 0) return <p style={{ margin: 0, color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{empty}</p>;
  return (
    <ul data-testid={testId} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
      {bars.map((b) => (
        <li key={b.key} data-testid={`${testId}-bar`} data-percent={clamp(b.percent)} style={{ display: 'grid', gridTemplateColumns: 'minmax(120px, 30%) 1fr auto', gap: 12, alignItems: 'center' }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={b.label}>{b.label}</span>
          <span aria-hidden="true" style={{ height: 12, background: TRACK, borderRadius: 6, overflow: 'hidden' }}>
            <span style={{ display: 'block', height: '100%', width: `${clamp(b.percent)}%`, background: PRIMARY, borderRadius: 6 }} />
          </span>
          <span style={{ fontVariantNumeric: 'tabular-nums', minWidth: 48, textAlign: 'right' }}>
            {clamp(b.percent)}%{b.note ? <small style={{ marginLeft: 8, color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{b.note}</small> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Vertical columns (attendance per session): SVG columns with the percentage above and the label below. */
export function Columns({ bars, testId, empty, title }: { bars: Bar[]; testId: string; empty: ReactNode; title: string }) {
  if (bars.length === 0) return <p style={{ margin: 0, color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{empty}</p>;
  const w = 48;
  const gap = 24;
  const h = 140;
  const width = bars.length * (w + gap) + gap;
  return (
    <div style={{ overflowX: 'auto' }}>
      <svg width={width} height={h + 44} viewBox={`0 0 ${width} ${h + 44}`} role="img" aria-label={title} data-testid={testId}>
        <line x1="0" y1={h + 16} x2={width} y2={h + 16} stroke={TRACK} />
        {bars.map((b, i) => {
          const p = clamp(b.percent);
          const bh = (h * p) / 100;
          const x = gap + i * (w + gap);
          return (
            <g key={b.key} data-testid={`${testId}-bar`} data-percent={p}>
              <title>{`${b.label}: ${p}%${b.note ? ` (${b.note})` : ''}`}</title>
              <rect x={x} y={h + 16 - bh} width={w} height={bh} rx="4" fill={PRIMARY} />
              <text x={x + w / 2} y={h + 10 - bh} textAnchor="middle" fontSize="12" fill="currentColor">{p}%</text>
              <text x={x + w / 2} y={h + 34} textAnchor="middle" fontSize="12" fill="currentColor">{b.short ?? (b.label.length > 6 ? `${b.label.slice(0, 6)}…` : b.label)}</text>
            </g>
          );
        })}
      </svg>
      <ul className="sr-only" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {bars.map((b) => <li key={b.key}>{`${b.label}: ${clamp(b.percent)}%${b.note ? ` (${b.note})` : ''}`}</li>)}
      </ul>
    </div>
  );
}
