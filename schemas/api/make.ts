// Made to order and opening a shop (issue 20 part S; spec learning §2 "Sub-home, shop and
// content": /sub_home/make, /sub_home/make/makeDetail, /sub_admin/registTenant/index). The calls
// are ours, under /order/api/make/… and /order/api/storeApply/… (docs/api.md). Server routes
// validate with these (server/modules/order/make-*.ts, store-apply-*.ts); src/features/make derives
// its types. The rules are in docs/shop-and-content.md part S.
import { Type, type Static } from 'typebox';
import { Id, NullableInput, PageQuery, TenantIdParam, Text } from '../common';
import { Nullable } from './list';

const DateTime = Type.String({ format: 'date-time' });
/** A calendar day, YYYY-MM-DD. */
const Day = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });
// No multipleOf: 0.01 here: Ajv checks it by division, so 19.9 and 1.15 fail as "not a multiple";
// the routes check at most two decimals themselves (make-routes.ts checkCents).
const Yuan = (description: string) => Type.Number({ minimum: 0, maximum: 9_999_999, description: `${description} At most two decimals.` });

/**
 * A contact phone: a mainland mobile (11 digits from 1[3-9]), a landline with its area code
 * (021-6543 2100), or an international number with its country code (+44 20 7946 0958). A bare
 * local number (1380013) is refused: nobody outside its city can dial it.
 */
export const CONTACT_PHONE_PATTERN = '^(1[3-9]\\d{9}|0\\d{2,3}[- ]?\\d{3,4}[- ]?\\d{4}|\\+\\d{1,3}[ -]?\\d{1,4}([ -]?\\d{2,4}){1,4})$';
/** A business or school licence number: 6–30 letters and digits (the unified social credit code is 18). */
export const LICENCE_PATTERN = '^[0-9A-Za-z]{6,30}$';
/** Attachments of one request: at most this many. */
export const MAKE_FILES_MAX = 9;
/** How far ahead a deadline may be: days. */
export const MAKE_DEADLINE_MAX_DAYS = 730;

/** The product type of a made-to-order order line (ours, beyond spec learning §9's 1–10: never listed). */
export const MADE_TO_ORDER_PRODUCT_TYPE = 20;

/** A file from the upload flow (spec shell §7 "Upload"): its public URL, the name chosen, bytes and type. */
export const MakeFile = Type.Object({
  name: Text({ minLength: 1, maxLength: 200 }),
  url: Type.String({ minLength: 1, maxLength: 1000, description: 'The fileUrl the upload returned: an upload of this tenant.' }),
  size: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  contentType: Type.String({ maxLength: 120 }),
});
export type MakeFile = Static<typeof MakeFile>;

/** What the tenant makes to order. */
export const MakeKind = Type.Object({
  id: Type.Integer(),
  code: Type.String({ description: 'training, company_course, custom_book, or the tenant\'s own.' }),
  title: Type.String(),
  summary: Type.String(),
  leadDays: Type.Integer({ description: 'Usual days from an accepted quote to delivery.' }),
  providerId: Type.Integer({ description: 'The store that makes it.' }),
  providerName: Type.String(),
});
export type MakeKind = Static<typeof MakeKind>;

export const MakeState = Type.Union([
  Type.Literal('submitted'), Type.Literal('quoted'), Type.Literal('accepted'), Type.Literal('declined'), Type.Literal('withdrawn'),
]);
export type MakeState = Static<typeof MakeState>;

export const MakeMessage = Type.Object({
  id: Type.Integer(),
  fromStaff: Type.Boolean({ description: 'Written by the back office (else by the learner).' }),
  authorName: Type.String(),
  body: Type.String(),
  createdAt: DateTime,
});
export type MakeMessage = Static<typeof MakeMessage>;

/** One request as its learner and the back office see it; messages only in a detail. */
export const MakeRequestView = Type.Object({
  id: Type.Integer(),
  kindId: Type.Integer(),
  kindTitle: Type.String(),
  providerName: Type.String(),
  title: Type.String(),
  description: Type.String(),
  budgetMin: Type.Number(),
  budgetMax: Type.Number(),
  deadline: Type.String({ description: 'YYYY-MM-DD.' }),
  contactName: Type.String(),
  contactPhone: Type.String(),
  attachments: Type.Array(MakeFile),
  state: MakeState,
  quote: Nullable(Type.Object({ price: Type.Number(), deliveryDate: Type.String(), note: Type.String(), quotedAt: DateTime })),
  declineReason: Nullable(Type.String()),
  decidedAt: Nullable(DateTime),
  orderId: Nullable(Type.Integer({ description: 'The order of the accepted quote.' })),
  orderState: Nullable(Type.Integer({ description: 'That order\'s state: 1 pending payment, 2 to be received, 3 completed, 4 cancelled.' })),
  applicantName: Type.String(),
  createdAt: DateTime,
  updatedAt: DateTime,
  messages: Type.Array(MakeMessage),
});
export type MakeRequestView = Static<typeof MakeRequestView>;

