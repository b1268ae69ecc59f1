// GET /cfg/api/config/get and /cfg/api/config/getCatRoot (spec shell §7 "Tenant and settings";
// inputs and rules are ours, docs/api.md "Issue 21: tokens, sign-in panels, config and the app
// package"). Both read tenant_config, the table the start-up settings come from, with a store's own
// row replacing the tenant-wide one (server/lib/store-settings.ts).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Transaction } from 'kysely';
import { Envelope } from '../../../schemas/common';
import { ConfigItem } from '../../../schemas/tenant-settings';
import { CatRootItem, CatRootQuery, ConfigGetQuery, PUBLIC_CONFIG_GROUPS } from '../../../schemas/api/config-and-packages';
import type { DB } from '../../db/types';
import { ApiError, ok } from '../../plugins/envelope';
import { findStore, listConfig } from '../../lib/store-settings';
import { readTenant } from '../../lib/tenant-context';

/** Where a tenant names the root categories of each catalogue: a JSON object of purpose → category ids, in order. */
export const CAT_ROOT_KEY: readonly [string, string] = ['Study', 'catRoot'];

export const ConfigGetMessages = {
  notPublic: (group: string) => `The setting group "${group}" is not public; only ${PUBLIC_CONFIG_GROUPS.join(', ')} can be read one key at a time.`,
  notFound: (key: string) => `This tenant has no public setting "${key}".`,
  ambiguous: (key: string, groups: string[]) => `The key "${key}" is set in ${groups.join(' and ')}; send paramGroup to say which.`,
  storeMissing: (storeId: number | undefined) => (storeId === undefined ? 'This tenant has no store yet.' : `No store has the id ${storeId} in this tenant.`),
};
const M = ConfigGetMessages;
const isPublic = (group: string) => (PUBLIC_CONFIG_GROUPS as readonly string[]).includes(group);

async function storeIdOf(trx: Transaction<DB>, storeId: number | undefined): Promise<number> {
  const found = await findStore(trx, storeId);
  if (!found) throw new ApiError(M.storeMissing(storeId), { code: 404, errorCode: 'STORE_NOT_FOUND' });
  return found.store.id;
}

/** The category ids a catRoot value names for a purpose, or undefined when it names none (then the top level). */
export function catRootIds(paramValue: string | undefined, purpose: number): number[] | undefined {
  try {
    const value: unknown = JSON.parse(paramValue ?? 'null');
    const list = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[String(purpose)] : undefined;
    if (!Array.isArray(list)) return undefined;
    const ids = list.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
    return ids.length ? [...new Set(ids)] : undefined;
  } catch {
    return undefined;
  }
}

/** cfg: one public setting, and the catalogue roots. Register: app.register(configGetRoutes). */
export async function configGetRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cfg/api/config/get', {
    schema: {
      tags: ['cfg'], summary: `One setting by key, from the public groups only (${PUBLIC_CONFIG_GROUPS.join(', ')}); a store's own value wins.`,
      querystring: ConfigGetQuery,
      response: { 200: Envelope(ConfigItem) },
    },
  }, async (req) => {
    const { tenantId, paramKey, storeId } = req.query;
    const group = req.query.paramGroup?.trim() || undefined;
    // Groups outside the start-up answer may hold what only the server reads: never served here.
    if (group !== undefined && !isPublic(group)) throw new ApiError(M.notPublic(group), { code: 403, errorCode: 'CONFIG_NOT_PUBLIC' });
    const items = await readTenant(app, tenantId, async (trx) => listConfig(trx, await storeIdOf(trx, storeId), group));
    const matches = items.filter((item) => item.paramKey === paramKey && isPublic(item.paramGroup));
    if (matches.length === 0) throw new ApiError(M.notFound(paramKey), { code: 404, errorCode: 'CONFIG_NOT_FOUND' });
    if (matches.length > 1) throw new ApiError(M.ambiguous(paramKey, matches.map((m) => m.paramGroup)), { errorCode: 'CONFIG_AMBIGUOUS' });
    return ok(matches[0]!);
  });

  r.get('/cfg/api/config/getCatRoot', {
    schema: {
      tags: ['cfg'], summary: 'The root categories of a catalogue (purpose): those Study.catRoot names for it, in its order, else the enabled top-level ones.',
      querystring: CatRootQuery,
      response: { 200: Envelope(Type.Array(CatRootItem)) },
    },
  }, async (req) => {
    const { tenantId, purpose, storeId } = req.query;
    return readTenant(app, tenantId, async (trx) => {
      const [group, key] = CAT_ROOT_KEY;
      const setting = (await listConfig(trx, await storeIdOf(trx, storeId), group)).find((item) => item.paramKey === key);
      const named = catRootIds(setting?.paramValue, purpose);
      let query = trx.selectFrom('category as c')
        .select((eb) => ['c.id', 'c.name', 'c.purpose', 'c.path', 'c.icon', 'c.sort',
          eb.selectFrom('category as k').select((k) => k.fn.countAll<string>().as('n'))
            .whereRef('k.tenant_id', '=', 'c.tenant_id').whereRef('k.parent_id', '=', 'c.id').where('k.state', '=', 1).as('child_count')])
        .where('c.purpose', '=', purpose).where('c.state', '=', 1);
      // Named ids of another catalogue, disabled or deleted are skipped: a stale setting shows fewer roots, never an error.
      query = named ? query.where('c.id', 'in', named) : query.where('c.parent_id', 'is', null);
      const rows = await query.orderBy('c.sort').orderBy('c.id').execute();
      if (named) rows.sort((a, b) => named.indexOf(Number(a.id)) - named.indexOf(Number(b.id)));
      return ok(rows.map((row) => ({
        id: Number(row.id), name: row.name, purpose: row.purpose, path: row.path, icon: row.icon ?? null, childCount: Number(row.child_count ?? 0),
      })));
    });
  });
}
