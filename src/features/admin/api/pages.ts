// The page designer's calls (issue 16, docs/api.md "Page designer"): one function per server call of
// /cfg/api/admin/page/*, typed from the server's schemas (schemas/api/page-admin.ts). Reads are
// silent (the designer shows its own state); saves are silent too, because the designer turns a
// refusal into its own banner (conflict, invalid block) instead of a toast per autosave. Publish,
// restore and delete are silent for a 409 only: their callers show it (the conflict text, or the
// question about the page's menu), and any other failure gets the usual alert.
import { apiGet, apiPost, ApiError } from '../../../api/client';
import { reportFailure } from '../../../api/error-catalogue';
import type { PageTemplateV2 } from '../../../../schemas/page-template';
import type {
  CreatePageInput, CreatePageResult, PageGetAdminResult, PageListAdminResult, PublishResult, RestoreResult, SaveDraftResult, VersionResult, VersionsResult,
} from '../../../../schemas/api/page-admin';

export type { AdminPageSummary, PageVersionSummary, TemplateIssue, UpgradeEntry } from '../../../../schemas/api/page-admin';

const BASE = '/cfg/api/admin/page';

/**
 * Runs a call made `silent` and reports its failure as the client would, except a 409, which the
 * caller shows itself (the publish dialog's and history's conflict text, the page list's question
 * about the menu): reported too, it showed the same refusal twice.
 */
async function silentOnConflict<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && !isConflict(error)) {
      reportFailure({ status: error.status, envelope: error.flag === null ? null : { message: error.message, code: error.code, flag: error.flag, ...(error.errorCode ? { errorCode: error.errorCode } : {}) } });
    }
    throw error;
  }
}

/** The tenant's pages (home pages per store and tab pages). */
export const listPages = (signal?: AbortSignal) =>
  apiGet<PageListAdminResult>(`${BASE}/list`, undefined, signal ? { silent: true, signal } : { silent: true });

/** A page's draft (or its published template when it has none) with the revision it is at. */
export const getPageDraft = (pageId: number, signal?: AbortSignal) =>
  apiGet<PageGetAdminResult>(
    `${BASE}/get`, { pageId }, signal ? { silent: true, signal, batch: false } : { silent: true, batch: false },
  );

/** A new home page (for a store) or tab page (code starting Pzy_, optionally with a navbar menu). */
export const createPage = (body: CreatePageInput) =>
  apiPost<CreatePageResult>(`${BASE}/create`, body);

/** Saves the draft; refused with 409 when `revision` is stale, 400 when a block is invalid. */
export const saveDraft = (body: { pageId: number; template: PageTemplateV2; revision: number }) =>
  apiPost<SaveDraftResult>(`${BASE}/saveDraft`, body, { silent: true });

/** Publishes the draft at `revision`. */
export const publishPage = (body: { pageId: number; revision: number }) =>
  silentOnConflict(apiPost<PublishResult>(`${BASE}/publish`, body, { silent: true }));

/** The published versions of a page, newest first. */
export const listVersions = (pageId: number, signal?: AbortSignal) =>
  apiGet<VersionsResult>(
    `${BASE}/versions`, { pageId }, signal ? { silent: true, signal } : { silent: true },
  );

/** One published version's template (the history panel previews it in the canvas). */
export const getVersion = (pageId: number, version: number, signal?: AbortSignal) =>
  apiGet<VersionResult>(`${BASE}/version`, { pageId, version }, signal ? { silent: true, signal } : { silent: true });

/** Makes an old version the draft (newer versions stay). */
export const restoreVersion = (body: { pageId: number; version: number; revision: number }) =>
  silentOnConflict(apiPost<RestoreResult>(`${BASE}/restore`, body, { silent: true }));

/** Deletes a page; a tab page with a menu needs `withMenu: true` (409 without it names the menu). */
export const deletePage = (body: { pageId: number; withMenu?: boolean }) =>
  silentOnConflict(apiPost<Record<string, never>>(`${BASE}/delete`, body, { silent: true }));

/** True for the refusal of a stale revision (another admin saved meanwhile). */
export const isConflict = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === 409 || error.status === 409);

