// Issue 21 part A's provider library without a database: sealed keys, the outbound guard, the
// streaming parser, the HTTP provider against the fake, and the offline provider.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatPieces, createOpenAiProvider, listModels, type OpenAiConfig } from '../../server/lib/ai/openai';
import { offlineProvider, pieces } from '../../server/lib/ai/offline';
import { baseUrlProblem, isInternalAddress } from '../../server/lib/ai/safe-http';
import { keyHint, kekId, openSecret, parseKey, sealSecret, SecretKeyError } from '../../server/lib/ai/secret';
import { AiNotConfiguredError, AiProviderError, type ChatRequest, type Passage } from '../../server/lib/ai/types';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai';

const collect = async (it: AsyncIterable<string>) => {
  const out: string[] = [];
  for await (const piece of it) out.push(piece);
  return out;
};
const chatRequest = (over: Partial<ChatRequest> = {}): ChatRequest => ({
  messages: [{ role: 'user', content: 'hi' }], task: { kind: 'answer' }, material: [], lang: 'zh', ...over,
});

describe('sealed API keys', () => {
  const kek = randomBytes(32);
  it('opens what it sealed, with a fresh IV each time', () => {
    const a = sealSecret('sk-test-1234567890abcd', kek);
    const b = sealSecret('sk-test-1234567890abcd', kek);
    expect(a).not.toBe(b);
    expect(a).not.toContain('1234567890');
    expect(openSecret(a, kek)).toBe('sk-test-1234567890abcd');
  });
  it('tells a value sealed under another key apart, and refuses an altered one', () => {
    const sealed = sealSecret('sk-secret-value-0001', kek);
    expect(() => openSecret(sealed, randomBytes(32))).toThrow(/another AI_SECRET_KEY/);
    const parts = sealed.split('.');
    parts[4] = Buffer.from('tampered-bytes').toString('base64url');
    expect(() => openSecret(parts.join('.'), kek)).toThrow(SecretKeyError);
    expect(() => openSecret(parts.join('.'), kek)).toThrow(/altered/);
  });
  it('reads AI_SECRET_KEY as hex or base64 and nothing shorter', () => {
    const key = randomBytes(32);
    expect(parseKey(key.toString('hex'))?.equals(key)).toBe(true);
    expect(parseKey(key.toString('base64'))?.equals(key)).toBe(true);
    expect(parseKey(key.toString('base64url'))?.equals(key)).toBe(true);
    expect(parseKey(randomBytes(16).toString('hex'))).toBeNull();
    expect(kekId(key)).toHaveLength(8);
  });
  it('shows the last four characters of a long key only', () => {
    expect(keyHint('sk-abcdefghijkl1234')).toBe('1234');
    expect(keyHint('short')).toBe('');
  });
});

describe('outbound guard', () => {
  it('knows internal addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isInternalAddress(a), a).toBe(false);
  });
  it('refuses other schemes, credentials and internal hosts unless allowed', async () => {
    expect(await baseUrlProblem('ftp://example.com/v1', false)).toMatch(/http/);
    expect(await baseUrlProblem('file:///etc/passwd', false)).toMatch(/http/);
    expect(await baseUrlProblem('not a url', false)).toMatch(/有效/);
    expect(await baseUrlProblem('https://user:pw@example.com/v1', false)).toMatch(/用户名或密码/);
    expect(await baseUrlProblem('http://127.0.0.1:8080/v1', false)).toMatch(/内部网络/);
    expect(await baseUrlProblem('http://169.254.169.254/latest', false)).toMatch(/内部网络/);
    expect(await baseUrlProblem('http://[::1]:8080/v1', false)).toMatch(/内部网络/);
    expect(await baseUrlProblem('http://localhost:8080/v1', false)).toMatch(/内部网络/);
    expect(await baseUrlProblem('http://127.0.0.1:8080/v1', true)).toBeNull();
    expect(await baseUrlProblem('https://8.8.8.8/v1', false)).toBeNull();
  });
  it('refuses at connect time a host that resolves to loopback', async () => {
    const fake = await startFakeOpenAI();
    try {
      const port = new URL(fake.url).port;
      const provider = createOpenAiProvider({ ...config(`http://localhost:${port}/v1`), allowPrivate: false });
      await expect(collect(provider.chat(chatRequest()))).rejects.toThrow(/内部网络/);
      expect(fake.requests).toHaveLength(0);
    } finally {
      await fake.close();
    }
  });
});

