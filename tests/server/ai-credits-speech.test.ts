// Issue 21 part F: the digital human's AI voice (POST /cm/api/ai/speech; docs/ai.md F). Without a
// TTS model it says what to configure and charges nothing; with one it answers the provider's audio
// and charges `speech`; a failing provider refunds the charge; guests and over-long texts are refused.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
const AI = 1004;
const AUDIO = Buffer.from('ID3-fake-mp3-bytes');
let admin: { id: number; token: string };
let learner: { id: number; token: string };
let tts: Server;
let ttsUrl = '';
let failNext = false;
const heard: Array<Record<string, unknown>> = [];
const saved: Record<string, string | undefined> = {};

const balance = async () => (await data('GET', `/cm/api/ai/credits/balance?tenantId=${AI}`, learner.token)).balance as number;
const settings = (ttsModel: string) => ({
  tenantId: AI, enabled: true, baseUrl: ttsUrl, apiKey: 'sk-speech-test', chatModel: 'fake-chat', imageModel: '', embeddingModel: '', ttsModel, timeoutMs: 5_000, maxTokens: 512,
});

beforeAll(async () => {
  for (const name of ['AI_ALLOW_PRIVATE_HOSTS', 'AI_SECRET_KEY', 'AI_API_BASE']) saved[name] = process.env[name];
  process.env.AI_ALLOW_PRIVATE_HOSTS = '1';
  process.env.AI_SECRET_KEY = randomBytes(32).toString('base64');
  delete process.env.AI_API_BASE;
  tts = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    req.on('end', () => {
      if (req.url === '/v1/audio/speech' && req.method === 'POST') {
        heard.push(JSON.parse(body) as Record<string, unknown>);
        if (failNext) {
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
          return;
        }
        res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(AUDIO);
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => tts.listen(0, '127.0.0.1', resolve));
  ttsUrl = `http://127.0.0.1:${(tts.address() as AddressInfo).port}/v1`;
  t = await createTestApp();
  admin = await signIn(AI, 'admin', 'Admin@2026');
  learner = await signIn(AI, 'learner', 'Study@2026');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => tts.close(resolve));
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('the digital human\'s AI voice', () => {
  it('says what to configure without a TTS model, and charges nothing', async () => {
    const before = await balance();
    expect(await call('POST', '/cm/api/ai/speech', learner.token, { tenantId: AI, text: '你好' }))
      .toMatchObject({ success: false, errorCode: 'AI_NOT_CONFIGURED', message: '语音播报需要管理员在「AI 服务设置」中配置语音模型。' });
    expect(await balance()).toBe(before);
  });

  it('refuses guests and texts that are empty or too long', async () => {
    expect(await call('POST', '/cm/api/ai/speech', undefined, { tenantId: AI, text: '你好' })).toMatchObject({ success: false, flag: 401 });
    expect(await call('POST', '/cm/api/ai/speech', learner.token, { tenantId: AI, text: '   ' })).toMatchObject({ errorCode: 'AI_SPEECH_EMPTY' });
    expect(await call('POST', '/cm/api/ai/speech', learner.token, { tenantId: AI, text: '字'.repeat(2001) })).toMatchObject({ errorCode: 'AI_SPEECH_TOO_LONG' });
  });

  it('reads through the provider\'s /audio/speech and charges one speech; a failure refunds it', async () => {
    await data('POST', '/cm/api/ai/provider/save', admin.token, settings('fake-tts'));
    const before = await balance();
    const read = await data('POST', '/cm/api/ai/speech', learner.token, { tenantId: AI, text: '今天学习番茄工作法。', voice: 'nova', speed: 1.25 });
    expect(read).toMatchObject({ mime: 'audio/mpeg', cost: 1, balance: before - 1 });
    expect(Buffer.from(read.audio as string, 'base64')).toEqual(AUDIO);
    expect(heard.at(-1)).toMatchObject({ model: 'fake-tts', input: '今天学习番茄工作法。', voice: 'nova', speed: 1.25 });
    failNext = true;
    expect(await call('POST', '/cm/api/ai/speech', learner.token, { tenantId: AI, text: '再读一次。' })).toMatchObject({ success: false, errorCode: 'AI_SPEECH_FAILED' });
    failNext = false;
    expect(await balance()).toBe(before - 1);
    const top = (await data('GET', `/cm/api/ai/credits/ledger?tenantId=${AI}&pageSize=2`, learner.token)).list;
    expect(top.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([['refund', 1], ['charge', -1]]);
  });
});
