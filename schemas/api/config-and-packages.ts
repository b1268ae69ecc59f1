// Issue 21 Y: one public setting by key (GET /cfg/api/config/get), the root categories a tenant
// names for a purpose (GET /cfg/api/config/getCatRoot) and the newest app package of a platform
// (GET /cfg/api/package/latest). docs/api.md "Issue 21: tokens, sign-in panels, config and the app
// package".
import { Type, type Static } from 'typebox';
import { Id, Int32, TenantIdParam } from '../common';
import { Nullable } from './list';

/** The setting groups anyone may read one key of: the groups of the start-up answer (spec shell §3). */
export const PUBLIC_CONFIG_GROUPS = ['PcStartup', 'sys_init_param', 'Security', 'PcFoot', 'Study', 'PcLoginConfig'] as const;

/** The query of GET /cfg/api/config/get. */
export const ConfigGetQuery = Type.Object({
  tenantId: TenantIdParam,
  paramKey: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$', description: 'The setting\'s key, e.g. appName.' }),
  paramGroup: Type.Optional(Type.String({ maxLength: 64, description: `Its group (${PUBLIC_CONFIG_GROUPS.join(', ')}); needed only when two public groups have the key.` })),
  storeId: Type.Optional(Id({ description: 'A store whose own value replaces the tenant-wide one; default the first store.' })),
});

/** The query of GET /cfg/api/config/getCatRoot. */
export const CatRootQuery = Type.Object({
  tenantId: TenantIdParam,
  purpose: Int32({ minimum: 1, maximum: 99, description: 'The catalogue (spec shell §2 "Link behaviour": 1 course, 2 knowledge, 3 content, 4 product, …).' }),
  storeId: Type.Optional(Id({ description: 'A store whose own Study.catRoot replaces the tenant-wide one.' })),
});

/** A root category of a catalogue. */
export const CatRootItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  purpose: Type.Integer(),
  path: Type.String({ description: 'The category path (its ancestors\' ids and its own), for the categoryPath query of a list.' }),
  icon: Nullable(Type.String()),
  childCount: Type.Integer({ description: 'Its enabled sub-categories.' }),
});
export type CatRootItem = Static<typeof CatRootItem>;

/** The platforms an app package is built for. */
export const APP_PLATFORMS = ['android', 'ios', 'pc'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/** A version: 1 to 4 dot-separated numbers (2.4.0). */
export const VERSION_PATTERN = '^\\d{1,6}(\\.\\d{1,6}){0,3}$';

/** The query of GET /cfg/api/package/latest. */
export const PackageLatestQuery = Type.Object({
  tenantId: TenantIdParam,
  platform: Type.Union(APP_PLATFORMS.map((p) => Type.Literal(p)), { description: 'android, ios or pc.' }),
  currentVersion: Type.Optional(Type.String({ pattern: VERSION_PATTERN, maxLength: 30, description: 'The installed version: the answer then says whether an update exists and whether it is required.' })),
});

/** The newest published package of a platform. */
export const AppPackage = Type.Object({
  platform: Type.String(),
  version: Type.String(),
  notes: Type.String({ description: 'What changed, plain text, lines separated by \\n.' }),
  downloadUrl: Type.String(),
  minVersion: Type.String({ description: 'Installed versions below it must update before use.' }),
  size: Nullable(Type.Integer({ description: 'Bytes; null when unknown.' })),
  sha256: Nullable(Type.String({ description: 'Hex digest of the file, to check the download; null when unknown.' })),
  publishedAt: Type.String({ format: 'date-time' }),
  hasUpdate: Nullable(Type.Boolean({ description: 'version > currentVersion; null without currentVersion.' })),
  updateRequired: Nullable(Type.Boolean({ description: 'currentVersion < minVersion; null without currentVersion.' })),
});
export type AppPackage = Static<typeof AppPackage>;
