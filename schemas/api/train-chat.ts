// The live-room chat's contract (issue 17; spec learning §3 "Live chat message", §4 "Live chat
// connection", §8 forced offline, §9 trim; shell §7 "Live chat"). One WebSocket per room and
// viewer at CHAT_SOCKET_PATH?roomId=&token= (token: GET /um/api/thirdPlt/token/argoRtm). Every
// frame is one JSON object; the server checks client frames against ClientFrame and the client
// derives its types from here (it never re-declares them).
import { Type, type Static } from 'typebox';
import { Id, Text } from '../common';
import { Nullable } from './list';

/** Where the chat socket is served (the `enter` call returns it too). */
export const CHAT_SOCKET_PATH = '/train/ws/chat';

/** How many stored messages the hello frame carries (spec learning §9: the list keeps about 50). */
export const CHAT_HISTORY_SIZE = 50;
/** Longest message, in characters as people count them (code points). */
export const CHAT_CONTENT_MAX = 500;
/** A learner sends at most CHAT_RATE_COUNT messages per CHAT_RATE_WINDOW_MS (teachers are not limited). */
export const CHAT_RATE_COUNT = 5;
export const CHAT_RATE_WINDOW_MS = 10_000;
/** Longest mute a teacher can give, in minutes (a day); 0 lifts a mute. */
export const CHAT_MUTE_MAX_MINUTES = 1440;
/** How long a learner the teacher removed stays out of the room's chat, in minutes (a day). */
export const CHAT_REMOVAL_MINUTES = 1440;

/**
 * Close codes. 4001 follows an `aborted` frame: the client shows 'communication account forced
 * offline' and signs the learner out (spec learning §8). The others follow an `error` frame naming
 * the reason and mean "do not reconnect with the same token": 4401 token invalid or expired (get a
 * new one), 4403 not allowed into this room (removed by the teacher), 4404 no such room here.
 */
export const CHAT_CLOSE = { aborted: 4001, badToken: 4401, refused: 4403, noRoom: 4404 } as const;

/** ?roomId&token: opens the chat of one room. */
export const ChatSocketQuery = Type.Object({
  roomId: Id({ description: 'The live room.' }),
  token: Type.String({ minLength: 1, maxLength: 1000, description: 'An argoRtm token of the signed-in user (10 minutes).' }),
});
export type ChatSocketQuery = Static<typeof ChatSocketQuery>;

/**
 * One chat message. uid 0 with messageType 'system' is the room's own notice (a mute, a removal).
 * The client adds stateType 'in' or 'out' by comparing uid with its own (spec learning §3).
 */
export const ChatMessage = Type.Object({
  id: Type.Integer(),
  uid: Type.Integer({ description: 'The sender; 0 for a system message.' }),
  nickName: Type.String({ description: 'The sender\'s name when it was sent.' }),
  messageType: Type.Union([Type.Literal('text'), Type.Literal('system')]),
  content: Type.String(),
  at: Type.String({ format: 'date-time' }),
});
export type ChatMessage = Static<typeof ChatMessage>;

export const ChatRole = Type.Union([Type.Literal('learner'), Type.Literal('teacher')]);
export type ChatRole = Static<typeof ChatRole>;

export const AbortReason = Type.Union([Type.Literal('signed-in-elsewhere'), Type.Literal('removed')]);
export type AbortReason = Static<typeof AbortReason>;

// --- server → client ---
/** First frame after connecting: who you are here and the last CHAT_HISTORY_SIZE messages, oldest first. */
export const HelloFrame = Type.Object({
  type: Type.Literal('hello'),
  you: Type.Object({
    uid: Type.Integer(),
    nickName: Type.String(),
    role: ChatRole,
    mutedUntil: Nullable(Type.String({ format: 'date-time', description: 'Set while you are muted in this room.' })),
  }),
  history: Type.Array(ChatMessage),
});
export const MessageFrame = Type.Object({ type: Type.Literal('message'), message: ChatMessage });
/** A teacher deleted a message: drop it from the list. */
export const RemovedFrame = Type.Object({ type: Type.Literal('removed'), messageId: Type.Integer() });
/** A learner was muted until a time, or unmuted (until null). */
export const MutedFrame = Type.Object({ type: Type.Literal('muted'), uid: Type.Integer(), until: Nullable(Type.String({ format: 'date-time' })) });
/** Something you asked for was refused (rate limit, empty or too long text, muted, not a teacher). */
export const ErrorFrame = Type.Object({ type: Type.Literal('error'), message: Type.String() });
/** The server ends this connection (close 4001 follows). */
export const AbortedFrame = Type.Object({ type: Type.Literal('aborted'), reason: AbortReason });

export const ServerFrame = Type.Union([HelloFrame, MessageFrame, RemovedFrame, MutedFrame, ErrorFrame, AbortedFrame]);
export type ServerFrame = Static<typeof ServerFrame>;

// --- client → server ---
export const SendFrame = Type.Object({ type: Type.Literal('send'), content: Text({ minLength: 1, maxLength: CHAT_CONTENT_MAX * 2 }) }, { additionalProperties: false });
/** Teacher only: mute a learner of this room for `minutes` (0 lifts it). */
export const MuteFrame = Type.Object({
  type: Type.Literal('mute'),
  uid: Id(),
  minutes: Type.Integer({ minimum: 0, maximum: CHAT_MUTE_MAX_MINUTES }),
}, { additionalProperties: false });
/** Teacher only: remove a learner from the room (their connections are aborted with 'removed'). */
export const RemoveFrame = Type.Object({ type: Type.Literal('remove'), uid: Id() }, { additionalProperties: false });
/** Teacher only: delete a message of this room. */
export const DeleteFrame = Type.Object({ type: Type.Literal('delete'), messageId: Id() }, { additionalProperties: false });

export const ClientFrame = Type.Union([SendFrame, MuteFrame, RemoveFrame, DeleteFrame]);
export type ClientFrame = Static<typeof ClientFrame>;
