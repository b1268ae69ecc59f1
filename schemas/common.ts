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

/** A tenant id as sent by the client: numeric, given as a number or a numeric string. */
export const TenantIdParam = Type.Integer({ minimum: 1, description: 'The tenant id (spec shell §1: every call carries it).' });

/** Paging query used by list calls (spec shell §9: default pageNo 1). */
export const PageQuery = {
  pageNo: Type.Optional(Type.Integer({ minimum: 1, default: 1, description: 'Page number, from 1.' })),
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
