import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { message } from 'antd';
import type { ReactNode } from 'react';
import { PageRouteLinks, RuntimeLink } from '../../src/runtime/link-view';
import { RuntimeContextProvider } from '../../src/runtime/context';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderInRouter(node: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: <>{node}<Where /></> }], { initialEntries: ['/home'] });
  return render(<RouterProvider router={router} />);
}

afterEach(() => vi.restoreAllMocks());

describe('RuntimeLink', () => {
  it('renders a router link for a route and navigates on click', () => {
    renderInRouter(<RuntimeLink link={{ linkType: 'category', purpose: 1, id: 3 }}>Courses</RuntimeLink>);
    const link = screen.getByRole('link', { name: 'Courses' });
    expect(link).toHaveAttribute('href', '/course?categoryId=3');
    fireEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/course?categoryId=3');
  });

  it('opens product detail in a new tab', () => {
    renderInRouter(<RuntimeLink link={{ linkType: 'product', prodId: 8, productType: 1 }}>Product</RuntimeLink>);
    const link = screen.getByRole('link', { name: 'Product' });
    expect(link).toHaveAttribute('href', '/product/detail/8');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('renders an external address as an anchor that does not hand over the opener', () => {
    renderInRouter(<RuntimeLink link={{ linkType: 'url', linkUrl: 'www.example.com' }} ctx={{ pageProtocol: 'https:' }}>Partner</RuntimeLink>);
    const link = screen.getByRole('link', { name: 'Partner' });
    expect(link).toHaveAttribute('href', 'https://www.example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('renders a blocked link as plain text', () => {
    renderInRouter(<RuntimeLink link={{ linkType: 'url', linkUrl: 'javascript:alert(1)' }}>Evil</RuntimeLink>);
    expect(screen.queryByRole('link')).toBeNull();
    const text = screen.getByText('Evil');
    expect(text.tagName).toBe('SPAN');
    expect(text).toHaveAttribute('title', expect.stringContaining('only http and https'));
    expect(document.querySelector('[href^="javascript"]')).toBeNull();
  });

  it('shows the off-shelf warning for 1 s and does not navigate (spec shell §4)', async () => {
    const warning = vi.spyOn(message, 'warning').mockImplementation((() => undefined) as never);
    renderInRouter(
      <RuntimeContextProvider ctx={{ tenantId: 1, viewer: { audience: 'guest' }, makeForSchool: true }}>
        <RuntimeLink link={{ linkType: 'provider', providerId: 4, state: -1 }}>School</RuntimeLink>
      </RuntimeContextProvider>,
    );
    fireEvent.click(screen.getByText('School'));
    // antd's message loads on first use (src/components/feedback).
    await waitFor(() => expect(warning).toHaveBeenCalledWith('该学校已下架', 1));
    expect(screen.getByTestId('where')).toHaveTextContent('/home');
  });

  it('resolves placeholders through the configured call before opening', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const resolvePlaceholders = vi.fn(async (href: string) => href.replace('{token}', 'abc'));
    renderInRouter(<RuntimeLink link={{ linkType: 'url', linkUrl: 'https://sso.example.com/?t={token}' }} ctx={{ resolvePlaceholders }}>SSO</RuntimeLink>);
    fireEvent.click(screen.getByRole('link', { name: 'SSO' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('https://sso.example.com/?t=abc', '_blank', 'noopener,noreferrer'));
    expect(resolvePlaceholders).toHaveBeenCalledWith('https://sso.example.com/?t={token}');
  });

  it('renders a placeholder link as text when no resolver is configured', () => {
    renderInRouter(<RuntimeLink link={{ linkType: 'url', linkUrl: 'https://sso.example.com/?t={token}' }}>SSO</RuntimeLink>);
    expect(screen.queryByRole('link')).toBeNull();
  });

  describe('below a page (PageRouteLinks: one navigator per page, not a router Link per link)', () => {
    function renderPage(node: ReactNode, basename?: string) {
      const router = createMemoryRouter(
        [{ path: '*', element: <><PageRouteLinks>{node}</PageRouteLinks><Where /></> }],
        { initialEntries: [basename ? `${basename}/home` : '/home'], ...(basename ? { basename } : {}) },
      );
      return render(<RouterProvider router={router} />);
    }

    it('gives a route link the router\'s address under the basename and navigates on a plain click', () => {
      renderPage(<RuntimeLink link={{ linkType: 'category', purpose: 1, id: 3 }}>Courses</RuntimeLink>, '/study');
      const link = screen.getByRole('link', { name: 'Courses' });
      expect(link).toHaveAttribute('href', '/study/course?categoryId=3');
      fireEvent.click(link);
      expect(screen.getByTestId('where')).toHaveTextContent('/course?categoryId=3');
    });

    it('leaves a click with a modifier key to the browser (a new tab), as a router Link does', () => {
      renderPage(<RuntimeLink link={{ linkType: 'category', purpose: 1, id: 3 }}>Courses</RuntimeLink>);
      const link = screen.getByRole('link', { name: 'Courses' });
      const ctrlClick = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true, button: 0 });
      link.dispatchEvent(ctrlClick);
      expect(ctrlClick.defaultPrevented).toBe(false);
      expect(screen.getByTestId('where')).toHaveTextContent('/home');
    });

    it('keeps a new-tab route link a new-tab anchor', () => {
      renderPage(<RuntimeLink link={{ linkType: 'product', prodId: 8, productType: 1 }}>Product</RuntimeLink>, '/study');
      const link = screen.getByRole('link', { name: 'Product' });
      expect(link).toHaveAttribute('href', '/study/product/detail/8');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    });

    it('renders outside a router without one (a page rendered alone)', () => {
      render(<PageRouteLinks><span>alone</span></PageRouteLinks>);
      expect(screen.getByText('alone')).toBeInTheDocument();
    });
  });
});