export const MakeTenantQuery = Type.Object({ tenantId: TenantIdParam });
export const MakeListQuery = Type.Object({
  tenantId: TenantIdParam,
  state: Type.Optional(MakeState),
  ...PageQuery,
});
export const MakeIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id() });
export const MakeIdBody = Type.Object({ tenantId: TenantIdParam, id: Id() });

export const MakeSubmitBody = Type.Object({
  tenantId: TenantIdParam,
  kindId: Id(),
  title: Text({ minLength: 2, maxLength: 60 }),
  description: Text({ minLength: 10, maxLength: 2000 }),
  budgetMin: Yuan('Lowest budget, yuan.'),
  budgetMax: Yuan('Highest budget, yuan (not below budgetMin).'),
  deadline: Day('Wanted by: after today, at most two years ahead.'),
  contactName: Text({ minLength: 1, maxLength: 30 }),
  contactPhone: Type.String({ maxLength: 20, description: `Pattern ${CONTACT_PHONE_PATTERN} (checked with a clear message).` }),
  attachments: Type.Optional(Type.Array(MakeFile, { maxItems: MAKE_FILES_MAX })),
});
export type MakeSubmitBody = Static<typeof MakeSubmitBody>;

export const MakeAcceptBody = Type.Object({
  tenantId: TenantIdParam,
  id: Id(),
  quotedAt: Type.String({ format: 'date-time', description: 'The quotedAt of the quote the learner saw: a newer quote is refused (MAKE_QUOTE_CHANGED), so nobody accepts a price they have not read.' }),
  addressId: Type.Optional(NullableInput(Id({ description: 'Ship to this address of the address book; none: the request\'s contact, no address (a service).' }))),
});
export const MakeDeclineBody = Type.Object({ tenantId: TenantIdParam, id: Id(), reason: Type.Optional(Text({ maxLength: 200 })) });
export const MakeMessageBody = Type.Object({ tenantId: TenantIdParam, id: Id(), body: Text({ minLength: 1, maxLength: 1000 }) });
export const MakeQuoteBody = Type.Object({
  tenantId: TenantIdParam,
  id: Id(),
  price: Type.Number({ minimum: 0.01, maximum: 9_999_999, description: 'Yuan, at most two decimals (checked with a clear message).' }),
  deliveryDate: Day('Delivered by: after today.'),
  note: Type.Optional(Text({ maxLength: 1000 })),
});

// --- Applications to open a shop ---

export const StoreApplyState = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);
export type StoreApplyState = 'pending' | 'approved' | 'rejected';
export const OrgType = Type.Union([Type.Literal('SCHOOL'), Type.Literal('MERCHANT')]);

export const StoreApplication = Type.Object({
  id: Type.Integer(),
  shopName: Type.String(),
  orgType: OrgType,
  contactName: Type.String(),
  contactPhone: Type.String(),
  licenceNo: Type.String(),
  description: Type.String(),
  logo: Nullable(Type.String()),
  state: StoreApplyState,
  rejectReason: Nullable(Type.String()),
  providerId: Nullable(Type.Integer({ description: 'The store created on approval.' })),
  reviewedAt: Nullable(DateTime),
  createdAt: DateTime,
  applicantName: Type.String(),
});
export type StoreApplication = Static<typeof StoreApplication>;

export const StoreApplyBody = Type.Object({
  tenantId: TenantIdParam,
  shopName: Text({ minLength: 2, maxLength: 30 }),
  orgType: OrgType,
  contactName: Text({ minLength: 1, maxLength: 30 }),
  contactPhone: Type.String({ maxLength: 20 }),
  licenceNo: Type.String({ maxLength: 30 }),
  description: Text({ minLength: 10, maxLength: 500 }),
  logo: Type.Optional(NullableInput(Type.String({ maxLength: 1000 }))),
});
export type StoreApplyBody = Static<typeof StoreApplyBody>;

export const StoreListQuery = Type.Object({ tenantId: TenantIdParam, state: Type.Optional(StoreApplyState), ...PageQuery });
export const StoreRejectBody = Type.Object({ tenantId: TenantIdParam, id: Id(), reason: Text({ minLength: 1, maxLength: 200 }) });
