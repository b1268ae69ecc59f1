// An antd Dropdown that loads when first wanted. The navbar's dropdowns (the home-page switcher,
// a menu's child menus) are opened by hover or click only, so antd's Dropdown, Menu and Trigger are
// not part of the first paint: the caller arms the dropdown on the first hover, focus or click,
// the code loads (its trigger shows meanwhile) and the dropdown opens where it was asked for.
//
// Putting the Dropdown in place re-mounts the trigger. A click is a press and a release on the same
// element, so the swap waits until no pointer is pressed: a click that was under way when the code
// arrived still lands on the element it started on (a lost navbar click, found in Chromium).
//
// The swap also happens under the keyboard: Tab onto a trigger arms it. The new trigger is another
// element, so the focus, which stayed with the removed one, is put on it again (issue 23 point 3:
// focus dropped on the page at every navbar menu with children).
import type { DropdownProps } from 'antd';
import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';

let loaded = false;
/** antd's Dropdown once loaded; rendered directly (not lazy), so the swap is one commit. */
let ThemedDropdown: ComponentType<DropdownProps> | null = null;
const loadDropdown = () =>
  import('./antd-dropdown').then((m) => {
    loaded = true;
    ThemedDropdown = m.default;
    return m;
  });

/** True once antd's Dropdown has loaded (its own trigger handling is in place from then on). */
export function dropdownLoaded(): boolean {
  return loaded;
}

/** Starts loading antd's Dropdown early (e.g. on the first hover). */
export function preloadDropdown(): void {
  void loadDropdown().catch((error: unknown) => console.error("Loading antd's Dropdown failed.", error));
}

let pressed = false;
let waiting: Array<() => void> = [];
let tracking = false;

/** Follows whether a pointer is pressed anywhere on the page (installed on first use). */
function trackPresses(): void {
  if (tracking || typeof window === 'undefined') return;
  tracking = true;
  window.addEventListener('pointerdown', () => {
    pressed = true;
  }, true);
  const release = () => {
    pressed = false;
    // A task later: the click that ends this press has been dispatched by then.
    setTimeout(() => {
      if (pressed) return;
      const run = waiting;
      waiting = [];
      for (const callback of run) callback();
    }, 0);
  };
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
}

/** Runs `callback` now, or once the pointer pressed at the moment is released. */
export function whenNotPressed(callback: () => void): void {
  trackPresses();
  if (pressed) waiting.push(callback);
  else callback();
}

/**
 * The state of an OnDemandDropdown opened from a button on hover: `armed` once the visitor has
 * hovered, focused or pressed the button, `open`, and the handlers to spread on the button. Before
 * antd's Dropdown has loaded, leaving the button closes what the hover opened.
 */
export function useArmedDropdown() {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const arm = () => {
    setArmed(true);
    setOpen(true);
  };
  const triggerProps = {
    onMouseEnter: arm,
    onFocus: () => setArmed(true),
    onClick: arm,
    onMouseLeave: () => {
      if (!dropdownLoaded()) setOpen(false);
    },
  };
  return { armed, open, setOpen, triggerProps };
}

/** Props: antd's Dropdown props, `armed` once the user has asked for it, and the trigger element. */
export interface OnDemandDropdownProps extends Omit<DropdownProps, 'children'> {
  armed: boolean;
  children: ReactElement;
}

/** The trigger alone until armed and loaded, then antd's Dropdown around it. */
export function OnDemandDropdown({ armed, children, ...props }: OnDemandDropdownProps) {
  const [ready, setReady] = useState(loaded);
  const id = useId();
  const selector = `[data-dropdown-trigger="${id}"]`;
  // Whether the trigger was the last thing focused: set in the capture phase, before React's own
  // focus handler arms the dropdown and re-renders.
  const focused = useRef(false);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      focused.current = event.target instanceof Element && event.target.closest(selector) !== null;
    };
    document.addEventListener('focusin', onFocusIn, true);
    return () => document.removeEventListener('focusin', onFocusIn, true);
  }, [selector]);
  const swapped = armed && ready && ThemedDropdown !== null;
  useLayoutEffect(() => {
    if (!swapped || !focused.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true });
  }, [swapped, selector]);
  useEffect(() => {
    trackPresses();
    if (!armed || ready) return;
    let live = true;
    loadDropdown()
      .then(() => whenNotPressed(() => live && setReady(true)))
      .catch((error: unknown) => console.error("Loading antd's Dropdown failed; the menu's children stay hidden.", error));
    return () => {
      live = false;
    };
  }, [armed, ready]);
  const trigger = cloneElement(children as ReactElement<Record<string, unknown>>, { 'data-dropdown-trigger': id });
  if (!swapped || ThemedDropdown === null) return trigger;
  return <ThemedDropdown {...props}>{trigger}</ThemedDropdown>;
}
