import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnglish } from '../../src/i18n/i18n';
import { resolveLink, resolvePlaceholderLink, linkParams } from '../../src/runtime/links';
import { LINK_ROUTES } from '../../src/runtime/link-routes';
import type { LinkItem } from '../../schemas/link';

const https = { pageProtocol: 'https:' };

// The app loads the English texts before it switches to English; so does this file.
beforeAll(() => loadEnglish());

describe('resolveLink: url links', () => {
  it('keeps an http(s) address and opens it externally', () => {
    expect(resolveLink({ linkType: 'url', linkUrl: 'https://example.com/a?b=1' }, https)).toEqual({ kind: 'external', href: 'https://example.com/a?b=1' });
    expect(resolveLink({ linkType: 'url', linkUrl: 'http://example.com' }, https)).toEqual({ kind: 'external', href: 'http://example.com' });
  });

  it('adds the page protocol when missing (spec shell §2)', () => {
    expect(resolveLink({ linkType: 'url', linkUrl: 'www.example.com/x' }, https)).toEqual({ kind: 'external', href: 'https://www.example.com/x' });
    expect(resolveLink({ linkType: 'url', linkUrl: 'example.com' }, { pageProtocol: 'http:' })).toEqual({ kind: 'external', href: 'http://example.com' });
    expect(resolveLink({ linkType: 'url', linkUrl: '//cdn.example.com/a' }, https)).toEqual({ kind: 'external', href: 'https://cdn.example.com/a' });
    expect(resolveLink({ linkType: 'url', linkUrl: 'localhost:8080/app' }, { pageProtocol: 'http:' })).toEqual({ kind: 'external', href: 'http://localhost:8080/app' });
  });

  it.each([
    'javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'mailto:a@b.c', 'ftp://example.com', 'file:///etc/passwd',
  ])('blocks %j', (linkUrl) => {
    const resolved = resolveLink({ linkType: 'url', linkUrl }, https);
    expect(resolved.kind).toBe('blocked');
  });

  it('blocks javascript: however the link is typed', () => {
    expect(resolveLink({ linkUrl: 'javascript:alert(1)' }).kind).toBe('blocked');
    expect(resolveLink({ linkType: 'route', linkUrl: 'javascript:alert(1)' }).kind).toBe('blocked');
    expect(resolveLink({ linkType: 'url', linkUrl: 'javascript:alert(1)' })).toEqual({
      kind: 'blocked', reason: 'The address uses "javascript:", which links may not use; only http and https addresses are allowed.',
    });
  });

  it('flags curly-brace placeholders as needing resolution', () => {
    expect(resolveLink({ linkType: 'url', linkUrl: 'https://sso.example.com/go?token={token}&u={userId}' }, https)).toEqual({
      kind: 'external', href: 'https://sso.example.com/go?token={token}&u={userId}', needsPlaceholderResolution: true, placeholders: ['token', 'userId'],
    });
  });

  it('re-checks the address a placeholder resolver returns', async () => {
    expect(await resolvePlaceholderLink('https://x.com/?t={token}', async () => 'https://x.com/?t=abc')).toEqual({ kind: 'external', href: 'https://x.com/?t=abc' });
    expect((await resolvePlaceholderLink('https://x.com/?t={token}', async () => 'javascript:alert(1)')).kind).toBe('blocked');
    expect((await resolvePlaceholderLink('https://x.com/?t={token}', async () => 'https://x.com/?t={token}')).kind).toBe('blocked');
    expect((await resolvePlaceholderLink('https://x.com/?t={token}', async () => { throw new Error('down'); })).kind).toBe('blocked');
  });

  it('blocks an empty address', () => {
    expect(resolveLink({ linkType: 'url', linkUrl: '  ' }).kind).toBe('blocked');
  });
});

