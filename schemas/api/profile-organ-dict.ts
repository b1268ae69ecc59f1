// Issue 21 X's calls (spec shell §7 "/um/api/profile/searchSummary", "/um/api/user/findByMobile",
// "/um/api/organ/getOrganList", "/sm/sysDict/dictOption"; the rules are ours, docs/api.md
// "Issue 21: profile summary, find by mobile, the org tree, dictionaries").
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

/** The signed-in learner's counts for the personal center's header. */
export const ProfileSummary = Type.Object({
  courseCount: Count('Published courses the learner studied a lesson of (as my courses lists them).'),
  finishedCourseCount: Count('Of those, the ones whose every lesson the learner finished (the one finish rule).'),
  finishedContentCount: Count('Contents the learner finished.'),
  studySeconds: Count('Study time in seconds, all days (the study calendar\'s days summed).'),
  points: Count('The learner\'s points total.'),
  certificateCount: Count('Certificates held: not revoked, not expired.'),
  favoriteCount: Count('Favourites: courses and contents, and shop products.'),
  followCount: Count('Authors the learner follows.'),
});
export type ProfileSummary = Static<typeof ProfileSummary>;

/** The body of POST /um/api/user/findByMobile (account recovery's first step). */
export const FindByMobileBody = Type.Object({
  tenantId: TenantIdParam,
  mobile: Type.String({ maxLength: 32, description: '11-digit mobile number.' }),
  captchaUuid: Type.Optional(Type.String({ maxLength: 64, description: 'A passed slider captcha, for an address that asked codes for several numbers.' })),
});

/** What findByMobile answers: the same for every well-formed number. */
export const FindByMobileResult = Type.Object({
  mobile: Type.String({ description: 'The number as entered, masked: first 3 and last 4 digits.' }),
  retryAfter: Type.Integer({ description: 'Seconds before asking again for this number.' }),
});
export type FindByMobileResult = Static<typeof FindByMobileResult>;

/** One department of the tenant's organisation tree. */
export const OrganNode = Type.Object({
  id: Type.Integer(),
  parentId: Type.Union([Type.Integer(), Type.Null()], { description: 'The parent department; null: a root.' }),
  name: Type.String(),
  sort: Type.Integer({ description: 'Order among siblings.' }),
  level: Type.Integer({ minimum: 0, description: 'Depth: 0 for a root.' }),
  path: Type.String({ description: 'The names from the root down, joined with " / ".' }),
});
export type OrganNode = Static<typeof OrganNode>;

/** The tree, parents before children, siblings by sort (depth-first). */
export const OrganList = Type.Array(OrganNode);

export const DictLang = Type.Union([Type.Literal('zh'), Type.Literal('en')]);

/** The query of GET /sm/sysDict/dictOption. */
export const DictOptionQuery = Type.Object({
  tenantId: TenantIdParam,
  typeCode: Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,49}$', description: 'The dictionary, e.g. CM_STORAGE_REGION, ORDER_STATE, ADDRESS_LABEL, USER_GENDER.' }),
  lang: Type.Optional(DictLang),
});

/** One option of a dictionary, labelled in the asked (or the tenant's) language. */
export const DictOption = Type.Object({ value: Type.String(), label: Type.String() });
export type DictOption = Static<typeof DictOption>;
export const DictOptions = Type.Array(DictOption);
