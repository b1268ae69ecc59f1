// spec shell §2 "Link behaviour for menu items" as the navbar applies it to menus.
import { describe, expect, it } from 'vitest';
import { isMenuActive, resolveMenu } from '../../src/app/layout/menu-link';

describe('resolveMenu', () => {
  it('routes a menu by its page path', () => {
    expect(resolveMenu({ id: 1, storeId: 1, title: '课程', pageCode: 'course', pagePath: '/course' })).toEqual({ kind: 'route', to: '/course' });
  });

  it('opens an url link externally, adding the page protocol when missing', () => {
    const menu = { id: 2, storeId: 1, title: '官网', pagePath: '/ignored', link: { linkType: 'url', linkUrl: 'www.example.com/about' } };
    expect(resolveMenu(menu, { pageProtocol: 'https:' })).toEqual({ kind: 'external', href: 'https://www.example.com/about' });
  });

  it('refuses addresses that are not http(s)', () => {
    const menu = { id: 3, storeId: 1, title: 'x', link: { linkType: 'url', linkUrl: 'javascript:alert(1)' } };
    expect(resolveMenu(menu).kind).toBe('blocked');
  });

  it('sends a Pzy_ page code to the tab page with its title', () => {
    expect(resolveMenu({ id: 4, storeId: 1, title: '学习资源', pageCode: 'Pzy_resources' })).toEqual({
      kind: 'route',
      to: '/tabBarIndex/Pzy_resources?pageCodeTitle=%E5%AD%A6%E4%B9%A0%E8%B5%84%E6%BA%90',
    });
  });

  it('blocks a menu that leads nowhere', () => {
    expect(resolveMenu({ id: 5, storeId: 1, title: '空' })).toMatchObject({ kind: 'blocked' });
  });
});

describe('isMenuActive', () => {
  it('marks the menu of the current page and of pages under it', () => {
    expect(isMenuActive({ kind: 'route', to: '/home' }, '/home')).toBe(true);
    expect(isMenuActive({ kind: 'route', to: '/home' }, '/home/1002')).toBe(true);
    expect(isMenuActive({ kind: 'route', to: '/home' }, '/homework')).toBe(false);
    expect(isMenuActive({ kind: 'external', href: 'https://example.com/' }, '/home')).toBe(false);
  });
});
