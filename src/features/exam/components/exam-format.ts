// Small formatting helpers the exam pages share.
import dayjs from 'dayjs';
import type { AttemptState, QuestionKind } from '../../../api/exam';
import type { ExamText } from './texts';

/** A time as the exam pages show it. */
export const examTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/** hh:mm:ss (or mm:ss under an hour) of a span in ms, floored to whole seconds. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

export const KIND_TEXT: Record<QuestionKind, ExamText> = {
  single: 'kindSingle', multiple: 'kindMultiple', judge: 'kindJudge', text: 'kindText', fill: 'kindFill', short: 'kindShort', composite: 'kindComposite',
};
export const STATE_TEXT: Record<AttemptState, ExamText> = { open: 'stateOpen', submitted: 'stateSubmitted', expired: 'stateExpired' };

/** A positive integer from the address, or null. */
export function positiveId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** An answer as text: the chosen options' keys and texts, or the written answer. */
export function answerText(kind: QuestionKind, options: { key: string; text: string }[], value: string[]): string {
  if (kind === 'text' || kind === 'short') return value.join('');
  // fill: one answer per blank, in order (an empty blank shows as —).
  if (kind === 'fill') return value.map((v, i) => `(${i + 1}) ${v || '—'}`).join('  ');
  return value.map((k) => {
    const option = options.find((o) => o.key === k);
    return kind === 'judge' ? option?.text ?? k : `${k}${option ? `. ${option.text}` : ''}`;
  }).join('；');
}
