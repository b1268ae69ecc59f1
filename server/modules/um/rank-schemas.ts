import { Type, type Static } from 'typebox';
import { Nullable } from '../cm/catalogue';

/** A row of the points board (/integral/rank, /scoreboard). */
export const IntegralRankItem = Type.Object({
  rank: Type.Integer({ description: 'From 1; equal points share a rank.' }),
  userId: Type.Integer(),
  name: Type.String({ description: 'Nickname, else real name; never the account.' }),
  avatar: Nullable(Type.String()),
  points: Type.Integer(),
});
export type IntegralRankItem = Static<typeof IntegralRankItem>;

/** A row of the teacher board (/teacherList). */
export const TeacherRankItem = Type.Object({
  rank: Type.Integer({ description: 'From 1 over all teachers; equal scores share a rank.' }),
  id: Type.Integer(),
  name: Type.String(),
  title: Nullable(Type.String({ description: 'Job title, e.g. Senior lecturer.' })),
  avatar: Nullable(Type.String()),
  intro: Nullable(Type.String()),
  score: Type.Integer({ description: 'Contribution score the board ranks by.' }),
  courseCount: Type.Integer({ description: 'Published courses taught.' }),
});
export type TeacherRankItem = Static<typeof TeacherRankItem>;
