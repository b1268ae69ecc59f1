// Issue 21 W: the remaining tenant calls of spec shell §7 "Tenant and settings": GET
// /um/api/tenant/query (a tenant's public card), queryAuth (the signed-in person's tenants, for the
// tenant switch) and POST /um/api/tenant/register (an operator creates a tenant). docs/api.md
// "Issue 21: tenants".
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { TenantQuery } from '../../../schemas/api/um';
import { LinkedTenant, TenantCard, TenantCardQuery, TenantRegisterBody, TenantRegistered } from '../../../schemas/api/um-tenant';
import { ApiError, ok } from '../../plugins/envelope';
import { requireUser } from '../../plugins/auth';
import { findTenantByCode, requireTenant } from '../../lib/tenant-context';
import { findLinkedTenants, findTenantCard } from './tenant-repository';
import { AttemptWindows, checkNewTenant, registerTenant, requireOperator } from './tenant-register';

/**
 * The new tenant's portal on this deployment, as start-up resolves tenants (the host's first label):
 * localhost:8080 gives acme.localhost:8080, portal.example.com acme.example.com, 127.0.0.1:8080
 * acme.localhost:8080.
 */
export function tenantAddress(protocol: string, host: string, code: string): string {
  const port = /:\d+$/.exec(host)?.[0] ?? '';
  const name = host.slice(0, host.length - port.length);
  // An address by IP has no labels to choose a tenant with: its localhost names the tenant instead.
  const tenantHost = /^[\d.]+$|^\[/.test(name) ? `${code}.localhost${port}` : name.includes('.') ? host.replace(/^[^.]+/, code) : `${code}.${host}`;
  return `${protocol}://${tenantHost}/study/home`;
}

/** um: the tenant card, the linked tenants and the operator's tenant registration (issue 21 W). */
export async function umTenantRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const registerAttempts = new AttemptWindows();

  r.get('/um/api/tenant/query', {
    schema: {
      tags: ['um'], summary: 'A tenant\'s public card by code, id or tenantId: name, logo, variant, language, sign-up open or closed (no sign-in; nothing secret)',
      querystring: TenantCardQuery,
      response: { 200: Envelope(TenantCard) },
    },
  }, async (req) => {
    const { code, id, tenantId } = req.query;
    if (code !== undefined) {
      const tenant = await findTenantByCode(app.db.app, code);
      // spec shell §4 "App start": a code that names no tenant is 暂无企业ID on the client.
      if (!tenant) throw new ApiError(`No tenant has the code "${code}".`, { code: 404, errorCode: 'TENANT_NOT_FOUND' });
      return ok(await findTenantCard(app.db.app, tenant));
    }
    const wanted = id ?? tenantId;
    if (wanted === undefined) throw new ApiError('Pass code, id or tenantId to say which tenant to show.', { code: 400, errorCode: 'VALIDATION' });
    return ok(await findTenantCard(app.db.app, await requireTenant(app.db.app, wanted)));
  });

  r.get('/um/api/tenant/queryAuth', {
    schema: {
      tags: ['um'], summary: 'The signed-in person\'s tenants, theirs first: every tenant holding an account with the same (SMS-verified) mobile; the account name alone never links',
      querystring: TenantQuery,
      response: { 200: Envelope(Type.Array(LinkedTenant)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    await requireTenant(app.db.app, user.tenantId);
    return ok(await findLinkedTenants(app.db.app, user.tenantId, user.userId));
  });

  r.post('/um/api/tenant/register', {
    schema: {
      tags: ['um'], summary: 'Operator only (Authorization: Bearer <OPERATOR_SECRET>; 10 calls per address per 10 min): creates a tenant with default settings, navigation, the default home page and an admin whose one-time password is answered once',
      body: TenantRegisterBody,
      response: { 200: Envelope(TenantRegistered) },
    },
  }, async (req) => {
    requireOperator(req, registerAttempts);
    const input = checkNewTenant(req.body);
    const created = await registerTenant(app, input);
    const tenant = await requireTenant(app.db.app, created.id);
    req.log.info({ tenantId: created.id, code: input.code }, 'tenant registered by the operator');
    return ok({
      tenant: await findTenantCard(app.db.app, tenant),
      homePageCode: created.homePageCode,
      address: tenantAddress(req.protocol, req.host, input.code),
      admin: { userId: created.userId, account: input.adminAccount, password: created.password },
    }, 'Tenant created. The admin password is shown only once: change it at first sign-in.');
  });
}
