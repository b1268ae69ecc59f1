// A widget's data request is data in its contract (schemas/widgets/<type>.ts; issue 15 point 3): the
// server's home bootstrap makes WIDGET_REQUESTS' request for a block, the widget's data() sends it.
// These keep the two the same GET: the declaration's key is the request's text, and its fetch sends
// exactly that path and query through the one client (its transport replaced by a fake adapter).
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requestKey, requestUrl } from '../../schemas/widgets/request';
import { WIDGET_REQUESTS } from '../../schemas/widgets/requests';
import { apiClient } from '../../src/api/transport';
import { setTenantId } from '../../src/lib/storage';
import type { AnyWidgetDefinition, RuntimeContext } from '../../src/runtime/widget-definition';
import { WIDGETS } from '../../widgets/index';

const guest: RuntimeContext = { tenantId: 1001, viewer: { audience: 'guest' } };
const withData = WIDGETS.filter((w) => w.data !== undefined);
const byType = new Map(WIDGETS.map((w) => [w.type, w]));

let sent: { url: string; params: Record<string, unknown> }[] = [];
const previousAdapter = apiClient.defaults.adapter;

beforeEach(() => {
  sent = [];
  setTenantId(1001);
  const adapter: AxiosAdapter = async (config) => {
    sent.push({ url: config.url ?? '', params: { ...(config.params as Record<string, unknown> | undefined) } });
    return { status: 200, statusText: 'OK', headers: {}, config, data: { success: true, code: 200, flag: 0, message: '', data: [] } };
  };
  apiClient.defaults.adapter = adapter;
});

afterEach(() => {
  apiClient.defaults.adapter = previousAdapter;
  setTenantId(null);
});

/** The request text of a GET as it went out: the URL's repeated parameters and axios's params together. */
function sentKey({ url, params }: { url: string; params: Record<string, unknown> }): string {
  const [path = '', search = ''] = url.split('?');
  const query: Record<string, unknown[]> = {};
  for (const [name, value] of Object.entries(params)) query[name] = [value];
  for (const [name, value] of new URLSearchParams(search)) (query[name] ??= []).push(value);
  return requestKey(path, query);
}

/** The block props the runtime would pass: the contract's defaults under `props`. */
const filled = (definition: AnyWidgetDefinition, props: Record<string, unknown> = {}) => ({ ...definition.defaultProps, ...props });

// Each widget's GET for its default props (and the cases whose query is built, not copied): what the
// widget's data() sent before its request moved into its contract, pinned.
const CASES: [string, string, Record<string, unknown>, RuntimeContext, string][] = [
  ['article-list (kind all: no kind)', 'article-list', {}, guest, '/cm/api/article/search?pageNo=1&pageSize=6&sort=newest'],
  ['article-list (news)', 'article-list', { kind: 'news', categoryId: 7 }, guest,
    '/cm/api/article/search?categoryId=7&kind=news&pageNo=1&pageSize=6&sort=newest'],
  ['audio-playlist', 'audio-playlist', {}, guest, '/cm/api/content/search?kind=audio&pageNo=1&pageSize=8&sort=newest'],
  ['banner (no store)', 'banner', {}, guest, '/cfg/api/banner?position=home'],
  ['banner (a store)', 'banner', { position: 'shop' }, { ...guest, storeId: 2 }, '/cfg/api/banner?position=shop&storeId=2'],
  ['book-shelf', 'book-shelf', {}, guest, '/order/api/product/search?pageNo=1&pageSize=10&productType=8&productType=9&productType=10&sort=newest'],
  ['class-list', 'class-list', {}, guest, '/train/api/classes/searchAuth?pageNo=1&pageSize=8&sort=newest'],
  ['content-list', 'content-list', {}, guest, '/cm/api/content/search?pageNo=1&pageSize=8&purpose=3&sort=newest'],
  ['course-list', 'course-list', {}, guest, '/cm/api/course/search?pageNo=1&pageSize=8&sort=newest'],
  ['exam-cards', 'exam-cards', {}, guest, '/exam/api/exam/search?pageNo=1&pageSize=8&sort=newest&type=exam'],
  ['game-list', 'game-list', {}, guest, '/task/api/game/search?pageNo=1&pageSize=8&sort=newest'],
  ['knowledge-list (both purposes)', 'knowledge-list', {}, guest, '/cm/api/content/search?pageNo=1&pageSize=8&purpose=1&purpose=2&sort=newest'],
  ['knowledge-list (one purpose)', 'knowledge-list', { purpose: 2 }, guest, '/cm/api/content/search?pageNo=1&pageSize=8&purpose=2&sort=newest'],
  ['live-room-list', 'live-room-list', {}, guest, '/train/api/room/search?pageNo=1&pageSize=8&sort=schedule'],
  ['notice-list', 'notice-list', {}, guest, '/cm/api/notice/searchAuth?pageNo=1&pageSize=6'],
  ['product-list', 'product-list', {}, guest, '/order/api/product/search?pageNo=1&pageSize=8&sort=newest'],
  ['product-list (types repeated, unsorted)', 'product-list', { productTypes: [10, 2, 10, 1], providerId: 5 }, guest,
    '/order/api/product/search?pageNo=1&pageSize=8&productType=1&productType=2&productType=10&providerId=5&sort=newest'],
  ['rank-board', 'rank-board', {}, guest, '/um/api/userIntegrate/rank?pageNo=1&pageSize=10'],
  ['subject-list', 'subject-list', {}, guest, '/cm/api/subject/search?pageNo=1&pageSize=8&sort=newest'],
  ['task-list', 'task-list', {}, guest, '/task/api/task/searchAuth?pageNo=1&pageSize=8&sort=newest'],
  ['teacher-list', 'teacher-list', {}, guest, '/um/api/teacher/rank?pageNo=1&pageSize=8'],
];

