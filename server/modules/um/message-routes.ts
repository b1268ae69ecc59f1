import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { ApiError, ok } from '../../plugins/envelope';
import { requireUser } from '../../plugins/auth';
import { readTenant } from '../../lib/tenant-context';
import { countUnreadMessages, listMessageTypes, markMessageRead, searchUserMessages, updateMessageStates } from './message-repository';
import { MessageTypeItem, ReadMessageQuery, SearchByUserQuery, TenantQuery, UpdateMessageBatchBody, UserMessage } from '../../../schemas/api/um';

/** um: the signed-in user's message center (spec shell §7 "Messages"); every call needs the token. */
export async function umMessageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/um/api/message/queryMessageType', {
    schema: {
      tags: ['um'], summary: 'Message types (1 system notice, 2 study reminder, 3 exam notice) with unread counts',
      querystring: TenantQuery,
      response: { 200: Envelope(Type.Array(MessageTypeItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => listMessageTypes(trx, user.userId)));
  });

  r.get('/um/api/message/searchByUser', {
    schema: {
      tags: ['um'], summary: 'A page of the user\'s messages, newest first',
      querystring: SearchByUserQuery,
      response: { 200: Envelope(Paged(UserMessage)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, type, state } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => searchUserMessages(trx, user.userId, { pageNo, pageSize, type, state })));
  });

  r.get('/um/api/message/getUserUnReadCount', {
    schema: {
      tags: ['um'], summary: 'Unread messages of the user (the navbar bell, spec shell §6)',
      querystring: TenantQuery,
      response: { 200: Envelope(Type.Integer()) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => countUnreadMessages(trx, user.userId)));
  });

  r.get('/um/api/message/readMessage', {
    schema: {
      tags: ['um'], summary: 'Mark one of the user\'s messages read and return it',
      querystring: ReadMessageQuery,
      response: { 200: Envelope(UserMessage) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const message = await readTenant(app, user.tenantId, (trx) => markMessageRead(trx, user.userId, req.query.id));
    // Another user's message reads exactly like a missing one.
    if (!message) throw new ApiError('未找到该消息', { code: 404, errorCode: 'NOT_FOUND' });
    return ok(message);
  });

  r.post('/um/api/message/updateMessageBatch', {
    schema: {
      tags: ['um'], summary: 'Set several of the user\'s messages read (1) or unread (0); returns how many changed',
      body: UpdateMessageBatchBody,
      response: { 200: Envelope(Type.Integer()) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { ids, state } = req.body;
    return ok(await readTenant(app, user.tenantId, (trx) => updateMessageStates(trx, user.userId, ids, state)));
  });
}
