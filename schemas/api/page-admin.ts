// The page designer's calls (issue 16; docs/api.md "Page designer (admin)"): a tenant admin lists,
// creates, edits (draft + revision), publishes, restores and deletes the tenant's home and tab pages.
// Server routes validate with these; the designer's client calls derive their types from them.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import type { PageTemplateV2 } from '../page-template';
import { Nullable } from './list';

const PageId = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The page id.' });
const Revision = Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'The draft revision the change is based on; it rises by one at every saveDraft, restore and publish.' });
/** A format-2 template in an answer: typed as PageTemplateV2, serialised as it is stored (the cyclic block schema is for checking input, not for the serialiser). */
const TemplateOut = Type.Unsafe<PageTemplateV2>(Type.Unknown({ description: 'A format-2 template (schemas/page-template.ts PageTemplateV2).' }));
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'A published version of the page, from 1.' });

/** Longest page name and menu name the designer accepts. */
export const PAGE_NAME_MAX = 40;
export const PAGE_MENU_NAME_MAX = 12;
/** Tab page codes: spec learning §tab pages open at /tabBarIndex/{pageCode} and start with Pzy_. */
export const TAB_PAGE_CODE_PATTERN = '^Pzy_[A-Za-z0-9_-]{1,60}$';

/** One page as the designer's list shows it. */
export const AdminPageSummary = Type.Object({
  pageId: Type.Integer(),
  pageCode: Type.String(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('home'), Type.Literal('tab')], { description: 'home: a store\'s home page (the home switcher lists it); tab: a Pzy_ page opened at /tabBarIndex/{pageCode}.' }),
  storeId: Nullable(Type.Integer({ description: 'The store a home page belongs to; null for tab pages.' })),
  isDefault: Type.Boolean({ description: 'The tenant\'s default home page, which cannot be deleted.' }),
  publishedVersion: Nullable(Type.Integer({ description: 'The latest published version; null when never published.' })),
  hasDraft: Type.Boolean(),
  revision: Type.Integer(),
  updatedBy: Nullable(Type.String({ description: 'Who made the last change (draft or publish).' })),
  updatedAt: Nullable(Type.String({ description: 'ISO time of the last change (draft or publish).' })),
  menu: Nullable(Type.Object({ navigateId: Type.Integer(), name: Type.String() }, { description: 'Tab pages: the navbar menu opening /tabBarIndex/{pageCode}.' })),
});
export type AdminPageSummary = Static<typeof AdminPageSummary>;

/** One reason a template was refused: the block path and field it concerns. */
export const TemplateIssue = Type.Object({
  path: Type.String({ description: 'Where, e.g. blocks[2].slots.left[0].' }),
  blockId: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  field: Type.Optional(Type.String()),
  message: Type.String(),
});
export type TemplateIssue = Static<typeof TemplateIssue>;

/** One block migrated to its widget's current version when the draft was saved. */
export const UpgradeEntry = Type.Object({
  path: Type.String(),
  blockId: Type.String(),
  type: Type.String(),
  from: Type.Integer(),
  to: Type.Integer(),
  migrations: Type.Array(Type.String(), { description: 'Names of the migration steps that ran.' }),
});
export type UpgradeEntry = Static<typeof UpgradeEntry>;

// --- GET /cfg/api/admin/page/list ---
export const PageListAdminQuery = Type.Object({ tenantId: TenantIdParam });
export const PageListAdminResult = Type.Object({ pages: Type.Array(AdminPageSummary) });
export type PageListAdminResult = Static<typeof PageListAdminResult>;

// --- GET /cfg/api/admin/page/get ---
export const PageGetAdminQuery = Type.Object({ tenantId: TenantIdParam, pageId: PageId });
export const PageGetAdminResult = Type.Object({
  page: AdminPageSummary,
  template: TemplateOut,
  revision: Type.Integer(),
  isDraft: Type.Boolean({ description: 'true: the template is the draft; false: there is no draft and this is the published template.' }),
});
export type PageGetAdminResult = Static<typeof PageGetAdminResult>;

