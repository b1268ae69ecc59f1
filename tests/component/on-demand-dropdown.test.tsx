// The navbar's on-demand dropdown (src/app/layout/on-demand-dropdown.tsx) under the keyboard: Tab
// onto a trigger arms it and puts antd's Dropdown in place, which re-mounts the trigger element.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { dropdownLoaded, OnDemandDropdown, preloadDropdown } from '../../src/app/layout/on-demand-dropdown';

function Menu() {
  const [armed, setArmed] = useState(false);
  return (
    <>
      <button type="button">before</button>
      <OnDemandDropdown armed={armed} menu={{ items: [{ key: 'a', label: 'A' }] }} trigger={['hover']}>
        <button type="button" aria-haspopup="menu" onFocus={() => setArmed(true)}>menu</button>
      </OnDemandDropdown>
      <button type="button">after</button>
    </>
  );
}

describe('OnDemandDropdown', { timeout: 15_000 }, () => {
  it('keeps the focus on a trigger that Tab armed, though the swap re-mounts it (focus fell to the page)', async () => {
    preloadDropdown();
    await waitFor(() => expect(dropdownLoaded()).toBe(true), { timeout: 10_000 });
    const user = userEvent.setup();
    render(<Menu />);
    const before = screen.getByRole('button', { name: 'before' });
    before.focus();
    await user.tab();
    // It is another element now: antd's Dropdown wraps it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'menu' })).toHaveClass('ant-dropdown-trigger'));
    expect(screen.getByRole('button', { name: 'menu' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  });
});
