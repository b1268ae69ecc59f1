// Where the keyboard focus goes when the element that had it disappears. Issue 23: after a dialog
// closes the focus returns to a sensible place, the button that opened it, or the next sensible
// control when that one is gone (a route change, or a re-render that removed the trigger).

/** True when the focus is on nothing: the page itself, or an element no longer in the document. */
export function focusIsLost(doc: Document = document): boolean {
  const el = doc.activeElement;
  return !el || el === doc.body || el === doc.documentElement || !el.isConnected;
}

/**
 * When the focus is lost, puts it on the first candidate still in the page and enabled; leaves a
 * focus the user placed alone. Returns the element that now has the focus, if this moved it.
 */
export function refocusIfLost(...candidates: Array<HTMLElement | null | undefined>): HTMLElement | null {
  if (!focusIsLost()) return null;
  const target = candidates.find((c): c is HTMLElement => Boolean(c?.isConnected) && !c!.matches(':disabled'));
  target?.focus();
  return target ?? null;
}