// --- POST /cfg/api/admin/page/create ---
export const CreateHomePageBody = Type.Object({
  tenantId: TenantIdParam,
  kind: Type.Literal('home'),
  name: Type.String({ minLength: 1, maxLength: PAGE_NAME_MAX }),
  storeId: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The store whose home switcher lists the page.' }),
});
export const CreateTabPageBody = Type.Object({
  tenantId: TenantIdParam,
  kind: Type.Literal('tab'),
  name: Type.String({ minLength: 1, maxLength: PAGE_NAME_MAX }),
  pageCode: Type.String({ pattern: TAB_PAGE_CODE_PATTERN, description: 'Starts with Pzy_; unique inside the tenant.' }),
  menuName: Type.Optional(Type.String({ minLength: 1, maxLength: PAGE_MENU_NAME_MAX, description: 'With it, a navbar menu opening /tabBarIndex/{pageCode} is added.' })),
});
export const CreatePageBody = Type.Union([CreateHomePageBody, CreateTabPageBody]);
export type CreatePageBody = Static<typeof CreatePageBody>;
/** The request without tenantId, as the client helpers take it. */
export type CreatePageInput = { kind: 'home'; name: string; storeId: number } | { kind: 'tab'; name: string; pageCode: string; menuName?: string };
export const CreatePageResult = Type.Object({ page: AdminPageSummary });
export type CreatePageResult = Static<typeof CreatePageResult>;

// --- POST /cfg/api/admin/page/saveDraft ---
export const SaveDraftBody = Type.Object({
  tenantId: TenantIdParam,
  pageId: PageId,
  template: Type.Unknown({ description: 'A format-2 template; checked on the server against the widgets\' contracts.' }),
  revision: Revision,
});
export type SaveDraftBody = Static<typeof SaveDraftBody>;
export const SaveDraftResult = Type.Object({ revision: Type.Integer(), upgraded: Type.Array(UpgradeEntry) });
export type SaveDraftResult = Static<typeof SaveDraftResult>;
/** The data of a saveDraft refused for its template (400). */
export const TemplateRefused = Type.Object({ errors: Type.Array(TemplateIssue) });
export type TemplateRefused = Static<typeof TemplateRefused>;

// --- POST /cfg/api/admin/page/publish ---
export const PublishBody = Type.Object({ tenantId: TenantIdParam, pageId: PageId, revision: Revision });
export type PublishBody = Static<typeof PublishBody>;
export const PublishResult = Type.Object({ version: Type.Integer(), publishedAt: Type.String({ description: 'ISO time.' }) });
export type PublishResult = Static<typeof PublishResult>;

// --- GET /cfg/api/admin/page/versions ---
export const VersionsQuery = Type.Object({ tenantId: TenantIdParam, pageId: PageId });
export const PageVersionSummary = Type.Object({
  version: Type.Integer(),
  publishedBy: Nullable(Type.String()),
  publishedAt: Type.String({ description: 'ISO time.' }),
  blockCount: Type.Integer({ description: 'Blocks in the version, nested ones included.' }),
});
export type PageVersionSummary = Static<typeof PageVersionSummary>;
export const VersionsResult = Type.Object({ versions: Type.Array(PageVersionSummary, { description: 'Newest first.' }) });
export type VersionsResult = Static<typeof VersionsResult>;

// --- GET /cfg/api/admin/page/version ---
export const VersionQuery = Type.Object({ tenantId: TenantIdParam, pageId: PageId, version: Version });
export const VersionResult = Type.Object({ version: Type.Integer(), template: TemplateOut });
export type VersionResult = Static<typeof VersionResult>;

// --- POST /cfg/api/admin/page/restore ---
export const RestoreBody = Type.Object({ tenantId: TenantIdParam, pageId: PageId, version: Version, revision: Revision });
export type RestoreBody = Static<typeof RestoreBody>;
export const RestoreResult = Type.Object({ revision: Type.Integer() });
export type RestoreResult = Static<typeof RestoreResult>;

// --- POST /cfg/api/admin/page/delete ---
export const DeletePageBody = Type.Object({
  tenantId: TenantIdParam,
  pageId: PageId,
  withMenu: Type.Optional(Type.Boolean({ description: 'A tab page with a navbar menu is deleted only with true; the menu goes with it.' })),
});
export type DeletePageBody = Static<typeof DeletePageBody>;
export const DeletePageResult = Type.Object({});

/** The 409 of saveDraft, publish and restore on a stale revision (zh, as the rest of cfg). */
export const STALE_REVISION_MESSAGE = '另一位管理员已保存了此页面的新版本，请重新加载后再修改';
