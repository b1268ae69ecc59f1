import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../../../schemas/common';
import { PageNo, PageSize } from '../cm/catalogue';

// The message center calls (spec shell §7 "Messages", /user/center/study/myNews).

/** Message types and their names; the spec names none, so these three are ours (docs/api.md). */
export const MESSAGE_TYPES = [
  { type: 1, name: '系统通知' }, // system notice
  { type: 2, name: '学习提醒' }, // study reminder
  { type: 3, name: '考试通知' }, // exam notice
] as const;

const MessageTypeId = Type.Integer({ minimum: 1, maximum: 3, description: '1 system notice, 2 study reminder, 3 exam notice.' });
const MessageState = Type.Integer({ minimum: 0, maximum: 1, description: '0 unread, 1 read.' });

/** A message of the message center. */
export const UserMessage = Type.Object({
  id: Type.Integer(),
  type: MessageTypeId,
  title: Type.String(),
  content: Type.String(),
  state: MessageState,
  createTime: Type.String({ format: 'date-time' }),
});
export type UserMessage = Static<typeof UserMessage>;

/** A message type with the user's unread count in it. */
export const MessageTypeItem = Type.Object({
  type: MessageTypeId,
  name: Type.String(),
  unread: Type.Integer(),
});
export type MessageTypeItem = Static<typeof MessageTypeItem>;

export const TenantQuery = Type.Object({ tenantId: TenantIdParam });

export const SearchByUserQuery = Type.Object({
  tenantId: TenantIdParam,
  pageNo: Type.Optional(PageNo),
  pageSize: Type.Optional(PageSize),
  type: Type.Optional(MessageTypeId),
  state: Type.Optional(MessageState),
});

export const ReadMessageQuery = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Integer({ minimum: 1, description: 'The message id.' }),
});

export const UpdateMessageBatchBody = Type.Object({
  tenantId: TenantIdParam,
  ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 200, description: 'Message ids; ids of other users are ignored.' }),
  state: MessageState,
});
