// The um service's SSO and third-party sign-in contract (spec shell §4 "Login identities", §7), split
// from schemas/api/um.ts along that seam. Formats are checked in server/modules/um/sso.ts so a
// refusal names the field in words an integrator can act on.
import { Type, type Static } from 'typebox';
import { TenantIdParam, EpochSeconds } from '../common';
import { UserInfo } from './um';

const Text = (maxLength: number, description: string) => Type.String({ maxLength, description });

const SignedFields = {
  tenantId: TenantIdParam,
  appId: Text(64, 'An appId the tenant lists in Security.ssoApps.'),
  uname: Text(128, 'The account to sign in (it must exist in the tenant).'),
  uuid: Text(128, 'A fresh random id, 8-128 of A-Z a-z 0-9 _ -; each works once.'),
  oid: Type.Optional(Text(128, 'The integrator\'s organisation id; signed, logged, not used to choose the account.')),
  ts: EpochSeconds({ description: 'Unix time in seconds; within 5 minutes of the server clock.' }),
  sg: Text(128, 'hex HMAC-SHA256(appSecret, `${appId}|${oid ?? \'\'}|${uuid}|${uname}|${ts}`).'),
};

export const SsoLoginBody = Type.Object(SignedFields);
export const IssueTokenIdBody = Type.Object(SignedFields);

export const IssueTokenIdResult = Type.Object({
  tokenid: Type.String({ description: 'One-time code for /study/...?tokenid=…; exchanged by POST /um/api/user/exchangeToken.' }),
  expiresIn: Type.Integer({ description: 'Seconds the tokenid stays valid (120).' }),
});

export const ExchangeTokenBody = Type.Object({
  tenantId: TenantIdParam,
  tokenid: Text(128, 'The code from issueTokenId.'),
});

export const AuthInfoQuery = Type.Object({
  tenantId: TenantIdParam,
  token: Type.Optional(Text(128, 'The sso_token (spec shell §7). Prefer the `token` header: a query lands in access logs.')),
});

/** The login info of an sso_token: the session it names (spec shell §3 "Login info"). */
export const AuthInfo = Type.Object({
  tenantId: Type.Integer(),
  id: Type.Integer({ description: 'The user id.' }),
  token: Type.String({ description: 'The same token; the browser keeps using it as its session.' }),
  expireTime: Type.String({ format: 'date-time' }),
  userInfo: UserInfo,
});
export type AuthInfo = Static<typeof AuthInfo>;

export const ThirdLoginQuery = Type.Object({
  tenantId: TenantIdParam,
  state: Type.Optional(Text(128, 'The browser\'s random state; with redirectUri, each entry gets its authorizeUrl.')),
  redirectUri: Type.Optional(Text(512, 'Where the provider sends the browser back (…/study/wx_login).')),
});

export const ThirdProviderEntry = Type.Object({
  id: Type.String(),
  name: Type.String({ description: 'The button text.' }),
  type: Type.String({ description: 'oidc, wechat, or a type the deployment registered.' }),
  authorizeUrl: Type.Optional(Type.String({ description: 'Present when state and redirectUri were given.' })),
});
export type ThirdProviderEntry = Static<typeof ThirdProviderEntry>;

export const ThirdPartyLoginBody = Type.Object({
  tenantId: TenantIdParam,
  provider: Text(32, 'The provider id from thirdLogin.'),
  code: Text(2048, 'The code the provider sent back.'),
  state: Type.Optional(Text(128, 'Echoed for the log; the browser checks it against the one it sent.')),
  redirectUri: Text(512, 'The same redirectUri the authorize step used (providers compare them).'),
});

/** Messages of the SSO calls. */
export const SsoMessages = {
  badRequest: (detail: string) => `单点登录参数无效：${detail}`,
  appNotAllowed: '该应用未被允许单点登录',
  expired: '单点登录请求已过期，请重新进入',
  badSignature: '单点登录签名无效',
  replayed: '单点登录请求已使用过，请重新进入',
  unknownAccount: '账号不存在，请联系管理员',
  busy: '单点登录繁忙，请稍后再试',
  tokenIdInvalid: '登录凭证无效或已过期',
  ssoTokenInvalid: '登录信息无效或已过期',
  providerNotConfigured: '该企业尚未配置此第三方登录',
  thirdPartyFailed: '第三方登录失败，请重试',
  registerClosed: '该企业未开放注册，请联系管理员开通账号。',
} as const;
