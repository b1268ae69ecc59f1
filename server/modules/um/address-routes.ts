// The address book (spec learning §3 Address; §7 "User-related": GET /um/umAddress/list2, POST
// save, update, delete; docs/api.md "Shop: addresses"). Each call needs a signed-in user of the
// call's tenant and touches only that user's addresses. One address at most is the default.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { checkAddress, deleteAddress, insertAddress, listAddresses, updateAddress } from './address-repository';
import { AddressItem, DeleteAddressBody, DeletedAddress, SaveAddressBody, TenantQuery, UpdateAddressBody } from '../../../schemas/api/um';

/** The address calls; registered from um's entry (server/modules/um/index.ts), though the buying path is their only user. */
export async function addressRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/um/umAddress/list2', {
    schema: {
      tags: ['um'], summary: 'The caller\'s addresses, the default first',
      querystring: TenantQuery, response: { 200: Envelope(Type.Array(AddressItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => listAddresses(trx, user.userId)));
  });

  r.post('/um/umAddress/save', {
    schema: {
      tags: ['um'], summary: 'Add an address (receiver, 11-digit mobile, area and detail required); the first becomes the default',
      body: SaveAddressBody, response: { 200: Envelope(AddressItem) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const input = checkAddress(req.body);
    return ok(await readTenant(app, user.tenantId, (trx) => insertAddress(trx, user.userId, input, req.body.isDefault === true)), '地址已保存');
  });

  r.post('/um/umAddress/update', {
    schema: {
      tags: ['um'], summary: 'Change an address; isDefault true makes it the default',
      body: UpdateAddressBody, response: { 200: Envelope(AddressItem) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const input = checkAddress(req.body);
    return ok(await readTenant(app, user.tenantId, (trx) => updateAddress(trx, user.userId, req.body.id, input, req.body.isDefault)), '地址已保存');
  });

  r.post('/um/umAddress/delete', {
    schema: {
      tags: ['um'], summary: 'Delete an address; when it was the default, the newest other one becomes the default',
      body: DeleteAddressBody, response: { 200: Envelope(DeletedAddress) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    await readTenant(app, user.tenantId, (trx) => deleteAddress(trx, user.userId, req.body.id));
    return ok({ id: req.body.id }, '地址已删除');
  });
}
