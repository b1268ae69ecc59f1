// The back-office's certificate rules and issued certificates (issue 19 part J; docs/api.md
// "Back-office: tasks and certificates"): every call, validation, refusals (guest, learner, another
// tenant's admin), isolation, the preview PDF, and revoke / restore as the holder and the public
// verification page see them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { issueCredentialsFor } from '../../server/lib/credentials';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
const DEMO = 1001;
const ACME = 1002;
let admin: { id: number; token: string };
let learner: { id: number; token: string };
let acmeAdmin: { id: number; token: string };
let taskId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(DEMO, 'admin', 'Admin@2026');
  learner = await signIn(DEMO, 'learner', 'Study@2026');
  await t.db.owner.updateTable('tenant').set({ tenant_type: 1 } as never).where('id', '=', ACME).execute();
  await t.db.owner.updateTable('user_account').set({ admin_auth: true }).where('tenant_id', '=', ACME).where('account', '=', 'learner').execute();
  acmeAdmin = await signIn(ACME, 'learner', 'Study@2026');
  // A task the seed gave no certificate rule, so the rule made here is its only one.
  taskId = Number((await t.db.owner.selectFrom('task').select('id').where('tenant_id', '=', DEMO).where('state', '=', 1)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('credential_rule').select('id').where('credential_rule.source_kind', '=', 'task')
      .whereRef('credential_rule.source_id', '=', 'task.id').whereRef('credential_rule.tenant_id', '=', 'task.tenant_id'))))
    .orderBy('id').executeTakeFirstOrThrow()).id);
}, 120_000);
afterAll(async () => t?.close());

const get = (path: string, token: string | undefined = admin.token, tenantId = DEMO) => call('GET', `${path}${path.includes('?') ? '&' : '?'}tenantId=${tenantId}`, token);
const post = (path: string, body: object, token: string | undefined = admin.token, tenantId = DEMO) => call('POST', path, token, { tenantId, ...body });
const okPost = async (path: string, body: object) => {
  const res = await post(path, body);
  expect(res, res.message).toMatchObject({ success: true });
  return res.data;
};
const rule = (over: object = {}) => ({
  sourceKind: 'task', sourceId: taskId, title: '任务结业证书', issuer: '演示学院', body: '{name} 完成了「{source}」的全部学习，特发此证。', validMonths: 12, enabled: true, ...over,
});

describe('who may call', () => {
  const calls: Array<['GET' | 'POST', string, object?]> = [
    ['GET', '/um/api/admin/credentialRules'], ['POST', '/um/api/admin/credentialRule/save', { rule: rule({ sourceId: 1 }) }], ['POST', '/um/api/admin/credentialRule/delete', { id: 1 }],
    ['POST', '/um/api/admin/credentialRule/preview', { rule: rule({ sourceId: 1 }) }], ['GET', '/um/api/admin/credentials?ruleId=1'],
    ['POST', '/um/api/admin/credential/revoke', { id: 1, reason: 'x' }], ['POST', '/um/api/admin/credential/restore', { id: 1 }], ['GET', '/um/api/admin/credentialRule/sources?kind=task'],
  ];
  const send = (method: 'GET' | 'POST', url: string, token: string | undefined, body?: object) => (method === 'GET' ? get(url, token) : post(url, body ?? {}, token));

  it('refuses a guest with the sign-in flag and a learner with 403 on every call', async () => {
    for (const [method, url, body] of calls) {
      const guest = await call(method, method === 'GET' ? `${url}${url.includes('?') ? '&' : '?'}tenantId=${DEMO}` : url, undefined, method === 'GET' ? undefined : { tenantId: DEMO, ...body });
      expect(guest, `${url}: ${guest.message}`).toMatchObject({ success: false, flag: 401 });
      const res = await send(method, url, learner.token, body);
      expect(res, url).toMatchObject({ success: false, code: 403, errorCode: 'NO_ADMIN_AUTH' });
      expect(res.message).toContain('没有管理后台的权限');
    }
  });

  it('refuses another tenant\'s admin here', async () => {
    expect(await get('/um/api/admin/credentialRules', acmeAdmin.token)).toMatchObject({ success: false, flag: 401 });
  });
});

