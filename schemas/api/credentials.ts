// Credentials (issue 19 part E; spec learning §2 "Archives" certificatesDetail, "Personal center"
// myCredentials; §7 /um/api/userCredentials/list, getCredentialsInfo, modify and
// /dataapi/tool/generateCertificate; the public /um/api/userCredentials/verify is ours). Server
// routes validate with these (server/modules/um/credentials-*.ts); src/api/credentials.ts derives
// its types. Rules: docs/growth.md "Credentials".
import { Type, type Static } from 'typebox';
import { Id, TenantIdParam, Text } from '../common';
import { Nullable, PageNo, PageSize } from './list';

const DateTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });

/** The printed name: at most this many characters after trimming. */
export const HOLDER_NAME_MAX = 40;

/** valid 有效, expired 已过期 (past expiresAt), revoked 已撤销 (by the tenant; never valid again). */
export const CredentialState = Type.Union([Type.Literal('valid'), Type.Literal('expired'), Type.Literal('revoked')]);
export type CredentialState = Static<typeof CredentialState>;

/** What earned it: a course finished, a task finished, an exam passed. */
export const CredentialSourceKind = Type.Union([Type.Literal('course'), Type.Literal('task'), Type.Literal('exam')]);
export type CredentialSourceKind = Static<typeof CredentialSourceKind>;

/** One certificate as its holder sees it. */
export const UserCredential = Type.Object({
  id: Type.Integer(),
  title: Type.String({ description: 'The certificate\'s title.' }),
  issuer: Type.String(),
  body: Type.String({ description: 'The certificate\'s text, the holder\'s name and what was finished filled in.' }),
  holderName: Type.String({ description: 'The name printed on it; the holder may change it (modify).' }),
  sourceKind: CredentialSourceKind,
  sourceId: Type.Integer(),
  sourceTitle: Type.String({ description: 'The course, task or exam as it was titled when the certificate was issued.' }),
  issuedAt: DateTime(),
  expiresAt: Nullable(DateTime('null: never expires.')),
  state: CredentialState,
  revokeReason: Nullable(Type.String()),
  code: Type.String({ description: 'The verification code, XXXX-XXXX-XXXX.' }),
  publicVerify: Type.Boolean({ description: 'false: the public verification answers "not found".' }),
  verifyPath: Type.String({ description: 'The public verification page under the portal\'s origin: /study/credential/verify?code=…&tenantId=….' }),
});
export type UserCredential = Static<typeof UserCredential>;

export const CredentialsListQuery = Type.Object({
  tenantId: TenantIdParam,
  pageNo: Type.Optional(PageNo),
  pageSize: Type.Optional(PageSize),
  state: Type.Optional(CredentialState),
});
export type CredentialsListQuery = Static<typeof CredentialsListQuery>;

export const CredentialIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The credential id.' }) });

/** What a holder may change: the printed name, and whether the public page confirms the certificate. */
export const CredentialModifyBody = Type.Object({
  tenantId: TenantIdParam,
  id: Id({ description: 'The credential id.' }),
  holderName: Type.Optional(Text({ minLength: 1, maxLength: 60, description: `The name to print (trimmed, 1–${HOLDER_NAME_MAX} characters).` })),
  publicVerify: Type.Optional(Type.Boolean()),
});
export type CredentialModifyBody = Static<typeof CredentialModifyBody>;

export const GenerateCertificateBody = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The credential id (the holder\'s own).' }) });

/** The rendered certificate: a PDF, base64 inside the envelope (every response is the envelope). */
export const CertificateFile = Type.Object({
  fileName: Type.String({ description: 'A file name for saving it, e.g. certificate-ABCD-EFGH-JKLM.pdf.' }),
  contentType: Type.Literal('application/pdf'),
  size: Type.Integer({ description: 'Bytes of the PDF.' }),
  data: Type.String({ contentEncoding: 'base64', description: 'The PDF, base64.' }),
});
export type CertificateFile = Static<typeof CertificateFile>;

export const CredentialVerifyQuery = Type.Object({
  tenantId: TenantIdParam,
  code: Type.String({ minLength: 1, maxLength: 40, description: 'The verification code as printed or typed (case, spaces and dashes do not matter).' }),
});

/** What the public verification shows: the state, and for a known code the holder, title, issuer and dates only. */
export const CredentialVerification = Type.Object({
  state: Type.Union([CredentialState, Type.Literal('notFound')], { description: 'notFound: no such code, or the holder keeps it private.' }),
  code: Type.String({ description: 'The code as normalised.' }),
  holderName: Nullable(Type.String()),
  title: Nullable(Type.String()),
  issuer: Nullable(Type.String()),
  issuedAt: Nullable(DateTime()),
  expiresAt: Nullable(DateTime()),
});
export type CredentialVerification = Static<typeof CredentialVerification>;
