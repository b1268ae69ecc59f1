import { Type, type Static, type TInteger, type TNumber, type TSchema, type TString } from 'typebox';

/** The API envelope (spec shell §7 "Response handling"): every response has this shape. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    success: Type.Boolean({ description: 'true when the call did what was asked' }),
    code: Type.Integer({ description: '200 on success; otherwise an HTTP-like code (400, 401, 404, 429, 500)' }),
    flag: Type.Integer({ description: '0 on success, 401 when not signed in, -1 for any other failure' }),
    message: Type.String({ description: 'human-readable result, safe to show to the user' }),
    data: data,
    errorCode: Type.Optional(Type.String({ description: 'machine-readable failure code, e.g. VALIDATION, NOT_FOUND' })),
  });

/** Envelope whose data is null: used for failures. */
export const ErrorEnvelope = Envelope(Type.Null());
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/**
 * Input limits (issue 14 "No input breaks it"). Every id is a PostgreSQL bigint and travels as a JSON
 * number, so an id is a safe integer; every other integer column is int4. Text never carries C0
 * control characters other than tab, line feed and carriage return: PostgreSQL refuses NUL in
 * text, and the others are never typed by a person. server/plugins/input-limits.ts applies these
 * to every request field that states no bound of its own, so /docs shows them too.
 */
export const ID_MAX = Number.MAX_SAFE_INTEGER;
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;
/** A string with no control character but tab, line feed and carriage return (ajv reads it with the u flag). */
export const NO_CONTROL_CHARS = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';

/** A row id (bigint in the database, a safe integer in JSON). */
export const Id = (options: { description?: string; minimum?: number } = {}) => Type.Integer({ minimum: 1, maximum: ID_MAX, ...options });
/** An integer stored in an int4 column. */
export const Int32 = (options: { description?: string; minimum?: number; maximum?: number; default?: number } = {}) =>
  Type.Integer({ minimum: INT32_MIN, maximum: INT32_MAX, ...options });
/** Free text: any characters but the control characters PostgreSQL or a person never wants. */
export const Text = (options: { description?: string; minLength?: number; maxLength?: number; default?: string } = {}) =>
  Type.String({ pattern: NO_CONTROL_CHARS, ...options });

/** A time in epoch milliseconds: any instant a JavaScript Date holds (past int4, so it states its range). */
export const EpochMs = (options: { description?: string; minimum?: number } = {}) =>
  Type.Integer({ minimum: -8_640_000_000_000_000, maximum: 8_640_000_000_000_000, ...options });
/** A time in epoch seconds: int4 would end in January 2038. */
export const EpochSeconds = (options: { description?: string; minimum?: number } = {}) =>
  Type.Integer({ minimum: -8_640_000_000_000, maximum: 8_640_000_000_000, ...options });

/** A tenant id as sent by the client: numeric, given as a number or a numeric string. */
export const TenantIdParam = Id({ description: 'The tenant id (spec shell §1: every call carries it).' });

/** A page number, from 1 (spec shell §9: default pageNo 1). */
export const PageNo = Type.Integer({ minimum: 1, maximum: INT32_MAX, default: 1, description: 'Page number, from 1.' });

/** Paging query used by list calls (spec shell §9: default pageNo 1). */
export const PageQuery = {
  pageNo: Type.Optional(PageNo),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 10, description: 'Rows per page.' })),
};

/** A page of rows. */
export const Paged = <T extends TSchema>(row: T) =>
  Type.Object({
    list: Type.Array(row),
    total: Type.Integer({ description: 'Rows across all pages.' }),
    pageNo: Type.Integer(),
    pageSize: Type.Integer(),
  });

/**
 * A request field that may be null (left empty): one `type: [T, 'null']`, never
 * `Type.Union([T, Type.Null()])`. The server's ajv coerces types, and in an anyOf it coerces null
 * into the first branch: a union with the number first turned an empty birthday into 0
 * (1970-01-01) and an empty score into 0; with null first it turned a sent 0 into null. A type
 * list keeps null null and 0 zero. Strings arrive as sent ("" stays ""): handlers trim them and
 * store a blank as null.
 */
export const NullableInput = <T extends TInteger | TNumber | TString>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
