import { describe, expect, it } from 'vitest';
import { adminUrl, badgeText, userMenuEntries, type UserMenuInput } from '../../src/app/layout/user-menu-items';

// spec shell §2 "Top navigation bar", §6, §9 (badge wide over 99).
const base: UserMenuInput = { keys: ['admin', 'user', 'logout'], tenantType: 0, adminAuth: false, signedIn: true, menus: [], siteFunction: 'study' };
const entries = (over: Partial<UserMenuInput>) => userMenuEntries({ ...base, ...over });
const centerMenu = { id: 9, storeId: 1, title: '个人中心', pagePath: '/user/center/study/myInfo' };

describe('userMenuEntries', () => {
  it('shows admin only when tenantType is 1 and adminAuth is set', () => {
    expect(entries({ tenantType: 1, adminAuth: true })).toContain('admin');
    expect(entries({ tenantType: 1, adminAuth: false })).not.toContain('admin');
    expect(entries({ tenantType: 0, adminAuth: true })).not.toContain('admin');
  });

  it('keeps admin for a user whose session ended, who is told to log in first', () => {
    expect(entries({ tenantType: 1, signedIn: false })).toContain('admin');
  });

  it('shows my info and security only when a menu points to the personal center', () => {
    const keys = ['user', 'safe', 'logout'] as const;
    expect(entries({ keys: [...keys] })).toEqual(['logout']);
    expect(entries({ keys: [...keys], menus: [centerMenu] })).toEqual(['user', 'safe', 'logout']);
  });

  it('shows help only when the tenant allows it', () => {
    expect(entries({})).not.toContain('help');
    expect(entries({ keys: ['help', 'logout'] })).toEqual(['help', 'logout']);
  });

  it('shows orders for shop tenants', () => {
    expect(entries({ siteFunction: 'shop' })).toContain('orders');
    expect(entries({ siteFunction: 'study' })).not.toContain('orders');
  });

  it('opens the back-office with a JSON of userId and tenantId', () => {
    const url = new URL(adminUrl('http://x.test', 7, 1001));
    expect(url.pathname).toBe('/admin/');
    expect(JSON.parse(url.searchParams.get('params') ?? '')).toEqual({ userId: 7, tenantId: 1001 });
  });
});

describe('badgeText', () => {
  it('shows nothing without a count', () => {
    expect(badgeText(null)).toBeNull();
    expect(badgeText(0)).toBeNull();
  });

  it('uses the wide style only above 99', () => {
    expect(badgeText(99)).toEqual({ text: '99', wide: false });
    expect(badgeText(100)).toEqual({ text: '99+', wide: true });
  });
});
