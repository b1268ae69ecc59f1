// Issue 21 part E, drawing, the gallery, the showcase and saved styles (docs/ai.md section E).
// The provider is a double standing in for providerFor (the fake OpenAI server's own test is part
// A's): it draws real PNGs, fails with a 500 or returns nothing on demand, so the route's part is
// checked: refused offline with what to configure and nothing charged, charged per picture, the
// PNG stored, listed, served and deleted, refunded on failure; another learner's image and style
// invisible and untouchable; a tenant never sees another's rows.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodePng } from '../../server/lib/png';
import { AiProviderError, type AiProvider, type ImageRequest } from '../../server/lib/ai/types';
import { drawImages, type DrawRequest } from '../../server/modules/cm/ai-image-draw';
import { imageStore, type ImageStore } from '../../server/modules/cm/ai-image-store';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

// 'real' outside this file's tests: server test files share a worker's modules (isolate: false), so
// the double must hand every other file the real provider.
const double = vi.hoisted(() => ({ mode: 'real' as 'real' | 'offline' | 'draw' | 'fail' | 'empty' | 'junk', requests: [] as unknown[] }));

vi.mock('../../server/lib/ai/provider', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/lib/ai/provider')>();
  const provider = (): AiProvider => ({
    kind: double.mode === 'offline' ? 'offline' : 'openai',
    chat: () => { throw new Error('not used'); },
    embed: async () => [],
    images: async (request: ImageRequest) => {
      double.requests.push(request);
      if (double.mode === 'fail') throw new AiProviderError('AI 服务返回了错误（HTTP 500）', 500);
      if (double.mode === 'empty') return [];
      if (double.mode === 'junk') return [{ bytes: new TextEncoder().encode('<html>not a picture</html>'), mime: 'image/png' }];
      return Array.from({ length: request.count }, (_, i) => ({
        bytes: encodePng({ width: 2, height: 2, rgba: new Uint8Array(16).fill(40 * (i + 1)) }), mime: 'image/png',
      }));
    },
  });
  return {
    ...real,
    providerFor: async (...args: Parameters<typeof real.providerFor>) => (double.mode === 'real' ? real.providerFor(...args) : provider()),
    providerChoiceFor: async (...args: Parameters<typeof real.providerChoiceFor>) => {
      if (double.mode === 'real') return real.providerChoiceFor(...args);
      return double.mode === 'offline'
        ? { provider: provider(), source: 'offline' as const, config: null, problem: null }
        : { provider: provider(), source: 'tenant' as const, config: { imageModel: 'double-image' } as never, problem: null };
    },
  };
});

let t: TestApp;
/** The ai tenant's price of a picture (its credit rules, part F's seed). */
let price = 0;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let other: { id: number; token: string };
let acme: { id: number; token: string };
const AI = 1004;

const balanceOf = async (userId: number) => Number((await t.db.owner.selectFrom('ai_credit_account').select('balance')
  .where('tenant_id', '=', AI).where('user_id', '=', userId).executeTakeFirst())?.balance ?? NaN);
const generate = (token: string | undefined, body: Record<string, unknown> = {}) =>
  call('POST', '/cm/api/ai/image/generate', token, { tenantId: AI, prompt: '一只在图书馆看书的猫', size: '1024x1024', count: 2, ...body });

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(AI, 'learner', 'Study@2026');
  other = await signIn(AI, 'admin', 'Admin@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
  price = (await data('GET', `/cm/api/ai/image/options?tenantId=${AI}`, learner.token)).price;
  expect(price).toBeGreaterThan(0);
});
afterAll(async () => {
  double.mode = 'real';
  await t.close();
});
beforeEach(() => { double.mode = 'draw'; double.requests = []; });
afterEach(() => { double.mode = 'real'; });

describe('offline', () => {
  it('options say exactly what to configure, and generating is refused with it before any charge', async () => {
    double.mode = 'offline';
    const options = await data('GET', `/cm/api/ai/image/options?tenantId=${AI}`, learner.token);
    expect(options).toMatchObject({ images: false, maxCount: 4, price, balance: await balanceOf(learner.id) });
    expect(options.message).toContain('「AI 服务设置」中配置图片模型');
    const before = await balanceOf(learner.id);
    expect(await generate(learner.token)).toMatchObject({ success: false, errorCode: 'AI_NOT_CONFIGURED', message: expect.stringContaining('AI 服务设置') });
    expect(await balanceOf(learner.id)).toBe(before);
    expect((await data('GET', `/cm/api/ai/image/options?tenantId=${AI}&lang=en`, undefined)).message).toContain('AI service settings');
  });
});

