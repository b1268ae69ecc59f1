// The navbar's dropdowns re-mount their trigger when antd's Dropdown arrives; that swap waits for
// the pointer to be released, or a click under way is lost (found in Chromium: a navbar menu
// clicked right after sign-in stayed on /home).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenNotPressed } from '../../src/app/layout/on-demand-dropdown';

afterEach(() => {
  vi.useRealTimers();
  window.dispatchEvent(new Event('pointerup'));
});

describe('whenNotPressed', () => {
  it('runs at once when no pointer is pressed', () => {
    const run = vi.fn();
    whenNotPressed(run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits for the release, and a task more so the click is dispatched first', () => {
    vi.useFakeTimers();
    whenNotPressed(() => undefined); // installs the listeners
    const run = vi.fn();
    window.dispatchEvent(new Event('pointerdown'));
    whenNotPressed(run);
    expect(run).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerup'));
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('keeps waiting when a new press starts before the task runs', () => {
    vi.useFakeTimers();
    whenNotPressed(() => undefined);
    const run = vi.fn();
    window.dispatchEvent(new Event('pointerdown'));
    whenNotPressed(run);
    window.dispatchEvent(new Event('pointerup'));
    window.dispatchEvent(new Event('pointerdown'));
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerup'));
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
