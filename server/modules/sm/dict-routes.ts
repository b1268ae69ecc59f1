// Issue 21 X (spec shell §7 "GET /sm/sysDict/dictOption", §6 "the storage region dictionary
// (typeCode CM_STORAGE_REGION)"; docs/api.md "Issue 21: profile summary, find by mobile, the org
// tree, dictionaries"): a dictionary's options { value, label } in the asked language, else the
// tenant's. Open to guests: labels, no personal data.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { DictOptionQuery, DictOptions } from '../../../schemas/api/profile-organ-dict';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { listDictOptions, tenantDictLang } from './dict-repository';

/** GET /sm/sysDict/dictOption; registered from smService (server/modules/sm/index.ts). */
export async function dictRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/sm/sysDict/dictOption', {
    schema: {
      tags: ['sm'], summary: 'A dictionary\'s options by typeCode (CM_STORAGE_REGION, ORDER_STATE, ADDRESS_LABEL, USER_GENDER, or the tenant\'s own), labelled in lang or the tenant\'s language',
      querystring: DictOptionQuery, response: { 200: Envelope(DictOptions) },
    },
  }, async (req) => {
    const { tenantId, typeCode } = req.query;
    const options = await readTenant(app, tenantId, async (trx) => listDictOptions(trx, typeCode, req.query.lang ?? await tenantDictLang(trx)));
    if (!options) throw new ApiError(`没有编码为 ${typeCode} 的字典；请检查 typeCode 的拼写（例如 CM_STORAGE_REGION）。`, { code: 404, errorCode: 'DICT_NOT_FOUND' });
    return ok(options);
  });
}