describe('drawing with a provider', () => {
  it('charges per picture, stores the PNGs, lists them newest first and serves them', async () => {
    const before = await balanceOf(learner.id);
    const styles = (await data('GET', `/cm/api/ai/style/list?tenantId=${AI}`, learner.token)).list;
    const watercolour = styles.find((s: { name: string }) => s.name === '水彩');
    const res = await data('POST', '/cm/api/ai/image/generate', learner.token, {
      tenantId: AI, prompt: '一只在图书馆看书的猫', negativePrompt: '文字', size: '1024x1024', count: 2, styleId: watercolour.id, seed: 42,
    });
    expect(res.images).toHaveLength(2);
    expect(res.cost).toBe(2 * price);
    expect(res.balance).toBe(before - 2 * price);
    expect(await balanceOf(learner.id)).toBe(before - 2 * price);
    expect(double.requests[0]).toMatchObject({ prompt: '一只在图书馆看书的猫', negativePrompt: '文字', size: '1024x1024', count: 2, style: watercolour.prompt });
    expect(res.images[0]).toMatchObject({ styleName: '水彩', seed: 42, mime: 'image/png', shared: false, mine: true });
    const served = await t.app.inject({ method: 'GET', url: res.images[0].url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    const mine = await data('GET', `/cm/api/ai/image/mine?tenantId=${AI}`, learner.token);
    expect(mine.list.map((i: { id: number }) => i.id)).toEqual(res.images.map((i: { id: number }) => i.id).sort((a: number, b: number) => b - a));
  });

  it('refunds the charge when the provider answers 500, and stores nothing', async () => {
    double.mode = 'fail';
    const before = await balanceOf(learner.id);
    const count = (await data('GET', `/cm/api/ai/image/mine?tenantId=${AI}`, learner.token)).total;
    expect(await generate(learner.token)).toMatchObject({ success: false, errorCode: 'AI_PROVIDER_FAILED', message: expect.stringContaining('已退回') });
    expect(await balanceOf(learner.id)).toBe(before);
    expect((await data('GET', `/cm/api/ai/image/mine?tenantId=${AI}`, learner.token)).total).toBe(count);
  });

  it('refunds when nothing usable comes back: no pictures, or bytes that are not the picture they claim', async () => {
    const before = await balanceOf(learner.id);
    double.mode = 'empty';
    expect(await generate(learner.token)).toMatchObject({ success: false, errorCode: 'AI_PROVIDER_EMPTY' });
    double.mode = 'junk';
    expect(await generate(learner.token, { count: 1 })).toMatchObject({ success: false, errorCode: 'AI_PROVIDER_EMPTY' });
    expect(await balanceOf(learner.id)).toBe(before);
  });

  it('says credits ran out with what it costs', async () => {
    const before = await balanceOf(learner.id);
    await t.db.owner.updateTable('ai_credit_account').set({ balance: 2 * price - 1 }).where('tenant_id', '=', AI).where('user_id', '=', learner.id).execute();
    try {
      expect(await generate(learner.token)).toMatchObject({ success: false, errorCode: 'AI_CREDITS_EXHAUSTED', message: expect.stringContaining(`需要 ${2 * price} 点`) });
      expect(double.requests).toHaveLength(0);
    } finally {
      await t.db.owner.updateTable('ai_credit_account').set({ balance: before }).where('tenant_id', '=', AI).where('user_id', '=', learner.id).execute();
    }
  });

  it('refuses a guest, an empty prompt, 5 pictures and another learner\'s style', async () => {
    expect(await generate(undefined)).toMatchObject({ success: false, flag: 401 });
    expect(await generate(learner.token, { prompt: '   ' })).toMatchObject({ success: false, errorCode: 'AI_PROMPT_EMPTY' });
    expect((await generate(learner.token, { count: 5 })).success).toBe(false);
    const theirs = await data('POST', '/cm/api/ai/style/save', other.token, { tenantId: AI, name: '管理员的画风', prompt: '油画' });
    expect(await generate(learner.token, { styleId: theirs.id })).toMatchObject({ success: false, errorCode: 'AI_STYLE_NOT_FOUND' });
    expect(double.requests).toHaveLength(0);
  });
});

describe('a drawing that fails halfway', () => {
  const request = (count: number): DrawRequest => ({
    user: { tenantId: AI, userId: learner.id }, lang: 'zh', prompt: '半路失败的画', negative: null, size: '1024x1024', count, styleId: null, seed: null,
  });
  const fileOf = (key: string) => join(t.uploadDir, ...key.split('/'));

  it('removes the pictures already stored when storing the next one fails, and refunds', async () => {
    const real = imageStore({ uploadDir: t.uploadDir })!;
    const keys: string[] = [];
    const store: ImageStore = {
      ...real,
      async save(tenantId, image) {
        if (keys.length === 1) throw new Error('The disk is full.');
        const saved = await real.save(tenantId, image);
        if (saved) keys.push(saved.key);
        return saved;
      },
    };
    const before = await balanceOf(learner.id);
    await expect(drawImages(t.app, store, request(2))).rejects.toMatchObject({ errorCode: 'AI_PROVIDER_FAILED' });
    expect(keys).toHaveLength(1);
    expect(existsSync(fileOf(keys[0]!))).toBe(false);
    expect(await balanceOf(learner.id)).toBe(before);
  });

  it('refunds and removes the stored pictures when recording them fails', async () => {
    const real = imageStore({ uploadDir: t.uploadDir })!;
    const keys: string[] = [];
    const store: ImageStore = {
      ...real,
      async save(tenantId, image) {
        const saved = await real.save(tenantId, image);
        if (saved) keys.push(saved.key);
        return saved;
      },
    };
    const before = await balanceOf(learner.id);
    // Recording fails: the table is briefly gone.
    await sql`alter table ai_image rename to ai_image_away`.execute(t.db.owner);
    try {
      await expect(drawImages(t.app, store, request(2))).rejects.toThrow();
    } finally {
      await sql`alter table ai_image_away rename to ai_image`.execute(t.db.owner);
    }
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(existsSync(fileOf(key))).toBe(false);
    expect(await balanceOf(learner.id)).toBe(before);
  });
});

describe('the gallery and the showcase', () => {
  it('shares into the tenant\'s showcase; only the owner may share and delete; delete removes the file', async () => {
    const [image] = (await data('POST', '/cm/api/ai/image/generate', learner.token, { tenantId: AI, prompt: '黑板上的勾股定理', size: '512x512', count: 1 })).images;
    expect(await call('POST', '/cm/api/ai/image/share', other.token, { tenantId: AI, id: image.id, shared: true })).toMatchObject({ success: false, errorCode: 'AI_IMAGE_NOT_FOUND' });
    expect((await data('POST', '/cm/api/ai/image/share', learner.token, { tenantId: AI, id: image.id, shared: true })).shared).toBe(true);
    const showcase = await data('GET', `/cm/api/ai/image/showcase?tenantId=${AI}`, other.token);
    expect(showcase.list[0]).toMatchObject({ id: image.id, mine: false, shared: true });
    expect((await data('GET', `/cm/api/ai/image/showcase?tenantId=${AI}`, undefined)).list[0].id).toBe(image.id);
    // Another learner's gallery and another tenant's showcase never hold it.
    expect((await data('GET', `/cm/api/ai/image/mine?tenantId=${AI}`, other.token)).list).toEqual([]);
    expect((await data('GET', '/cm/api/ai/image/showcase?tenantId=1002', acme.token)).list.map((i: { id: number }) => i.id)).not.toContain(image.id);

    expect(await call('POST', '/cm/api/ai/image/delete', other.token, { tenantId: AI, id: image.id })).toMatchObject({ success: false, errorCode: 'AI_IMAGE_NOT_FOUND' });
    expect(await call('POST', '/cm/api/ai/image/delete', acme.token, { tenantId: 1002, id: image.id })).toMatchObject({ success: false, errorCode: 'AI_IMAGE_NOT_FOUND' });
    const file = join(t.uploadDir, ...image.url.replace('/uploads/', '').split('/'));
    expect(existsSync(file)).toBe(true);
    expect(await data('POST', '/cm/api/ai/image/delete', learner.token, { tenantId: AI, id: image.id })).toBe(true);
    expect(existsSync(file)).toBe(false);
    expect((await data('GET', `/cm/api/ai/image/showcase?tenantId=${AI}`, undefined)).list.map((i: { id: number }) => i.id)).not.toContain(image.id);
  });
});

describe('saved styles', () => {
  it('lists the presets in the tenant\'s language, then the learner\'s own; a guest sees presets', async () => {
    const zh = (await data('GET', `/cm/api/ai/style/list?tenantId=${AI}`, learner.token)).list;
    expect(zh.filter((s: { preset: boolean }) => s.preset).map((s: { name: string }) => s.name).sort()).toEqual(['扁平插画', '板书手绘', '水彩'].sort());
    expect(zh.some((s: { preset: boolean; name: string }) => !s.preset && s.name === '课堂笔记')).toBe(true);
    expect((await data('GET', `/cm/api/ai/style/list?tenantId=${AI}`, undefined)).list.every((s: { preset: boolean }) => s.preset)).toBe(true);
    const en = (await data('GET', '/cm/api/ai/style/list?tenantId=1002', acme.token)).list.filter((s: { preset: boolean }) => s.preset);
    expect(en.map((s: { name: string }) => s.name)).toContain('Watercolour');
  });

  it('saves, edits and deletes the learner\'s style; names are unique; presets and others\' styles are locked', async () => {
    const saved = await data('POST', '/cm/api/ai/style/save', learner.token, { tenantId: AI, name: '蓝色线稿', prompt: '蓝色钢笔线稿，白底' });
    expect(await call('POST', '/cm/api/ai/style/save', learner.token, { tenantId: AI, name: '水彩', prompt: 'x' })).toMatchObject({ success: false, errorCode: 'AI_STYLE_NAME_TAKEN' });
    const edited = await data('POST', '/cm/api/ai/style/save', learner.token, { tenantId: AI, id: saved.id, name: '蓝色线稿', prompt: '蓝色钢笔线稿，浅灰底' });
    expect(edited).toMatchObject({ id: saved.id, prompt: '蓝色钢笔线稿，浅灰底', preset: false });
    expect(await call('POST', '/cm/api/ai/style/save', other.token, { tenantId: AI, id: saved.id, name: '改名', prompt: 'x' })).toMatchObject({ success: false, errorCode: 'AI_STYLE_NOT_FOUND' });
    expect(await call('POST', '/cm/api/ai/style/delete', other.token, { tenantId: AI, id: saved.id })).toMatchObject({ success: false, errorCode: 'AI_STYLE_NOT_FOUND' });
    const preset = (await data('GET', `/cm/api/ai/style/list?tenantId=${AI}`, learner.token)).list.find((s: { preset: boolean }) => s.preset);
    expect(await call('POST', '/cm/api/ai/style/delete', learner.token, { tenantId: AI, id: preset.id })).toMatchObject({ success: false, errorCode: 'AI_STYLE_PRESET' });
    expect(await call('POST', '/cm/api/ai/style/save', learner.token, { tenantId: AI, name: '参考', prompt: 'x', referenceUrls: ['https://elsewhere.example/a.png'] })).toMatchObject({ success: false, errorCode: 'AI_STYLE_INVALID' });
    expect(await data('POST', '/cm/api/ai/style/delete', learner.token, { tenantId: AI, id: saved.id })).toBe(true);
    expect((await data('GET', `/cm/api/ai/style/list?tenantId=${AI}`, other.token)).list.map((s: { id: number }) => s.id)).not.toContain(saved.id);
  });
});

describe('guests and another tenant\'s users', () => {
  it('every call that acts for a learner refuses a guest and an acme token presented for the ai tenant', async () => {
    const calls: [string, string, Record<string, unknown> | undefined][] = [
      ['GET', `/cm/api/ai/image/mine?tenantId=${AI}`, undefined],
      ['POST', '/cm/api/ai/image/generate', { tenantId: AI, prompt: '猫', size: '1024x1024', count: 1 }],
      ['POST', '/cm/api/ai/image/share', { tenantId: AI, id: 1, shared: true }],
      ['POST', '/cm/api/ai/image/delete', { tenantId: AI, id: 1 }],
      ['POST', '/cm/api/ai/style/save', { tenantId: AI, name: 'x', prompt: 'x' }],
      ['POST', '/cm/api/ai/style/delete', { tenantId: AI, id: 1 }],
      ['GET', `/cm/api/ai/writing/studied?tenantId=${AI}`, undefined],
      ['GET', `/cm/api/ai/writing/runs?tenantId=${AI}`, undefined],
      ['POST', '/cm/api/ai/writing/run', { tenantId: AI, tool: 'summary', sourceKind: 'text', text: '这是一段足够长的文字，用来检查未登录时的拒绝。' }],
    ];
    for (const [method, url, body] of calls) {
      expect(await call(method as 'GET' | 'POST', url, undefined, body), url).toMatchObject({ success: false, flag: 401 });
      expect((await call(method as 'GET' | 'POST', url, acme.token, body)).success, url).toBe(false);
    }
  });

  it('the public reads show a guest only the presets and the tenant\'s own showcase', async () => {
    const presets = (await data('GET', `/cm/api/ai/style/list?tenantId=${AI}`, undefined)).list;
    expect(presets.length).toBe(3);
    const acmePresets = (await data('GET', '/cm/api/ai/style/list?tenantId=1002', undefined)).list.map((s: { id: number }) => s.id);
    for (const s of presets) expect(acmePresets).not.toContain(s.id);
    expect((await data('GET', '/cm/api/ai/image/options?tenantId=1002', undefined)).balance).toBeNull();
  });
});