describe('rules and their certificates', () => {
  let ruleId: number;
  let credentialId: number;

  it('creates a rule for a task, refusing missing fields, an unknown source and a duplicate title', async () => {
    expect(await post('/um/api/admin/credentialRule/save', { rule: rule({ title: ' ' }) })).toMatchObject({ success: false, errorCode: 'CREDENTIAL_TITLE_REQUIRED', message: '请填写证书名称。' });
    expect(await post('/um/api/admin/credentialRule/save', { rule: rule({ issuer: '' }) })).toMatchObject({ success: false, errorCode: 'CREDENTIAL_ISSUER_REQUIRED' });
    expect(await post('/um/api/admin/credentialRule/save', { rule: rule({ sourceId: 987654 }) }))
      .toMatchObject({ success: false, errorCode: 'CREDENTIAL_SOURCE_NOT_FOUND', message: expect.stringContaining('987654') });
    expect(await post('/um/api/admin/credentialRule/save', { rule: rule({ validMonths: 0 }) })).toMatchObject({ success: false });
    const saved = await okPost('/um/api/admin/credentialRule/save', { rule: rule() });
    ruleId = saved.id;
    expect(saved).toMatchObject({ sourceKind: 'task', sourceId: taskId, title: '任务结业证书', validMonths: 12, enabled: true, issuedCount: 0 });
    expect(saved.sourceTitle).not.toBe('');
    expect(await post('/um/api/admin/credentialRule/save', { rule: rule() })).toMatchObject({ success: false, code: 409, errorCode: 'CREDENTIAL_RULE_TAKEN' });
    const listed = await get(`/um/api/admin/credentialRules?text=${encodeURIComponent('任务结业')}`);
    expect(listed.data.map((r: { id: number }) => r.id)).toContain(ruleId);
    expect((await get('/um/api/admin/credentialRules?text=nothing-like-this')).data).toEqual([]);
  });

  it('previews the PDF for a sample holder', async () => {
    const file = await okPost('/um/api/admin/credentialRule/preview', { rule: rule() });
    expect(file).toMatchObject({ contentType: 'application/pdf', fileName: 'certificate-preview.pdf' });
    expect(Buffer.from(file.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(await post('/um/api/admin/credentialRule/preview', { rule: rule({ title: '' }) })).toMatchObject({ success: false, errorCode: 'CREDENTIAL_TITLE_REQUIRED' });
  }, 60_000);

  it('lists what the rule issued, searchable by name; revoke shows on the holder\'s side and the public page, restore undoes it', async () => {
    const [id] = await withTenant(t.db.app, DEMO, (trx) => issueCredentialsFor(trx, learner.id, { kind: 'task', id: taskId }));
    credentialId = id!;
    const issued = await data('GET', `/um/api/admin/credentials?tenantId=${DEMO}&ruleId=${ruleId}`, admin.token);
    expect(issued).toMatchObject({ total: 1, list: [expect.objectContaining({ id: credentialId, userId: learner.id, account: 'learner', state: 'valid' })] });
    const holderName = issued.list[0].holderName as string;
    expect((await data('GET', `/um/api/admin/credentials?tenantId=${DEMO}&ruleId=${ruleId}&text=${encodeURIComponent(holderName.slice(0, 1))}`, admin.token)).total).toBe(1);
    expect((await data('GET', `/um/api/admin/credentials?tenantId=${DEMO}&ruleId=${ruleId}&text=nobody-like-this`, admin.token)).total).toBe(0);

    expect(await post('/um/api/admin/credential/revoke', { id: credentialId, reason: '  ' })).toMatchObject({ success: false, errorCode: 'REVOKE_REASON_REQUIRED' });
    await okPost('/um/api/admin/credential/revoke', { id: credentialId, reason: '考试作弊' });
    expect(await post('/um/api/admin/credential/revoke', { id: credentialId, reason: '再次' })).toMatchObject({ success: false, errorCode: 'CREDENTIAL_ALREADY_REVOKED' });
    const mine = await data('GET', `/um/api/userCredentials/getCredentialsInfo?tenantId=${DEMO}&id=${credentialId}`, learner.token);
    expect(mine).toMatchObject({ state: 'revoked', revokeReason: '考试作弊' });
    const verify = await data('GET', `/um/api/userCredentials/verify?tenantId=${DEMO}&code=${encodeURIComponent(mine.code)}`, undefined);
    expect(verify.state).toBe('revoked');
    const rules = await get('/um/api/admin/credentialRules');
    expect(rules.data.find((r: { id: number }) => r.id === ruleId)).toMatchObject({ issuedCount: 1, revokedCount: 1 });

    await okPost('/um/api/admin/credential/restore', { id: credentialId });
    expect((await data('GET', `/um/api/userCredentials/getCredentialsInfo?tenantId=${DEMO}&id=${credentialId}`, learner.token)).state).toBe('valid');
    expect(await post('/um/api/admin/credential/restore', { id: credentialId })).toMatchObject({ success: false, errorCode: 'CREDENTIAL_NOT_REVOKED' });
  });

  it('keeps what earns an issued rule fixed, and refuses deleting it (turning it off works)', async () => {
    const exam = await t.db.owner.selectFrom('exam').select('id').where('tenant_id', '=', DEMO).where('state', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    expect(await post('/um/api/admin/credentialRule/save', { id: ruleId, rule: rule({ sourceKind: 'exam', sourceId: Number(exam.id) }) }))
      .toMatchObject({ success: false, errorCode: 'CREDENTIAL_SOURCE_LOCKED' });
    expect(await post('/um/api/admin/credentialRule/delete', { id: ruleId })).toMatchObject({ success: false, code: 409, errorCode: 'CREDENTIAL_RULE_USED' });
    const off = await okPost('/um/api/admin/credentialRule/save', { id: ruleId, rule: rule({ enabled: false, title: '任务结业证书（旧）' }) });
    expect(off).toMatchObject({ enabled: false, title: '任务结业证书（旧）' });
    // An issued certificate is a copy: the rule's new title does not rewrite it.
    const mine = await data('GET', `/um/api/userCredentials/getCredentialsInfo?tenantId=${DEMO}&id=${credentialId}`, learner.token);
    expect(mine.title).toBe('任务结业证书');
    const unused = await okPost('/um/api/admin/credentialRule/save', { rule: rule({ title: '未发出的证书', validMonths: null }) });
    expect(await okPost('/um/api/admin/credentialRule/delete', { id: unused.id })).toBeNull();
  });

  it('picks the tenant\'s courses, tasks and exams by title', async () => {
    for (const kind of ['course', 'task', 'exam']) {
      const rows = await data('GET', `/um/api/admin/credentialRule/sources?tenantId=${DEMO}&kind=${kind}`, admin.token);
      expect(rows.length, kind).toBeGreaterThan(0);
    }
  });
});

describe('isolation', () => {
  it('another tenant\'s admin sees none of these rules or certificates and cannot revoke them', async () => {
    const demoRules = (await get('/um/api/admin/credentialRules')).data as Array<{ id: number }>;
    const acmeRules = (await get('/um/api/admin/credentialRules', acmeAdmin.token, ACME)).data as Array<{ id: number }>;
    expect(acmeRules.length).toBeGreaterThan(0);
    const demoIds = new Set(demoRules.map((r) => r.id));
    expect(acmeRules.some((r) => demoIds.has(r.id))).toBe(false);
    const demoCredential = await t.db.owner.selectFrom('user_credential').select(['id', 'rule_id']).where('tenant_id', '=', DEMO).orderBy('id').executeTakeFirstOrThrow();
    expect((await get(`/um/api/admin/credentials?ruleId=${demoCredential.rule_id}`, acmeAdmin.token, ACME)).data.total).toBe(0);
    expect(await post('/um/api/admin/credential/revoke', { id: Number(demoCredential.id), reason: 'x' }, acmeAdmin.token, ACME)).toMatchObject({ success: false, errorCode: 'CREDENTIAL_NOT_FOUND' });
    expect(await post('/um/api/admin/credentialRule/save', { rule: rule() }, acmeAdmin.token, ACME)).toMatchObject({ success: false, errorCode: 'CREDENTIAL_SOURCE_NOT_FOUND' });
  });
});
