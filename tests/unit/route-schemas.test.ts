// issue 14 point 4: the API contract is schemas/api. A route file imports its query, body and
// answer schemas from there and only wraps them (Envelope, Paged, Type.Array, a scalar answer);
// an object schema written inside a route file is one the client cannot derive its type from.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const modules = resolve(import.meta.dirname, '../../server/modules');

/** Every route file under server/modules (routes.ts and *-routes.ts), repository-relative. */
function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /(^|-)routes\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('route files and schemas/api', () => {
  it('finds the route files', () => {
    expect(routeFiles(modules).length).toBeGreaterThan(20);
  });

  it('declares no object schema inside a route file: each lives in schemas/api', () => {
    const inline = routeFiles(modules).flatMap((file) =>
      readFileSync(file, 'utf8').split('\n').flatMap((line, i) => (/\bType\.Object\(/.test(line) ? [`${file.slice(modules.length + 1)}:${i + 1}`] : [])));
    expect(inline, 'Move these schemas to schemas/api/<service> and import them').toEqual([]);
  });
});
