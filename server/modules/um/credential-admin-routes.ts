// The back-office's certificate rules and issued certificates (issue 19 part J; docs/api.md
// "Back-office: tasks and certificates"; the calls are ours, under /um/api/admin/). Every call is
// guarded as /cfg/api/admin/* (spec shell §6: the admin entry is for tenantType 1 with adminAuth),
// checked on every call by the kernel's server/lib/back-office.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { CertificateFile } from '../../../schemas/api/credentials';
import {
  AdminCredentialRule, CREDENTIAL_BODY_MAX, CREDENTIAL_ISSUER_MAX, CREDENTIAL_TITLE_MAX, CredentialRulesQuery, IssuedPage, IssuedQuery, PickRow,
  PreviewCredentialBody, RevokeBody, SaveCredentialRuleBody, SourcesQuery, TaskAdminIdBody, type CredentialRuleFields,
} from '../../../schemas/api/task-admin';
import type { DB } from '../../db/types';
import { ApiError, ok } from '../../plugins/envelope';
import { fillCredentialBody } from '../../lib/credentials';
import { deleteRule, findRule, listIssued, listRules, pickSources, setRevoked, sourceTitleOf, writeRule } from './credential-admin-repository';
import { tenantLanguage } from './credentials-repository';
import { renderCertificate } from './credentials-certificate';
import { asBackOfficeAdmin } from '../../lib/back-office';

type Trx = Transaction<DB>;
const tags = ['um-admin'];
const fail = (message: string, errorCode: string) => new ApiError(message, { errorCode });

/** The caller, who must hold the back-office right in a tenant that has one; then `work` runs in the tenant (server/lib/back-office.ts). */
async function asCredentialAdmin<T>(app: FastifyInstance, req: FastifyRequest, tenantId: number, work: (trx: Trx) => Promise<T>): Promise<T> {
  return asBackOfficeAdmin(app, req, tenantId, (trx) => work(trx));
}

/** A rule's fields trimmed and checked (the table's limits, said in words). */
function cleanRule(f: CredentialRuleFields): CredentialRuleFields {
  const title = f.title.trim();
  const issuer = f.issuer.trim();
  if (!title) throw fail('请填写证书名称。', 'CREDENTIAL_TITLE_REQUIRED');
  if ([...title].length > CREDENTIAL_TITLE_MAX) throw fail(`证书名称最多 ${CREDENTIAL_TITLE_MAX} 个字。`, 'CREDENTIAL_TITLE_TOO_LONG');
  if (!issuer) throw fail('请填写发证机构。', 'CREDENTIAL_ISSUER_REQUIRED');
  if ([...issuer].length > CREDENTIAL_ISSUER_MAX) throw fail(`发证机构最多 ${CREDENTIAL_ISSUER_MAX} 个字。`, 'CREDENTIAL_ISSUER_TOO_LONG');
  const body = f.body.trim();
  if ([...body].length > CREDENTIAL_BODY_MAX) throw fail(`证书正文最多 ${CREDENTIAL_BODY_MAX} 个字。`, 'CREDENTIAL_BODY_TOO_LONG');
  return { ...f, title, issuer, body };
}

/** The sample holder a preview prints, in the tenant's language. */
const SAMPLE_NAME = { zh: '张三（示例）', en: 'Jane Doe (sample)' } as const;

