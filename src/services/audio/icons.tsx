// The player's glyphs as inline SVG (no icon package in the player chunk). Decorative: every
// button that shows one carries its own aria-label.
import type { ReactElement } from 'react';

const svg = (d: string): ReactElement => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false" fill="currentColor"><path d={d} /></svg>
);

export const PlayIcon = () => svg('M8 5v14l11-7z');
export const PauseIcon = () => svg('M6 5h4v14H6zm8 0h4v14h-4z');
export const PrevIcon = () => svg('M6 6h2v12H6zm3.5 6L18 18V6z');
export const NextIcon = () => svg('M16 6h2v12h-2zM6 18l8.5-6L6 6z');
export const LoopIcon = () => svg('M7 7h10v3l4-4-4-4v3H5v6h2zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2z');
export const RepeatOneIcon = () => svg('M7 7h10v3l4-4-4-4v3H5v6h2zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2zm-4-2V9h-1l-2 1v1h1.5v4z');
export const ShuffleIcon = () => svg('M10.6 9.2 5.4 4 4 5.4l5.2 5.2zM14.5 4l2 2L4 18.6 5.4 20 18 7.5l2 2V4zm.3 9.4-1.4 1.4 3.1 3.1-2 2.1H20v-5.5l-2 2z');
export const VolumeIcon = () => svg('M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z');
export const ListIcon = () => svg('M3 13h2v-2H3zm0 4h2v-2H3zm0-8h2V7H3zm4 4h14v-2H7zm0 4h14v-2H7zM7 7v2h14V7z');
export const CloseIcon = () => svg('M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z');
