import type { RouteOptions } from 'fastify';
import { ID_MAX, INT32_MAX, INT32_MIN, NO_CONTROL_CHARS } from '../../schemas/common';

// Issue 14 "No input breaks it": a number past int4 or bigint, or a NUL in a string, reached
// PostgreSQL and came back as a 500. Rather than trust each of the 140 route schemas to state its
// bounds, every route's request schemas get the limits of schemas/common.ts wherever a field
// states none: at route registration, before @fastify/swagger reads them, so /docs shows them.

type JsonSchema = Record<string, unknown>;

/** The request parts Fastify validates; response schemas only serialise and stay as written. */
const REQUEST_PARTS = ['querystring', 'params', 'body'] as const;

/** A field that holds row ids (`id`, `ids`, `tenantId`, `courseIds`…): bigint columns. */
const ID_NAME = /^ids?$|Ids?$/;

const typesOf = (schema: JsonSchema): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/**
 * A copy of `schema` in which every integer or number without a bound gets one (a safe integer for
 * an id named by `name`, int4 otherwise) and every free string a pattern refusing control
 * characters. Stated bounds, patterns, enums and consts are kept as they are.
 */
export function withInputLimits(schema: unknown, name = ''): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withInputLimits(item, name));
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = { ...(schema as JsonSchema) };
  const types = typesOf(out);
  const fixed = out.enum !== undefined || out.const !== undefined;
  if (!fixed && (types.includes('integer') || types.includes('number'))) {
    const id = ID_NAME.test(name);
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = id ? ID_MAX : INT32_MAX;
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = id ? -ID_MAX : INT32_MIN;
  }
  if (!fixed && types.includes('string') && out.pattern === undefined) out.pattern = NO_CONTROL_CHARS;

  if (out.properties && typeof out.properties === 'object') {
    out.properties = Object.fromEntries(Object.entries(out.properties as JsonSchema).map(([key, child]) => [key, withInputLimits(child, key)]));
  }
  if (out.patternProperties && typeof out.patternProperties === 'object') {
    out.patternProperties = Object.fromEntries(Object.entries(out.patternProperties as JsonSchema).map(([key, child]) => [key, withInputLimits(child)]));
  }
  if (out.additionalProperties && typeof out.additionalProperties === 'object') out.additionalProperties = withInputLimits(out.additionalProperties);
  // An array's items share its name: `ids` holds ids.
  for (const key of ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf'] as const) {
    if (out[key] !== undefined) out[key] = withInputLimits(out[key], name);
  }
  return out;
}

/** onRoute hook: bounds the route's querystring, params and body schemas (see withInputLimits). */
export function boundRequestSchemas(route: RouteOptions): void {
  const schema = route.schema as Record<string, unknown> | undefined;
  if (!schema) return;
  const bounded: Record<string, unknown> = { ...schema };
  for (const part of REQUEST_PARTS) if (schema[part] !== undefined) bounded[part] = withInputLimits(schema[part]);
  route.schema = bounded;
}