/** The back-office's certificate calls; registered from umService. */
export async function credentialAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/um/api/admin/credentialRules', {
    schema: { tags, summary: 'Back-office: every certificate rule of the tenant, newest first, with what earns it and how many were issued and revoked; text matches the title or the source', querystring: CredentialRulesQuery, response: { 200: Envelope(Type.Array(AdminCredentialRule)) } },
  }, async (req) => ok(await asCredentialAdmin(app, req, req.query.tenantId, (trx) => listRules(trx, req.query.text))));

  r.post('/um/api/admin/credentialRule/save', {
    schema: { tags, summary: 'Back-office: create or change a certificate rule (what earns it, title, issuer, text, validity, on/off); issued certificates keep their text', body: SaveCredentialRuleBody, response: { 200: Envelope(AdminCredentialRule) } },
  }, async (req) => {
    return ok(await asCredentialAdmin(app, req, req.body.tenantId, async (trx) => findRule(trx, await writeRule(trx, req.body.tenantId, req.body.id, cleanRule(req.body.rule)))), '保存成功');
  });

  r.post('/um/api/admin/credentialRule/delete', {
    schema: { tags, summary: 'Back-office: delete a rule that issued nothing (one that did can only be turned off)', body: TaskAdminIdBody, response: { 200: Envelope(Type.Null()) } },
  }, async (req) => {
    await asCredentialAdmin(app, req, req.body.tenantId, (trx) => deleteRule(trx, req.body.id));
    return ok(null, '已删除');
  });

  r.post('/um/api/admin/credentialRule/preview', {
    schema: { tags, summary: 'Back-office: the PDF a rule would print, for a sample holder (the certificate code of generateCertificate, base64 in the envelope)', body: PreviewCredentialBody, response: { 200: Envelope(CertificateFile) } },
  }, async (req) => {
    const { rule, lang, timeZone, source } = await asCredentialAdmin(app, req, req.body.tenantId, async (trx) => {
      const rule = cleanRule(req.body.rule);
      const tenant = await trx.selectFrom('tenant').select('time_zone').where('id', '=', req.body.tenantId).executeTakeFirstOrThrow();
      return { rule, lang: await tenantLanguage(trx), timeZone: tenant.time_zone, source: await sourceTitleOf(trx, rule.sourceKind, rule.sourceId) };
    });
    const issuedAt = new Date();
    const expiresAt = rule.validMonths === null ? null : new Date(new Date(issuedAt).setMonth(issuedAt.getMonth() + rule.validMonths));
    const name = SAMPLE_NAME[lang];
    // Rendered outside the transaction, as generateCertificate does: no connection is held while the font is subset.
    const pdf = await renderCertificate({
      title: rule.title, holderName: name, body: fillCredentialBody(rule.body, { source, name }), issuer: rule.issuer, issuedAt, expiresAt,
      code: 'XXXX-XXXX-XXXX', verifyUrl: `${req.protocol}://localhost/study/credential/verify?code=XXXX-XXXX-XXXX`, state: 'valid',
    }, lang, timeZone);
    return ok({ fileName: 'certificate-preview.pdf', contentType: 'application/pdf' as const, size: pdf.byteLength, data: Buffer.from(pdf).toString('base64') });
  });

  r.get('/um/api/admin/credentials', {
    schema: { tags, summary: 'Back-office: the certificates a rule issued, newest first, with their state; text matches the printed name or the account, paged', querystring: IssuedQuery, response: { 200: Envelope(IssuedPage) } },
  }, async (req) => {
    const { tenantId, ruleId, text, pageNo = 1, pageSize = 20 } = req.query;
    return ok(await asCredentialAdmin(app, req, tenantId, (trx) => listIssued(trx, { ruleId, text, pageNo, pageSize })));
  });

  r.post('/um/api/admin/credential/revoke', {
    schema: { tags, summary: 'Back-office: revoke an issued certificate with a reason its holder sees (the public page then says revoked)', body: RevokeBody, response: { 200: Envelope(Type.Null()) } },
  }, async (req) => {
    await asCredentialAdmin(app, req, req.body.tenantId, async (trx) => {
      const reason = req.body.reason.trim();
      if (!reason) throw fail('请填写撤销原因，持证人会看到它。', 'REVOKE_REASON_REQUIRED');
      await setRevoked(trx, req.body.id, { reason });
    });
    return ok(null, '已撤销');
  });

  r.post('/um/api/admin/credential/restore', {
    schema: { tags, summary: 'Back-office: restore a revoked certificate (valid again unless it expired)', body: TaskAdminIdBody, response: { 200: Envelope(Type.Null()) } },
  }, async (req) => {
    await asCredentialAdmin(app, req, req.body.tenantId, (trx) => setRevoked(trx, req.body.id, null));
    return ok(null, '已恢复');
  });

  r.get('/um/api/admin/credentialRule/sources', {
    schema: { tags, summary: 'Back-office: up to 20 published courses, tasks or exams whose title holds the text (what may earn a certificate)', querystring: SourcesQuery, response: { 200: Envelope(Type.Array(PickRow)) } },
  }, async (req) => ok(await asCredentialAdmin(app, req, req.query.tenantId, (trx) => pickSources(trx, req.query.kind, req.query.text))));
}