describe('widget requests', () => {
  it('has a request for every registered widget with data(), and only for those', () => {
    expect(Object.keys(WIDGET_REQUESTS).sort()).toEqual(withData.map((w) => w.type).sort());
    for (const type of Object.keys(WIDGET_REQUESTS)) expect(byType.get(type)?.data, type).toBeTypeOf('function');
  });

  it('covers every widget with a request below', () => {
    expect(new Set(CASES.map(([, type]) => type))).toEqual(new Set(Object.keys(WIDGET_REQUESTS)));
  });

  it.each(CASES)('%s: data() is keyed by the contract\'s request and sends exactly that GET', async (_name, type, props, ctx, expected) => {
    const definition = byType.get(type)!;
    const blockProps = filled(definition, props);
    const request = WIDGET_REQUESTS[type]!(blockProps, ctx);
    expect(requestKey(request.path, request.query)).toBe(expected);
    const declaration = definition.data!(blockProps, ctx)!;
    expect(declaration.key).toEqual(['api', expected]);
    await declaration.fetch(new AbortController().signal);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url.split('?')[0]).toBe(request.path);
    expect(sent[0]!.params.tenantId).toBe(1001);
    expect(sentKey(sent[0]!)).toBe(expected);
  });

  it('keeps the live rooms fresh for 30 s, the others for the runtime\'s default', () => {
    for (const definition of withData) {
      const staleTime = definition.data!(filled(definition), guest)!.staleTime;
      expect(staleTime, definition.type).toBe(definition.type === 'live-room-list' ? 30_000 : undefined);
    }
  });

  it('makes the same request for equal product type choices, so their blocks share one call', () => {
    const products = byType.get('product-list')!;
    const a = products.data!(filled(products, { productTypes: [3, 1, 3] }), guest)!;
    const b = products.data!(filled(products, { productTypes: [1, 3] }), guest)!;
    expect(a.key).toEqual(b.key);
  });
});

describe('requestKey', () => {
  it('drops undefined (and null) values, sorts the keys and repeats an array in its order', () => {
    const query = { sort: 'newest', categoryId: undefined, b: null, purpose: [5, 2, 5], a: 1 };
    expect(requestKey('/x', query)).toBe('/x?a=1&purpose=5&purpose=2&purpose=5&sort=newest');
  });

  it('ignores tenantId, and is the bare path when nothing is left', () => {
    expect(requestKey('/x', { tenantId: 1001, pageNo: 1 })).toBe('/x?pageNo=1');
    expect(requestKey('/x', { tenantId: 1001, kind: undefined })).toBe('/x');
    expect(requestKey('/x')).toBe('/x');
  });

  it('writes booleans and strings by their String() and encodes names and values', () => {
    expect(requestKey('/x', { on: true, 'a b': 'c&d', empty: [] })).toBe('/x?a%20b=c%26d&on=true');
  });

  it('adds the tenant to the URL the server sends (requestUrl)', () => {
    expect(requestUrl({ path: '/x', query: { pageNo: 1 } }, 1001)).toBe('/x?pageNo=1&tenantId=1001');
    expect(requestUrl({ path: '/x', query: {} }, 1001)).toBe('/x?tenantId=1001');
  });
});
