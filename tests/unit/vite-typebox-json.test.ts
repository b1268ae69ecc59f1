// scripts/vite-typebox-json.ts (issue 15 point 3): the client build replaces the schemas' TypeBox
// values by their JSON, so TypeBox stays out of the browser while the browser reads the same schemas.
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { inlineTypeboxValues, isPlainJson } from '../../scripts/vite-typebox-json';
import { schemaFingerprint } from '../../src/runtime/schema-fingerprint';

const Link = Type.Object({ href: Type.String({ minLength: 1 }), label: Type.Optional(Type.String()) });

describe('inlineTypeboxValues', () => {
  it('replaces each TypeBox const by its JSON and drops the typebox import', () => {
    const code = [
      "import { Type } from 'typebox';",
      "export const Link = Type.Object({ href: Type.String({ minLength: 1 }), label: Type.Optional(Type.String()) });",
      'export const contract = { type: "x", propsSchema: Link, up: (p) => p };',
    ].join('\n');
    const out = inlineTypeboxValues(code, { Link, contract: {} }, 'link.ts');
    expect(out).not.toContain('typebox');
    expect(out).not.toContain('Type.');
    // The contract (no TypeBox call of its own, a function in it) is left as written.
    expect(out).toContain('export const contract = { type: "x", propsSchema: Link, up: (p) => p };');
    const json = /export const Link = \/\* TypeBox, evaluated at build time \*\/ \((.*)\);/.exec(out)?.[1];
    expect(JSON.parse(json!)).toEqual(JSON.parse(JSON.stringify(Link)));
    // The validators' fingerprint of the inlined schema is the one the build step compiled for.
    expect(schemaFingerprint(JSON.parse(json!) as object)).toBe(schemaFingerprint(Link));
  });

  it('keeps a schema factory and the import it needs', () => {
    const code = [
      "import { Type } from 'typebox';",
      'export const Nullable = (t) => Type.Union([t, Type.Null()]);',
      'export const Name = Nullable(Type.String());',
    ].join('\n');
    const Nullable = (t: object) => Type.Union([t as never, Type.Null()]);
    const out = inlineTypeboxValues(code, { Nullable, Name: Nullable(Type.String()) }, 'list.ts');
    expect(out).toContain("import { Type } from 'typebox';");
    expect(out).toContain('export const Nullable = (t) => Type.Union([t, Type.Null()]);');
    expect(out).toContain('"anyOf":[{"type":"string"},{"type":"null"}]');
  });

  it('refuses a TypeBox const whose value JSON would change, naming it', () => {
    const code = "import { Type } from 'typebox';\nexport const Odd = Object.assign(Type.String(), { check: () => true });";
    expect(() => inlineTypeboxValues(code, { Odd: Object.assign(Type.String(), { check: () => true }) }, 'odd.ts')).toThrow(/odd\.ts: const Odd .* not plain JSON/);
  });

  it('leaves a module without a typebox import alone', () => {
    const code = 'export const limits = { blocks: 1000 };';
    expect(inlineTypeboxValues(code, {}, 'limits.ts')).toBe(code);
  });
});

describe('isPlainJson', () => {
  it('accepts TypeBox schemas (their own keys are not enumerable) and plain data, not functions or instances', () => {
    expect(isPlainJson(Link)).toBe(true);
    expect(isPlainJson({ a: [1, 'b', null, { c: true }] })).toBe(true);
    expect(isPlainJson({ a: () => 1 })).toBe(false);
    expect(isPlainJson({ a: new Date() })).toBe(false);
    expect(isPlainJson([undefined])).toBe(false);
  });
});
