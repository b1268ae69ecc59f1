// GET /cfg/api/package/latest (spec shell §7 "Tenant and settings"; inputs and rules are ours,
// docs/api.md "Issue 21: tokens, sign-in panels, config and the app package"): the newest
// published app package of a platform (table app_package, migration 0043), for an app's update
// check. Versions compare number by number (2.10.0 is newer than 2.9.3), never as text.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Envelope } from '../../../schemas/common';
import { AppPackage, PackageLatestQuery } from '../../../schemas/api/config-and-packages';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';

/** Compares two dotted versions number by number; a missing part counts 0 (2.4 = 2.4.0). Negative: a is older. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** cfg: the app's update check. Register: app.register(packageRoutes). */
export async function packageRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/cfg/api/package/latest', {
    schema: {
      tags: ['cfg'],
      summary: 'The newest published app package of a platform (android, ios, pc): version, notes, download address, min supported version; PACKAGE_NOT_FOUND when none.',
      querystring: PackageLatestQuery,
      response: { 200: Envelope(AppPackage) },
    },
  }, async (req) => {
    const { tenantId, platform, currentVersion } = req.query;
    const row = await readTenant(app, tenantId, (trx) => trx.selectFrom('app_package')
      .select(['platform', 'version', 'min_version', 'notes', 'download_url', 'size_bytes', 'sha256', 'published_at'])
      .where('platform', '=', platform).where('state', '=', 1)
      .orderBy(sql`string_to_array(version, '.')::int[]`, 'desc')
      .limit(1).executeTakeFirst());
    if (!row) throw new ApiError(`This tenant has published no app package for ${platform}.`, { code: 404, errorCode: 'PACKAGE_NOT_FOUND' });
    return ok({
      platform: row.platform, version: row.version, notes: row.notes, downloadUrl: row.download_url, minVersion: row.min_version,
      size: row.size_bytes === null ? null : Number(row.size_bytes), sha256: row.sha256,
      publishedAt: new Date(row.published_at).toISOString(),
      hasUpdate: currentVersion === undefined ? null : compareVersions(row.version, currentVersion) > 0,
      updateRequired: currentVersion === undefined ? null : compareVersions(currentVersion, row.min_version) < 0,
    });
  });
}
