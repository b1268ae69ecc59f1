import { Type, type Static } from 'typebox';
import { CardFields, Nullable } from '../cm/catalogue';

/** A training class card: /classes/detail/{id} (sign-in required). */
export const ClassItem = Type.Object({
  ...CardFields,
  teacherName: Nullable(Type.String()),
  startTime: Type.String({ format: 'date-time' }),
  endTime: Type.String({ format: 'date-time' }),
  enrolLimit: Nullable(Type.Integer({ description: 'Places; null when unlimited.' })),
  enrolCount: Type.Integer(),
  state: Type.Integer({ description: 'From the dates: 1 enrolling (not started), 2 in progress, 3 finished.' }),
});
export type ClassItem = Static<typeof ClassItem>;

/** A live room card: /chatRoom/detail/{id}. */
export const RoomItem = Type.Object({
  ...CardFields,
  teacherId: Nullable(Type.Integer()),
  teacherName: Nullable(Type.String()),
  teacherAvatar: Nullable(Type.String()),
  startTime: Type.String({ format: 'date-time' }),
  endTime: Nullable(Type.String({ format: 'date-time' })),
  liveState: Type.Union([Type.Literal('upcoming'), Type.Literal('live'), Type.Literal('ended')], { description: 'Set by the host starting and stopping the live.' }),
  enrolCount: Type.Integer(),
  audienceCount: Type.Integer({ description: 'Viewers so far (live or replay).' }),
});
export type RoomItem = Static<typeof RoomItem>;
