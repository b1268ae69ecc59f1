import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderPage, renderWidget } from '../../tests/component/widget-harness';
import { widget } from './index';
import NavGrid from './nav-grid';
import type { NavGridProps } from '../../schemas/widgets/nav-grid';

const props = (over: Partial<NavGridProps>): NavGridProps => ({ ...widget.defaultProps, ...over });

describe('nav-grid', () => {
  it('renders its default entries through PageRenderer, each a route link', async () => {
    renderPage([widget], [{ id: 'g', type: 'nav-grid', version: 1, props: {} }]);
    expect(await screen.findByRole('link', { name: /课程/ })).toHaveAttribute('href', '/course');
    expect(screen.getByRole('link', { name: /考试/ })).toHaveAttribute('href', '/examList');
    expect(screen.getByRole('link', { name: /积分排行/ })).toHaveAttribute('href', '/integral/rank');
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    // Defaults come from nav-grid.css; each entry is li > a with the name, its letter icon drawn by
    // CSS from data-letter (no element per icon), no style object per entry.
    expect(document.querySelector<HTMLElement>('.w-nav-grid')!.getAttribute('style')).toBeNull();
    const first = screen.getAllByRole('listitem')[0]!;
    expect(first.querySelectorAll('*')).toHaveLength(1);
    expect(first.querySelector('a')).toHaveAttribute('data-letter', '课');
    expect(first.querySelector('a')).toHaveTextContent(/^课程/);
    expect(first.querySelector('[style]')).toBeNull();
  });

  it('jumps to a category list by purpose (spec §2): categoryId, categoryName, categoryPath and the purpose query', () => {
    renderWidget(NavGrid, {
      props: props({
        columns: 3,
        items: [
          { title: '管理课程', icon: '/uploads/icon-1.svg', link: { linkType: 'category', purpose: 1, id: 84, params: { categoryName: '管理', categoryPath: '/84' } } },
          { title: '微课', link: { linkType: 'category', purpose: 3, id: 90 } },
          { title: '知识', link: { linkType: 'category', purpose: 2, id: 91 } },
          { title: '商品', link: { linkType: 'category', purpose: 4, id: 92 } },
        ],
      }),
    });
    const course = screen.getByRole('link', { name: /管理课程/ });
    expect(course).toHaveAttribute('href', '/course?categoryId=84&categoryName=%E7%AE%A1%E7%90%86&categoryPath=%2F84');
    expect(course.querySelector('img')).toHaveAttribute('src', '/uploads/icon-1.svg');
    expect(screen.getByRole('link', { name: /微课/ })).toHaveAttribute('href', '/content?categoryId=90&purpose=1');
    expect(screen.getByRole('link', { name: /知识/ })).toHaveAttribute('href', '/knowledge?categoryId=91&purpose=2');
    expect(screen.getByRole('link', { name: /商品/ })).toHaveAttribute('href', '/product?categoryId=92');
    fireEvent.click(screen.getByRole('link', { name: /微课/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/content?categoryId=90&purpose=1');
    expect(document.querySelector<HTMLElement>('.w-nav-grid')!.style.getPropertyValue('--w-nav-grid-columns')).toBe('3');
  });

  it('opens external addresses in a new tab and never renders a javascript: link or icon', () => {
    renderWidget(NavGrid, {
      props: props({
        items: [
          { title: '合作方', link: { linkType: 'url', linkUrl: 'https://example.com' } },
          { title: '坏链接', icon: 'javascript:alert(1)', link: { linkType: 'url', linkUrl: 'javascript:alert(1)' } },
        ],
      }),
    });
    expect(screen.getByRole('link', { name: /合作方/ })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: /坏链接/ })).toBeNull();
    expect(document.querySelector('[href^="javascript"], [src^="javascript"]')).toBeNull();
  });

  it('shows 暂无数据 with no entries', () => {
    renderWidget(NavGrid, { props: props({ items: [] }) });
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
  });

  it('is a region named by its heading, or 快捷入口 without one, and its picture icons are decorative', () => {
    renderWidget(NavGrid, { props: props({ title: '常用功能', items: [{ title: '课程', icon: '/uploads/i.png', link: { linkType: 'route', linkUrl: 'course' } }] }) });
    expect(screen.getByRole('region', { name: '常用功能' })).toContainElement(screen.getByRole('heading', { name: '常用功能' }));
    // The link reads "课程" once: the icon beside the name has alt "".
    expect(screen.getByRole('link')).toHaveAccessibleName('课程');
    expect(document.querySelector('img')).toHaveAttribute('alt', '');
    document.body.innerHTML = '';
    renderWidget(NavGrid, { props: props({}) });
    expect(screen.getByRole('region', { name: '快捷入口' })).toBeInTheDocument();
  });
});