describe('resolveLink: routes by name', () => {
  it.each([
    ['home', '/home'], ['course', '/course'], ['subject', '/subject'], ['knowledge', '/knowledge'], ['content', '/content'],
    ['share', '/share'], ['classes', '/classes'], ['exam', '/examList'], ['examList', '/examList'], ['product', '/product'],
    ['helpCenter', '/helpCenter?purpose=99'], ['search', '/search'], ['robot', '/robot'], ['cart', '/sub_shop/cart'],
    ['myInfo', '/user/center/study/myInfo'], ['myNews', '/user/center/study/myNews'],
  ])('routes %s to %s', (linkUrl, to) => {
    expect(resolveLink({ linkType: 'route', linkUrl })).toEqual({ kind: 'route', to });
  });

  it('routes by pageCode when there is no linkUrl (navigate menus)', () => {
    expect(resolveLink({ pageCode: 'course' })).toEqual({ kind: 'route', to: '/course' });
  });

  it('adds params as query', () => {
    expect(resolveLink({ linkUrl: 'search', params: '{"searchValue":"java","type":"total"}' })).toEqual({ kind: 'route', to: '/search?searchValue=java&type=total' });
  });

  it('fills :id on detail routes and blocks them without an id', () => {
    expect(resolveLink({ linkUrl: 'courseDetail', id: 42 })).toEqual({ kind: 'route', to: '/course/detail/42' });
    expect(resolveLink({ linkUrl: 'courseDetail' })).toEqual({ kind: 'blocked', reason: 'The route "courseDetail" needs an id; set the link\'s id.' });
  });

  it('blocks unknown route names with a sentence', () => {
    expect(resolveLink({ linkUrl: 'nowhere' })).toEqual({ kind: 'blocked', reason: 'No route is named "nowhere"; pick a route from the link editor\'s list.' });
  });

  it('routes help links to the help center with purpose 99', () => {
    expect(resolveLink({ linkType: 'help' })).toEqual({ kind: 'route', to: '/helpCenter?purpose=99' });
  });

  it('has a path for every route name in the table that starts with /', () => {
    for (const target of Object.values(LINK_ROUTES)) expect(target.path.startsWith('/')).toBe(true);
  });
});