describe('the SSE parser', () => {
  it('reads pieces however the bytes were split, and stops at [DONE]', async () => {
    const stream = 'data: {"choices":[{"delta":{"content":"你好"}}]}\n\ndata: {"choices":[{"delta":{"content":", world"}}]}\r\n\r\n: keep-alive\n\ndata: [DONE]\n\ndata: {"choices":[{"delta":{"content":"late"}}]}\n\n';
    const bytes = Buffer.from(stream, 'utf8');
    // One byte at a time: lines, JSON and a multi-byte character are all cut.
    async function* byteByByte() {
      for (const b of bytes) yield Buffer.from([b]);
    }
    expect((await collect(chatPieces(byteByByte()))).join('')).toBe('你好, world');
  });
  it('throws a safe error on unreadable data', async () => {
    async function* bad() {
      yield 'data: {"choices": [ nope\n\n';
    }
    await expect(collect(chatPieces(bad()))).rejects.toThrow(AiProviderError);
  });
  it('fails on a line over 1 MB instead of buffering it without end', async () => {
    let pulled = 0;
    async function* endless() {
      yield 'data: {"choices":[{"delta":{"content":"好"}}]}\n\n';
      // A comment line of 4 MB with no end in sight.
      for (let i = 0; i < 64; i += 1) {
        pulled += 1;
        yield `: ${'x'.repeat(64 * 1024)}`;
      }
      yield '\n\ndata: [DONE]\n\n';
    }
    await expect(collect(chatPieces(endless()))).rejects.toThrow(/1 MB/);
    expect(pulled).toBeLessThan(20);
  });
});

let fake: FakeOpenAI;
const config = (baseUrl: string, over: Partial<OpenAiConfig> = {}): OpenAiConfig => ({
  baseUrl, apiKey: 'sk-fake-key-000011112222', chatModel: 'fake-chat', imageModel: 'fake-image', embeddingModel: 'fake-embed',
  ttsModel: '', timeoutMs: 2_000, maxTokens: 256, allowPrivate: true, ...over,
});

