import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { NO_CONTROL_CHARS } from '../../schemas/common';
import { SITE_ADDRESS_PATTERN, SITE_ADDRESS_RULE } from '../../schemas/url';

const ajv = new Ajv({ allErrors: false, strict: false });
addFormats.default(ajv);

/** Turns the first ajv error into a sentence naming the field: `stores/0/id must be integer`. */
export function describeAjvError(error: ErrorObject | undefined, root = ''): string {
  if (!error) return 'is invalid';
  const path = [root, error.instancePath.replace(/^\//, '')].filter(Boolean).join('/');
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty?: string }).missingProperty);
    return `${[path, missing].filter(Boolean).join('/')} is required`;
  }
  if (error.keyword === 'additionalProperties') {
    const extra = String((error.params as { additionalProperty?: string }).additionalProperty);
    return `${path || 'value'} has an unknown field "${extra}"`;
  }
  if (error.keyword === 'pattern' && (error.params as { pattern?: string }).pattern === SITE_ADDRESS_PATTERN) return `${path || 'value'} ${SITE_ADDRESS_RULE}`;
  if (error.keyword === 'pattern' && (error.params as { pattern?: string }).pattern === NO_CONTROL_CHARS) {
    return `${path || 'value'} must not contain control characters (such as NUL)`;
  }
  return `${path || 'value'} ${error.message ?? 'is invalid'}`;
}

/** Validates `value` against a JSON Schema; throws a sentence naming `what` and the field. */
export function assertValid<T>(schema: object, value: unknown, what: string): T {
  const check = ajv.compile(schema);
  if (!check(value)) throw new Error(`${what} is invalid: ${describeAjvError(check.errors?.[0])}.`);
  return value as T;
}
