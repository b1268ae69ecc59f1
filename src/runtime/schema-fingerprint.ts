// A short, stable name for a JSON Schema's content (issue 15 point 2). The build step
// (scripts/widget-validators.ts) names each precompiled props validator by the fingerprint of the
// schema it compiled; the registry looks a widget's schema up by the same fingerprint, so a schema
// the build did not see (a test's ad-hoc widget, a schema edited since) never gets a stale validator.
// The hash lives in schemas/contracts-fingerprint.ts, shared with the server's template stamp.
export { schemaFingerprint } from '../../schemas/contracts-fingerprint';
