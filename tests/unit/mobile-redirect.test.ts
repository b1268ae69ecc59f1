import { describe, expect, it } from 'vitest';
import { isMobileBrowser, mobilePath, mobileRedirect } from '../../src/app/mobile-redirect';

// spec shell §2 "Mobile redirect mapping", row by row.
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

describe('mobilePath', () => {
  it.each([
    ['/home', '/home'],
    ['/home/1001', '/home'],
    ['/content', '/content'],
    ['/knowledge', '/knowledge'],
    ['/knowledge/detail/5', '/knowledge/detail/5'],
    ['/knowledge/details/5', '/knowledge/detail/5'],
    ['/course', '/course'],
    ['/course/detail/12', '/course/detail/12'],
    ['/subject', '/subject'],
    ['/subject/detail/3', '/subject/detail/3'],
    ['/classes/detail/8', '/classes/detail/8'],
    ['/exam/detail/9', '/exam/detail/9'],
    ['/search', '/home'],
  ])('%s → %s', (from, to) => {
    expect(mobilePath(from)).toBe(to);
  });
});

describe('mobileRedirect', () => {
  it('redirects a mobile browser when the tenant sets a mobile base URL', () => {
    expect(mobileRedirect({ userAgent: IPHONE, baseUrl: 'https://m.example.com/h5/', pathname: '/course/detail/12', search: '?from=share' })).toBe('https://m.example.com/h5/course/detail/12?from=share');
  });

  it('leaves desktop browsers alone', () => {
    expect(mobileRedirect({ userAgent: DESKTOP, baseUrl: 'https://m.example.com', pathname: '/home', search: '' })).toBeNull();
  });

  it('does nothing without a mobile base URL, or with one that is not http(s)', () => {
    expect(mobileRedirect({ userAgent: IPHONE, baseUrl: undefined, pathname: '/home', search: '' })).toBeNull();
    expect(mobileRedirect({ userAgent: IPHONE, baseUrl: 'javascript:alert(1)', pathname: '/home', search: '' })).toBeNull();
    expect(mobileRedirect({ userAgent: IPHONE, baseUrl: 'm.example.com', pathname: '/home', search: '' })).toBeNull();
  });

  it('detects phones and tablets', () => {
    expect(isMobileBrowser(IPHONE)).toBe(true);
    expect(isMobileBrowser('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe(true);
    expect(isMobileBrowser(DESKTOP)).toBe(false);
  });
});
