// Credentials calls (issue 19 part E; spec learning §7 "User-related (um)" userCredentials list,
// getCredentialsInfo, modify; "Content and learning" POST /dataapi/tool/generateCertificate; the
// public GET /um/api/userCredentials/verify is ours; schemas/api/credentials.ts; docs/growth.md
// "Credentials"). The holder's calls need the holder signed in; verification needs no sign-in and
// shows the holder, title, issuer and dates only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant, requireTenant } from '../../lib/tenant-context';
import { rateWindowAllows } from '../../lib/rate-window';
import { normaliseVerificationCode } from '../../lib/credentials';
import {
  CertificateFile, CredentialIdQuery, CredentialModifyBody, CredentialsListQuery, CredentialVerification, CredentialVerifyQuery,
  GenerateCertificateBody, HOLDER_NAME_MAX, UserCredential,
} from '../../../schemas/api/credentials';
import { findMyCredential, listMyCredentials, modifyMyCredential, tenantLanguage, verifyCode } from './credentials-repository';
import { renderCertificate } from './credentials-certificate';

/** Certificate PDFs one learner may render a minute. */
export const PDFS_PER_MINUTE = 20;
/** Verification codes one address may check a minute. */
export const VERIFY_PER_MINUTE = 60;

const tags = ['um'];

const notFound = (id: number) => new ApiError(`没有找到这张证书（编号 ${id}），它可能不属于当前账号。`, { code: 404, errorCode: 'CREDENTIAL_NOT_FOUND' });

// A host as a browser sends it: letters, digits, dots, dashes and a port. Anything else is not
// printed into a QR code; the deployment's own address stands in.
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/** The portal's origin as the caller reached it, for the verification URL in the QR code. */
function originOf(req: FastifyRequest): string {
  const host = req.host;
  return `${req.protocol}://${HOST.test(host) ? host : 'localhost'}`;
}

/** The credentials calls; registered from umService. */
export async function credentialsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/um/api/userCredentials/list', {
    schema: {
      tags, summary: 'My certificates, newest first, with their state (valid, expired, revoked); state keeps one state only',
      querystring: CredentialsListQuery, response: { 200: Envelope(Paged(UserCredential)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, state } = req.query;
    return readTenant(app, user.tenantId, async (trx) => ok({ ...(await listMyCredentials(trx, user.tenantId, user.userId, { pageNo, pageSize, state })), pageNo, pageSize }));
  });

  r.get('/um/api/userCredentials/getCredentialsInfo', {
    schema: {
      tags, summary: 'One of my certificates in full: text, dates, state, verification code and the public verification path',
      querystring: CredentialIdQuery, response: { 200: Envelope(UserCredential) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const credential = await findMyCredential(trx, user.tenantId, user.userId, req.query.id);
      if (!credential) throw notFound(req.query.id);
      return ok(credential);
    });
  });

  r.post('/um/api/userCredentials/modify', {
    schema: {
      tags, summary: 'Changes what the holder may change on a certificate: the printed name and whether the public page confirms it',
      body: CredentialModifyBody, response: { 200: Envelope(UserCredential) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const holderName = req.body.holderName?.replace(/\s+/g, ' ').trim();
    if (holderName !== undefined && (holderName.length === 0 || holderName.length > HOLDER_NAME_MAX)) {
      throw new ApiError(`证书上的姓名需为 1–${HOLDER_NAME_MAX} 个字符，当前 ${holderName.length} 个。`, { code: 400, errorCode: 'VALIDATION' });
    }
    if (holderName === undefined && req.body.publicVerify === undefined) {
      throw new ApiError('没有要修改的内容：请填写证书上的姓名，或选择是否公开验证。', { code: 400, errorCode: 'VALIDATION' });
    }
    return readTenant(app, user.tenantId, async (trx) => {
      const current = await findMyCredential(trx, user.tenantId, user.userId, req.body.id);
      if (!current) throw notFound(req.body.id);
      // docs/growth.md "Credentials": a revoked certificate is kept as it was revoked.
      if (current.state === 'revoked') throw new ApiError('这张证书已被撤销，不能再修改。', { code: 409, errorCode: 'CREDENTIAL_REVOKED' });
      await modifyMyCredential(trx, user.userId, req.body.id, { holderName, publicVerify: req.body.publicVerify });
      return ok((await findMyCredential(trx, user.tenantId, user.userId, req.body.id))!, '已保存');
    });
  });

  r.post('/dataapi/tool/generateCertificate', {
    schema: {
      tags: ['dataapi'], summary: 'Renders one of my certificates as a PDF (Chinese font embedded, QR code of the verification URL), base64 in the envelope',
      body: GenerateCertificateBody, response: { 200: Envelope(CertificateFile) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    // Subsetting the font costs tens of ms of CPU: a learner renders at most PDFS_PER_MINUTE a minute (all nodes).
    if (!(await rateWindowAllows(app.db.app, { tenantId: user.tenantId, bucket: `certificate-pdf:${user.userId}`, limit: PDFS_PER_MINUTE, windowMs: 60_000 }))) {
      throw new ApiError('证书生成太频繁，请一分钟后再试。', { code: 429, errorCode: 'RATE_LIMITED' });
    }
    const { credential, lang, timeZone } = await readTenant(app, user.tenantId, async (trx) => {
      const found = await findMyCredential(trx, user.tenantId, user.userId, req.body.id);
      if (!found) throw notFound(req.body.id);
      const tenant = await trx.selectFrom('tenant').select('time_zone').where('id', '=', user.tenantId).executeTakeFirstOrThrow();
      return { credential: found, lang: await tenantLanguage(trx), timeZone: tenant.time_zone };
    });
    // Rendered outside the transaction: it holds no connection while the font is subset.
    const pdf = await renderCertificate({
      title: credential.title, holderName: credential.holderName, body: credential.body, issuer: credential.issuer,
      issuedAt: new Date(credential.issuedAt), expiresAt: credential.expiresAt ? new Date(credential.expiresAt) : null,
      code: credential.code, verifyUrl: `${originOf(req)}${credential.verifyPath}`, state: credential.state,
    }, lang, timeZone);
    return ok({ fileName: `certificate-${credential.code}.pdf`, contentType: 'application/pdf' as const, size: pdf.byteLength, data: Buffer.from(pdf).toString('base64') });
  });

  r.get('/um/api/userCredentials/verify', {
    schema: {
      tags, summary: 'Public (no sign-in): checks a verification code; valid, expired, revoked or notFound, with the holder, title, issuer and dates only',
      querystring: CredentialVerifyQuery, response: { 200: Envelope(CredentialVerification) },
    },
  }, async (req) => {
    const code = normaliseVerificationCode(req.query.code);
    // Public: an address may check VERIFY_PER_MINUTE codes a minute (all nodes), so codes cannot be walked.
    await requireTenant(app.db.app, req.query.tenantId);
    if (!(await rateWindowAllows(app.db.app, { tenantId: req.query.tenantId, bucket: `credential-verify:${req.ip}`, limit: VERIFY_PER_MINUTE, windowMs: 60_000 }))) {
      throw new ApiError('验证太频繁，请一分钟后再试。', { code: 429, errorCode: 'RATE_LIMITED' });
    }
    return readTenant(app, req.query.tenantId, async (trx) => ok(await verifyCode(trx, code)));
  });
}
