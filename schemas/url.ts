import { Type } from 'typebox';

// One rule for every address a tenant can set (issue 14 point 15): an http(s) address, or a path
// on this site (an uploaded file's /uploads/… path, a portal asset, a route). Never javascript:,
// data:, vbscript: or a protocol-relative //host, which would run script or lead off-site while
// looking local. Empty means "none". The back-office's basics/save, the footer, site options and
// sign-in settings all use these, so a setting that one form refuses no other form accepts.

/** The pattern (JSON Schema, no flags): empty, http(s)://host…, or /path that is not //host or /\host. */
export const SITE_ADDRESS_PATTERN = '^(|[hH][tT][tT][pP][sS]?://[^\\s/?#\\\\]+([/?#][^\\s]*)?|/([^/\\\\\\s][^\\s]*)?)$';

const ADDRESS = new RegExp(SITE_ADDRESS_PATTERN);

/** What the rule asks for, as a sentence fragment for error messages. */
export const SITE_ADDRESS_RULE = 'must be an http(s) address or a path on this site starting with a single /';

/** True when `value` is an address the rule allows (empty included). */
export function isSiteAddress(value: string): boolean {
  return ADDRESS.test(value);
}

/** A link address a tenant sets: http(s) or a same-origin path. */
export const SiteUrl = (options: { title?: string; description?: string } = {}) =>
  Type.String({ pattern: SITE_ADDRESS_PATTERN, maxLength: 2048, ...options });

/** An image address a tenant sets: http(s), or a same-origin path such as an uploaded file's /uploads/…. */
export const ImageUrl = (options: { title?: string; description?: string } = {}) =>
  Type.String({ pattern: SITE_ADDRESS_PATTERN, maxLength: 2048, ...options });
