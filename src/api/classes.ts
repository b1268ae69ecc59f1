// The class calls (spec learning §7 "Training"; docs/api.md "Classes"), shared by the classes
// feature and the personal center's 我的培训班. Reads are silent where the page shows its own error;
// enrol, cancel and quit go through the error catalogue, whose alert shows the server's reason
// (spec shell §8: on a class detail, a message about "start" does not send the user back).
import type { ClassDetail, ClassMember, EnrolResult, MyClass } from '../../schemas/api/train';
import type { FavoriteClass, FavoriteResult } from '../../schemas/api/train-classes-more';
import type { Circle } from '../../schemas/api/train-circle';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

/** 1 enrolling (not started), 2 in progress, 3 finished. */
export type ClassState = 1 | 2 | 3;

// The class answers are the server's response schemas (schemas/api/train), derived (issue 14
// point 4): ClassDetail (GET /train/api/classes/detail), EnrolResult (enroll, cancelEnroll, quit),
// ClassMember (the member list, names masked by the server), MyClass (searchByUser).
export type { ClassDetail, ClassMember, ClassPhase, EnrolResult, Membership, MyClass, PhaseItem } from '../../schemas/api/train';

export const getClassDetail = (id: number, opts: ApiOptions = {}) => apiGet<ClassDetail>('/train/api/classes/detail', { id }, opts);

export const getClassMembers = (id: number, page: { pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<ClassMember>>('/train/api/classesMember/query', { id, ...page }, opts);

export const getMyClasses = (q: { state?: ClassState; pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<MyClass>>('/train/api/classes/searchByUser', q, opts);

export const enrollClass = (id: number) => apiPost<EnrolResult>('/train/api/classes/enroll', { id });

export const cancelEnrollClass = (id: number) => apiPost<EnrolResult>('/train/api/classes/cancelEnroll', { id });

/** spec §7 names quit a GET; the server wants the token header, which the client always sends. */
export const quitClass = (id: number) => apiGet<EnrolResult>('/train/api/classesMember/quit', { id });

// Favourites and circles of classes (issue 17; schemas/api/train-classes-more.ts): the personal
// center lists them as well as the classes pages, so the calls live here.
export type { FavoriteClass, FavoriteResult } from '../../schemas/api/train-classes-more';
export type { Circle } from '../../schemas/api/train-circle';

/** My favourite classes, newest first (GET /train/api/classes/searchFavor). */
export const getFavoriteClasses = (page: { pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<FavoriteClass>>('/train/api/classes/searchFavor', page, opts);

/** Favourites (true) or unfavourites (false) a class; both idempotent (POST /train/api/classesFavorite/save). */
export const saveClassFavorite = (classesId: number, favorite: boolean) =>
  apiPost<FavoriteResult>('/train/api/classesFavorite/save', { classesId, favorite });

/** The discussion circles (one per class) I am a member or teacher of, latest activity first
 * (GET /train/api/circle/myList answers them all: a learner is in a handful of classes). */
export const getMyCircles = (opts: ApiOptions = {}) => apiGet<Circle[]>('/train/api/circle/myList', {}, opts);

/** One page of a list the server answered whole, as the list calls page it. */
export function pageOf<T>(rows: T[], page: { pageNo: number; pageSize: number }): Paged<T> {
  const start = (page.pageNo - 1) * page.pageSize;
  return { list: rows.slice(start, start + page.pageSize), total: rows.length, pageNo: page.pageNo, pageSize: page.pageSize };
}
