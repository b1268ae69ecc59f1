// The tenant calls of issue 21 W (spec shell §7 "Tenant and settings": GET /um/api/tenant/query,
// queryAuth, POST /um/api/tenant/register); docs/api.md "Issue 21: tenants". Server routes validate
// with these; src/api derives its types.
import { Type, type Static } from 'typebox';
import { Id, TenantIdParam } from '../common';
import { Nullable } from './list';

/** The portal variant a tenant runs (spec shell §1: the option function). */
export const TenantFunction = Type.Union([Type.Literal('study'), Type.Literal('shop'), Type.Literal('gpt')], {
  description: 'study (default), shop (has a cart) or gpt (AI chat): PcStartup.options.function.',
});
export type TenantFunction = Static<typeof TenantFunction>;

/** The tenant's default language (PcStartup.options.language). */
export const TenantLanguage = Type.Union([Type.Literal('zh'), Type.Literal('en')], { description: 'zh (default) or en.' });
export type TenantLanguage = Static<typeof TenantLanguage>;

export const TenantCardQuery = Type.Object({
  tenantId: Type.Optional(TenantIdParam),
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 63, description: 'A tenant code (host label); wins over id and tenantId.' })),
  id: Type.Optional(Id({ description: 'A tenant id; wins over tenantId (which the client adds to every call).' })),
});

/** A tenant's public card: what a sign-in page or a tenant switcher may show anyone. Nothing secret. */
export const TenantCard = Type.Object({
  id: Type.Integer(),
  code: Type.String({ description: 'The host label that selects the tenant.' }),
  name: Type.String(),
  appName: Type.String({ description: 'PcStartup.appName, else the name.' }),
  logoImg: Nullable(Type.String({ description: 'PcStartup.logoImg, else the default store\'s picture.' })),
  type: TenantFunction,
  tenantType: Type.Integer({ description: '1 enables the admin entry (spec shell §3).' }),
  language: TenantLanguage,
  registerOpen: Type.Boolean({ description: 'False when the tenant closed self-registration (PcLoginConfig.loginConfig.allowRegister).' }),
  loginTypes: Type.Array(Type.String(), { description: 'The sign-in tabs the tenant offers (account, mobile, …).' }),
});
export type TenantCard = Static<typeof TenantCard>;

/** One tenant the signed-in person may switch to (queryAuth). */
export const LinkedTenant = Type.Object({
  tenant: TenantCard,
  userId: Type.Integer({ description: 'The person\'s user id in that tenant.' }),
  account: Type.String({ description: 'The person\'s account name in that tenant.' }),
  current: Type.Boolean({ description: 'True for the tenant of the presented token (listed first).' }),
});
export type LinkedTenant = Static<typeof LinkedTenant>;

export const TenantRegisterBody = Type.Object({
  tenantId: Type.Optional(TenantIdParam),
  code: Type.String({ maxLength: 63, description: '2–32 characters: lowercase letters, digits and hyphens, starting and ending with a letter or digit; unique; becomes the host label.' }),
  name: Type.String({ maxLength: 100, description: 'The tenant\'s name (also its app name and store name).' }),
  type: Type.Optional(TenantFunction),
  language: Type.Optional(TenantLanguage),
  registerOpen: Type.Optional(Type.Boolean({ description: 'Whether learners may sign themselves up (default true: the admin has no other way to add accounts yet).' })),
  adminAccount: Type.Optional(Type.String({ maxLength: 32, description: 'The first admin\'s account name (default admin).' })),
  adminMobile: Type.Optional(Type.String({ maxLength: 32, description: 'The admin\'s 11-digit mobile, to sign in by code and to link the admin\'s other tenants.' })),
  timeZone: Type.Optional(Type.String({ maxLength: 64, description: 'IANA time zone of the tenant\'s calendar days (default Asia/Shanghai).' })),
}, { description: 'The tenantId the portal client adds to every body is ignored: the operator secret, not a tenant, authorises the call.' });

/** What register answers, once: the new tenant and its admin's one-time password. */
export const TenantRegistered = Type.Object({
  tenant: TenantCard,
  homePageCode: Type.String({ description: 'The home page (purpose 2) the tenant starts with, templates/pages/default-home.json.' }),
  address: Type.String({ description: 'The tenant\'s portal address on this server.' }),
  admin: Type.Object({
    userId: Type.Integer(),
    account: Type.String(),
    password: Type.String({ description: 'One-time password, shown only in this answer and stored only as a hash: change it at first sign-in.' }),
  }),
});
export type TenantRegistered = Static<typeof TenantRegistered>;
