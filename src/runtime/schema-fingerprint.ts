// A short, stable name for a JSON Schema's content (issue 15 point 2). The build step
// (scripts/widget-validators.ts) names each precompiled props validator by the fingerprint of the
// schema it compiled; the registry looks a widget's schema up by the same fingerprint, so a schema
// the build did not see (a test's ad-hoc widget, a schema edited since) never gets a stale validator.

/**
 * The fingerprint of a schema: a 53-bit hash (cyrb53) of its JSON, in base 36. Symbol keys
 * (TypeBox's Kind) are not part of JSON and so not part of the fingerprint.
 */
export function schemaFingerprint(schema: object): string {
  const text = JSON.stringify(schema);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
