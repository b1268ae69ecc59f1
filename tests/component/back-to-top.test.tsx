// spec shell §2 "Other components": the back-to-top right-side toolbar.
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACK_TO_TOP_THRESHOLD, BackToTop } from '../../src/components/back-to-top';
import { i18n, loadEnglish } from '../../src/i18n/i18n';

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  act(() => {
    fireEvent.scroll(window);
  });
}

afterEach(async () => {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  vi.mocked(window.scrollTo).mockClear();
  await i18n.changeLanguage('zh');
});

const button = () => screen.queryByRole('button', { name: '回到顶部' });

describe('BackToTop', () => {
  it('appears only once the page is scrolled past 400 px', () => {
    expect(BACK_TO_TOP_THRESHOLD).toBe(400);
    render(<BackToTop />);
    expect(button()).toBeNull();
    scrollWindowTo(400);
    expect(button()).toBeNull();
    scrollWindowTo(401);
    expect(button()).toBeInTheDocument();
    scrollWindowTo(120);
    expect(button()).toBeNull();
  });

  it('shows at once when the page is already scrolled', () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 900 });
    render(<BackToTop />);
    expect(button()).toBeInTheDocument();
  });

  it('smooth-scrolls to the top when clicked', async () => {
    render(<BackToTop />);
    scrollWindowTo(1000);
    await userEvent.click(button()!);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('jumps without animation when the user prefers reduced motion', async () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList);
    render(<BackToTop />);
    scrollWindowTo(1000);
    await userEvent.click(button()!);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
    matchMedia.mockRestore();
  });

  it('works from the keyboard and moves focus to the first control of the page', async () => {
    render(
      <>
        <a href="/home">logo</a>
        <BackToTop />
      </>,
    );
    scrollWindowTo(1000);
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(button()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(window.scrollTo).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'logo' })).toHaveFocus();
  });

  it('is a toolbar with the given tools, labelled in the current language', async () => {
    // The toolbar's texts are in the first bundle's translation namespace: English loads before the switch, as setLanguage does.
    await act(async () => { await loadEnglish(); await i18n.changeLanguage('en'); });
    render(
      <BackToTop>
        <button type="button">Help</button>
      </BackToTop>,
    );
    expect(screen.getByRole('toolbar', { name: 'Page tools' })).toContainElement(screen.getByRole('button', { name: 'Help' }));
    scrollWindowTo(1000);
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeInTheDocument();
  });
});
