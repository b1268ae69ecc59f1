// Issue 21 X's shared reads (schemas/api/profile-organ-dict.ts; docs/api.md "Issue 21: profile
// summary, find by mobile, the org tree, dictionaries"): the tenant's org tree, the learner's
// summary and dictionaries. The client adds tenantId and the token.
import type { DictOption, OrganNode, ProfileSummary } from '../../schemas/api/profile-organ-dict';
import { apiGet, type ApiOptions } from './client';

export type { DictOption, OrganNode, ProfileSummary } from '../../schemas/api/profile-organ-dict';

/** The tenant's departments, parents first (GET /um/api/organ/getOrganList). */
export const getOrganList = (opts: ApiOptions = {}) => apiGet<OrganNode[]>('/um/api/organ/getOrganList', {}, opts);

/** The signed-in learner's counts (GET /um/api/profile/searchSummary). */
export const getProfileSummary = (opts: ApiOptions = {}) => apiGet<ProfileSummary>('/um/api/profile/searchSummary', {}, opts);

/** A dictionary's options in the page's language (GET /sm/sysDict/dictOption). */
export const getDictOptions = (typeCode: string, lang?: 'zh' | 'en', opts: ApiOptions = {}) =>
  apiGet<DictOption[]>('/sm/sysDict/dictOption', { typeCode, ...(lang ? { lang } : {}) }, opts);
