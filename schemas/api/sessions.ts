// Issue 21 Y: switching the signed-in account into another tenant (POST /sm/sys/userTenantLogin),
// checking a token for a partner system (GET /dataapi/study/verifyToken) and the parameters of a
// WeChat-style QR login panel (GET /dataapi/study/weLoginPanelParameter). docs/api.md
// "Issue 21: tokens, sign-in panels, config and the app package".
import { Type, type Static } from 'typebox';
import { Id, TenantIdParam } from '../common';
import { Nullable } from './list';

/** The body of POST /sm/sys/userTenantLogin. */
export const UserTenantLoginBody = Type.Object({
  tenantId: TenantIdParam,
  targetTenantId: Id({ description: 'The tenant to switch into: one where an account has the signed-in account\'s mobile (GET /um/api/tenant/queryAuth lists them).' }),
});

/** A session of the target tenant: store it as that tenant's registration info (spec shell §3 "Stored locally per tenant"). */
export const UserTenantLoginResult = Type.Object({
  tenantId: Type.Integer({ description: 'The target tenant.' }),
  tenantCode: Type.String({ description: 'Its code: the first label of its host (acme → acme.localhost).' }),
  tenantName: Type.String(),
  id: Type.Integer({ description: 'The user id in the target tenant (not the one signed in now).' }),
  account: Type.String(),
  token: Type.String({ description: 'A new session token of the target tenant; the current session stays signed in.' }),
  expireTime: Type.String({ format: 'date-time', description: '15 days from now, as every session.' }),
});
export type UserTenantLoginResult = Static<typeof UserTenantLoginResult>;

/** The query of GET /dataapi/study/verifyToken. */
export const VerifyTokenQuery = Type.Object({
  tenantId: TenantIdParam,
  token: Type.Optional(Type.String({ maxLength: 128, description: 'The token to check. Prefer the `token` header: a query lands in access logs.' })),
});

/** A live session's user, the least a partner system needs to trust it. */
export const VerifiedToken = Type.Object({
  tenantId: Type.Integer(),
  userId: Type.Integer(),
  account: Type.String(),
  name: Type.String({ description: 'The real name, else the nickname, else the account.' }),
  expireTime: Type.String({ format: 'date-time', description: 'When the session ends unless revoked earlier (logout, password change).' }),
});
export type VerifiedToken = Static<typeof VerifiedToken>;

/** The query of GET /dataapi/study/weLoginPanelParameter. */
export const WeLoginPanelQuery = Type.Object({
  tenantId: TenantIdParam,
  provider: Type.Optional(Type.String({ maxLength: 32, description: 'The id of a wechat entry of Security.thirdPartyProviders; default: the first one.' })),
});

/** What a WeChat-style QR panel (wxLogin.js's WxLogin options) needs, and where the code goes after. */
export const WeLoginPanel = Type.Object({
  provider: Type.String({ description: 'The provider id; POST /um/api/user/thirdParty/login with it and the code the panel returns.' }),
  appid: Type.String(),
  scope: Type.String({ description: 'snsapi_login unless the provider entry says otherwise.' }),
  redirectUri: Type.String({ description: 'Where the panel sends the browser with code and state (the entry\'s redirectUri, else this host\'s /study/wx_login).' }),
  state: Type.String({ description: 'Signed with the tenant secret, bound to the tenant and the provider; it expires at expiresAt.' }),
  expiresAt: Type.Integer({ description: 'Epoch seconds after which the state is refused; ask again for a new panel.' }),
  qrUrl: Type.String({ description: 'The same parameters as the provider\'s own QR page, for a browser without the panel script.' }),
  style: Nullable(Type.String({ description: 'The panel style (black or white) from the entry, or null.' })),
});
export type WeLoginPanel = Static<typeof WeLoginPanel>;
