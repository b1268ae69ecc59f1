// An antd Dropdown that loads when first wanted. The navbar's dropdowns (the home-page switcher,
// a menu's child menus) are opened by hover or click only, so antd's Dropdown, Menu and Trigger are
// not part of the first paint: the caller arms the dropdown on the first hover, focus or click,
// the code loads (its trigger shows meanwhile) and the dropdown opens where it was asked for.
//
// Putting the Dropdown in place re-mounts the trigger. A click is a press and a release on the same
// element, so the swap waits until no pointer is pressed: a click that was under way when the code
// arrived still lands on the element it started on (a lost navbar click, found in Chromium).
import type { DropdownProps } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react';

let loaded = false;
const loadDropdown = () =>
  import('./antd-dropdown').then((m) => {
    loaded = true;
    return m;
  });
const AntDropdown = lazy(loadDropdown);

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

/** Props: antd's Dropdown props, `armed` once the user has asked for it, and the trigger element. */
export interface OnDemandDropdownProps extends Omit<DropdownProps, 'children'> {
  armed: boolean;
  children: ReactElement;
}

/** The trigger alone until armed and loaded, then antd's Dropdown around it. */
export function OnDemandDropdown({ armed, children, ...props }: OnDemandDropdownProps) {
  const [ready, setReady] = useState(loaded);
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
  if (!armed || !ready) return children;
  return (
    <Suspense fallback={children}>
      <AntDropdown {...props}>{children}</AntDropdown>
    </Suspense>
  );
}
