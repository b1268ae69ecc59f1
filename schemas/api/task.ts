// The task service's contract: task and game cards. Server routes validate with these; src/api derives its types.
import { Type, type Static } from 'typebox';
import { CardFields, ListParams, Nullable } from './list';

// --- Task and game cards ---
/** A task card: /task/detail/{id}. */
export const TaskItem = Type.Object({
  ...CardFields,
  startTime: Type.String({ format: 'date-time' }),
  endTime: Nullable(Type.String({ format: 'date-time', description: 'null: open-ended.' })),
  stepCount: Type.Integer({ description: 'Contents to finish.' }),
  points: Type.Integer({ description: 'Points earned on finishing.' }),
  joinCount: Type.Integer(),
  windowState: Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed')]),
});
export type TaskItem = Static<typeof TaskItem>;

/** A learning game card: /game/detail/{id}. */
export const GameItem = Type.Object({
  ...CardFields,
  roundCount: Type.Integer(),
  playerCount: Type.Integer(),
});
export type GameItem = Static<typeof GameItem>;

/** The query of GET /task/api/task/searchAuth and /task/api/game/search. */
export const TaskSearchQuery = Type.Object(ListParams);
