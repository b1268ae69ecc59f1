import { Type, type Static } from 'typebox';
import { ConfigItem, GlobalStyle, NavigateItem } from './tenant-settings';

/**
 * A demo tenant file in templates/tenants/*.json. The seed validates each file against this schema
 * before writing anything, so a broken file stops the seed with a message naming the field.
 */
export const TenantSeed = Type.Object(
  {
    id: Type.Integer({ minimum: 1, description: 'Tenant id (numeric; tenant 1533 has its own home and login).' }),
    code: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$', description: 'Host label that selects this tenant, e.g. acme for acme.localhost.' }),
    name: Type.String({ minLength: 1 }),
    tenantType: Type.Integer({ description: '1 enables the admin entry in the user menu.' }),
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone of the tenant\'s calendar days (study time per day); default Asia/Shanghai.' })),
    stores: Type.Array(
      Type.Object({
        id: Type.Integer({ minimum: 1 }),
        name: Type.String({ minLength: 1 }),
        thumbImg: Type.Optional(Type.String()),
        orgPath: Type.Optional(Type.String()),
        state: Type.Integer(),
        globalStyle: GlobalStyle,
      }),
      { minItems: 1, description: 'The first store is the default one.' },
    ),
    configList: Type.Array(Type.Intersect([ConfigItem, Type.Object({ storeId: Type.Optional(Type.Integer()) })])),
    navigateList: Type.Array(NavigateItem),
    pages: Type.Array(
      Type.Object({
        pageId: Type.Integer({ minimum: 1 }),
        name: Type.String({ minLength: 1 }),
        pageCode: Type.String({ minLength: 1 }),
        type: Type.Integer(),
        storeId: Type.Optional(Type.Integer()),
        purpose: Type.Integer({ description: '2: a home page (the pages list asks purpose 2).' }),
        state: Type.Integer({ description: '1: published.' }),
        thumbImg: Type.Optional(Type.String()),
        sort: Type.Optional(Type.Integer()),
        template: Type.Optional(Type.Unknown({ description: 'The page template (see docs/templates.md).' })),
        templateFile: Type.Optional(Type.String({
          pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*\\.json$',
          description: 'A file in templates/pages/ whose JSON the seed stores as the page template (instead of an inline template). A home page with neither gets templates/pages/default-home.json.',
        })),
      }),
    ),
    users: Type.Array(
      Type.Object({
        account: Type.String({ minLength: 1 }),
        password: Type.String({ minLength: 8, description: 'Plain text in the seed only; stored as scrypt(md5(trimmed)).' }),
        realName: Type.Optional(Type.String()),
        nickName: Type.Optional(Type.String()),
        mobile: Type.Optional(Type.String()),
        adminAuth: Type.Optional(Type.Boolean()),
      }),
    ),
  },
  { $id: 'TenantSeed', title: 'Demo tenant file' },
);
export type TenantSeed = Static<typeof TenantSeed>;
