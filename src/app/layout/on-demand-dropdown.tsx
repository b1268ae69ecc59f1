// An antd Dropdown that loads when first wanted. The navbar's dropdowns (the home-page switcher,
// a menu's child menus) are opened by hover or click only, so antd's Dropdown, Menu and Trigger are
// not part of the first paint: the caller arms the dropdown on the first hover, focus or click,
// the code loads (its trigger shows meanwhile) and the dropdown opens where it was asked for.
import type { DropdownProps } from 'antd';
import { lazy, Suspense, type ReactElement } from 'react';

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

/** Props: antd's Dropdown props, `armed` once the user has asked for it, and the trigger element. */
export interface OnDemandDropdownProps extends Omit<DropdownProps, 'children'> {
  armed: boolean;
  children: ReactElement;
}

/** The trigger alone until armed, then antd's Dropdown around it (the trigger shows while it loads). */
export function OnDemandDropdown({ armed, children, ...props }: OnDemandDropdownProps) {
  if (!armed) return children;
  return (
    <Suspense fallback={children}>
      <AntDropdown {...props}>{children}</AntDropdown>
    </Suspense>
  );
}