describe('resolveLink: category jump (spec shell §2)', () => {
  const category = (purpose: number): LinkItem => ({ linkType: 'category', purpose, id: 12, params: { categoryName: 'Java 基础', categoryPath: '1/12' } });
  it.each([
    [1, '/course?categoryId=12&categoryName=Java+%E5%9F%BA%E7%A1%80&categoryPath=1%2F12'],
    [2, '/knowledge?categoryId=12&categoryName=Java+%E5%9F%BA%E7%A1%80&categoryPath=1%2F12&purpose=2'],
    [3, '/content?categoryId=12&categoryName=Java+%E5%9F%BA%E7%A1%80&categoryPath=1%2F12&purpose=1'],
    [4, '/product?categoryId=12&categoryName=Java+%E5%9F%BA%E7%A1%80&categoryPath=1%2F12'],
    [6, '/search?categoryId=12&categoryName=Java+%E5%9F%BA%E7%A1%80&categoryPath=1%2F12'],
  ])('purpose %i goes to %s', (purpose, to) => {
    expect(resolveLink(category(purpose))).toEqual({ kind: 'route', to });
  });

  it('decodes the query back to the category fields', () => {
    const resolved = resolveLink(category(3));
    const query = new URLSearchParams((resolved as { to: string }).to.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({ categoryId: '12', categoryName: 'Java 基础', categoryPath: '1/12', purpose: '1' });
  });

  it('blocks a purpose with no list page', () => {
    expect(resolveLink({ linkType: 'category', purpose: 5, id: 1 }).kind).toBe('blocked');
  });
});

describe('resolveLink: pages, products, providers, matches, articles', () => {
  it('routes Pzy_ page codes to /tabBarIndex with pageCodeTitle', () => {
    expect(resolveLink({ pageCode: 'Pzy_resources', pageCodeTitle: '学习资源' })).toEqual({ kind: 'route', to: '/tabBarIndex/Pzy_resources?pageCodeTitle=%E5%AD%A6%E4%B9%A0%E8%B5%84%E6%BA%90' });
    expect(resolveLink({ linkType: 'page', pageCode: 'Pzy_x' })).toEqual({ kind: 'route', to: '/tabBarIndex/Pzy_x' });
    expect(resolveLink({ linkUrl: 'Pzy_y', pageCodeTitle: 'Y' })).toEqual({ kind: 'route', to: '/tabBarIndex/Pzy_y?pageCodeTitle=Y' });
  });

  it.each([8, 9, 10])('routes reading-type product %i to /sub_shop/noval/{id}', (productType) => {
    expect(resolveLink({ linkType: 'product', prodId: 55, productType })).toEqual({ kind: 'route', to: '/sub_shop/noval/55' });
  });

  it('routes other products to /product/detail/{id} in a new tab', () => {
    expect(resolveLink({ linkType: 'product', prodId: 55, productType: 1 })).toEqual({ kind: 'route', to: '/product/detail/55', newTab: true });
    expect(resolveLink({ prodId: 56 })).toEqual({ kind: 'route', to: '/product/detail/56', newTab: true });
  });

  it('routes providers to provider or school pages', () => {
    expect(resolveLink({ linkType: 'provider', providerId: 9 })).toEqual({ kind: 'route', to: '/sub_shop/provider/9' });
    expect(resolveLink({ linkType: 'provider', providerId: 9, orgType: 'SCHOOL' as unknown as number })).toEqual({ kind: 'route', to: '/sub_shop/school/9' });
  });

  it.each([1, -1])('warns for 1 s, without navigating, when the provider state is %i', (state) => {
    expect(resolveLink({ linkType: 'provider', providerId: 9, state }, { makeForSchool: true })).toEqual({ kind: 'warning', message: '该学校已下架', duration: 1 });
    expect(resolveLink({ providerId: 9, state })).toEqual({ kind: 'warning', message: '该商家已下架', duration: 1 });
    expect(resolveLink({ providerId: 9, state }, { locale: 'en', makeForSchool: false })).toEqual({ kind: 'warning', message: 'This merchant has been taken off shelf.', duration: 1 });
  });

  it('takes matchId from params given as an object or a JSON string', () => {
    expect(resolveLink({ linkType: 'match', params: { matchId: 31 } })).toEqual({ kind: 'route', to: '/match/detail/31' });
    expect(resolveLink({ linkType: 'match', params: '{"matchId":"32"}' })).toEqual({ kind: 'route', to: '/match/detail/32' });
    expect(resolveLink({ linkType: 'match', params: 'not json' }).kind).toBe('blocked');
  });

  it('routes articles to /share/article/detail/{id}', () => {
    expect(resolveLink({ linkType: 'article', id: 'a7' })).toEqual({ kind: 'route', to: '/share/article/detail/a7' });
  });

  it('encodes ids so they cannot add path segments', () => {
    expect(resolveLink({ linkType: 'article', id: '../../admin' })).toEqual({ kind: 'route', to: '/share/article/detail/..%2F..%2Fadmin' });
  });

  it('blocks an empty link and an unknown link type', () => {
    expect(resolveLink(undefined).kind).toBe('blocked');
    expect(resolveLink({}).kind).toBe('blocked');
    expect(resolveLink({ linkType: 'teleport' }).kind).toBe('blocked');
  });
});

describe('linkParams', () => {
  it('reads objects and JSON strings and ignores anything else', () => {
    expect(linkParams({ params: { a: 1 } })).toEqual({ a: 1 });
    expect(linkParams({ params: '{"a":1}' })).toEqual({ a: 1 });
    expect(linkParams({ params: '[1]' })).toBeUndefined();
    expect(linkParams({})).toBeUndefined();
  });
});