describe('the HTTP provider against the fake', () => {
  beforeAll(async () => {
    fake = await startFakeOpenAI({ reply: '这是假服务的回答。', chunkSize: 3 });
  });
  afterAll(() => fake.close());

  it('streams the answer with the key as a Bearer, the model and the token cap', async () => {
    fake.requests.length = 0;
    const provider = createOpenAiProvider(config(fake.url));
    const out = await collect(provider.chat(chatRequest({ maxTokens: 10_000 })));
    expect(out.length).toBeGreaterThan(1);
    expect(out.join('')).toBe('这是假服务的回答。');
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-fake-key-000011112222');
    expect(sent.body).toMatchObject({ model: 'fake-chat', stream: true, max_tokens: 256 });
  });
  it('says what a 500, a wrong key and bad JSON were, without the key', async () => {
    const provider = createOpenAiProvider(config(fake.url));
    fake.setReply({ failure: 'status-500' });
    await expect(collect(provider.chat(chatRequest()))).rejects.toThrow(/HTTP 500/);
    fake.setReply({ failure: 'status-401' });
    const error = await collect(provider.chat(chatRequest())).catch((e: unknown) => e as AiProviderError);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).message).toMatch(/密钥/);
    expect((error as AiProviderError).message).not.toContain('sk-fake');
    fake.setReply({ failure: 'bad-json' });
    await expect(collect(provider.chat(chatRequest()))).rejects.toThrow(/无法读取/);
    fake.setReply({ failure: 'none' });
  });
  it('masks any long token-like run in the provider\'s error text, not only sk-/key-/bearer words', async () => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Invalid session ABCDEFabcdef0123456789xyzXYZ for org_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2' } })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const error = await listModels(config(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`)).catch((e: unknown) => e as AiProviderError);
      expect(error).toBeInstanceOf(AiProviderError);
      expect((error as AiProviderError).message).toContain('HTTP 400');
      expect((error as AiProviderError).message).toContain('Invalid session');
      expect((error as AiProviderError).message).not.toContain('ABCDEFabcdef0123456789xyzXYZ');
      expect((error as AiProviderError).message).not.toContain('Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  it('times out a provider that never answers, and one that stalls mid-stream', async () => {
    const provider = createOpenAiProvider(config(fake.url, { timeoutMs: 300 }));
    fake.setReply({ failure: 'hang' });
    const started = Date.now();
    await expect(collect(provider.chat(chatRequest()))).rejects.toThrow(/超时/);
    expect(Date.now() - started).toBeLessThan(3_000);
    fake.setReply({ failure: 'hang-mid-stream' });
    await expect(collect(provider.chat(chatRequest()))).rejects.toThrow(/超时/);
    fake.setReply({ failure: 'none' });
  });
  it('stops the HTTP request when the caller aborts', async () => {
    fake.setReply({ reply: 'x'.repeat(200), chunkSize: 1, chunkDelayMs: 20 });
    const provider = createOpenAiProvider(config(fake.url));
    const controller = new AbortController();
    const got: string[] = [];
    const error = await (async () => {
      for await (const piece of provider.chat(chatRequest({ signal: controller.signal }))) {
        got.push(piece);
        if (got.length === 3) controller.abort();
      }
    })().catch((e: unknown) => e as Error);
    expect((error as Error).name).toBe('AbortError');
    expect(got.length).toBeLessThan(10);
    fake.setReply({ reply: '这是假服务的回答。', chunkSize: 3, chunkDelayMs: 0 });
  });
  it('answers images as PNG bytes, from base64 or a link', async () => {
    const provider = createOpenAiProvider(config(fake.url));
    const images = await provider.images({ prompt: 'a cat', size: '512x512', count: 2 });
    expect(images).toHaveLength(2);
    expect(images[0]!.mime).toBe('image/png');
    expect(fake.requests.at(-1)!.body).toMatchObject({ model: 'fake-image', n: 2, response_format: 'b64_json' });
    fake.setReply({ imageAs: 'url' });
    const linked = await provider.images({ prompt: 'a dog', size: '512x512', count: 1 });
    expect(linked[0]!.mime).toBe('image/png');
    fake.setReply({ imageAs: 'b64' });
  });
  it('embeds in order, and says what to configure without an image or embedding model', async () => {
    const provider = createOpenAiProvider(config(fake.url));
    const [a, b, a2] = await provider.embed(['alpha', 'beta', 'alpha']);
    expect(a).toEqual(a2);
    expect(a).not.toEqual(b);
    const bare = createOpenAiProvider(config(fake.url, { imageModel: '', embeddingModel: '' }));
    await expect(bare.images({ prompt: 'x', size: '512x512', count: 1 })).rejects.toThrow(AiNotConfiguredError);
    await expect(bare.embed(['x'])).rejects.toThrow(/向量模型/);
  });
  it('lists models, and answers null for a provider without the list', async () => {
    expect(await listModels(config(fake.url))).toContain('fake-chat');
    fake.setReply({ models: null });
    expect(await listModels(config(fake.url))).toBeNull();
    fake.setReply({ models: ['fake-chat'] });
  });
});

describe('the offline provider', () => {
  const passage: Passage = { kind: 'course', refId: 1, title: '安全生产基础', text: '安全生产基础课程讲解消防器材的使用方法。每位员工都要学会使用灭火器。', link: '/course/detail/1', score: 1 };
  it('streams an answer from the material in small pieces', async () => {
    const out = await collect(offlineProvider.chat(chatRequest({ messages: [{ role: 'user', content: '灭火器怎么用' }], material: [passage] })));
    expect(out.length).toBeGreaterThan(3);
    expect(out.join('')).toContain('灭火器');
  });
  it('does writing and application tasks by their rules', async () => {
    const text = '第一段讲目标。我们要提高安全意识。\n\n第二段讲方法。每周组织一次演练，并记录问题。';
    expect((await collect(offlineProvider.chat(chatRequest({ task: { kind: 'summary' }, input: text })))).join('')).not.toBe('');
    const quiz = (await collect(offlineProvider.chat(chatRequest({ task: { kind: 'quiz', count: 2 }, material: [passage] })))).join('');
    expect(quiz.length).toBeGreaterThan(0);
  });
  it('says exactly what images and embeddings need', async () => {
    await expect(offlineProvider.images({ prompt: 'x', size: '512x512', count: 1 })).rejects.toThrow('图片生成需要管理员在「AI 服务设置」中配置图片模型。');
    await expect(offlineProvider.embed(['x'])).rejects.toThrow(AiNotConfiguredError);
  });
  it('never splits a character', () => {
    expect(pieces('😀😀😀😀😀😀😀', 3)).toEqual(['😀😀😀', '😀😀😀', '😀']);
  });
});
