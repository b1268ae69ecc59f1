import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { clientPasswordDigest } from '../../server/lib/password';
import { passedCaptcha } from './harness';

// The calls server tests make through app.inject, as a client would: the envelope checks every test
// file needs once.

/** The API envelope as a test reads it. */
export type Envelope = { success: boolean; code: number; flag: number; message: string; data: any; errorCode?: string };

/** Calls for the app `app()` returns (a getter: the app is built in beforeAll). */
export function apiOf(app: () => FastifyInstance) {
  /** One call; business failures are HTTP 200 envelopes (docs/decisions.md), so the status must be 200. */
  async function call(method: 'GET' | 'POST', url: string, token?: string, body?: object): Promise<Envelope> {
    const res = await app().inject({ method, url, headers: token ? { token } : {}, ...(body ? { payload: body } : {}) });
    expect(res.statusCode).toBe(200);
    return res.json() as Envelope;
  }

  /** The data of a call that must succeed with flag 0 (token undefined: as a guest). */
  async function data(method: 'GET' | 'POST', url: string, token: string | undefined, body?: object) {
    const res = await call(method, url, token, body);
    expect(res, res.message).toMatchObject({ success: true, flag: 0 });
    return res.data;
  }

  /** Signs a seeded account in by password (the captcha passed) and returns its id and token. */
  async function signIn(tenantId: number, account: string, password: string) {
    const body = await call('POST', '/um/api/user/loginByAccount', undefined, { tenantId, account, password: clientPasswordDigest(password), captchaUuid: await passedCaptcha(app(), tenantId) });
    expect(body.success, body.message).toBe(true);
    return { id: body.data.id as number, token: body.data.token as string };
  }

  return { call, data, signIn };
}
