// The calls and queries of a class's tools (issue 17; spec learning §7 "Training"; types from
// schemas/api/train-classes-more.ts): my rights in the class, comments, attendance, member
// assessment, statistics, the discussion circle and my activity feed. Reads are silent (each page
// shows its own error with a retry); writes go through the error catalogue, whose alert shows the
// server's reason (outside the window, too far, not a member). Every key carries the tenant.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttendanceLog, AttendanceSession, AttendanceSetting, ClassComment, ClassesAuth, ClassStatis, MemberAssess, MemberStatis,
} from '../../../../schemas/api/train-classes-more';
import type { Activity, ActivityType, CircleDetail, CirclePost } from '../../../../schemas/api/train-circle';
import { getMyCircles, pageOf, saveClassFavorite } from '../../../api/classes';
import { apiGet, apiPost, type Paged } from '../../../api/client';
import { useAppStore } from '../../../stores/app-store';

export type {
  AttendanceLog, AttendanceSession, AttendanceSetting, ClassComment, ClassesAuth, ClassStatis, MemberAssess, MemberStatis,
} from '../../../../schemas/api/train-classes-more';
export type { Activity, ActivityType, Circle, CircleDetail, CirclePost, CircleReply } from '../../../../schemas/api/train-circle';

/** The longest comment, post or reply after filtering: USER_TEXT_MAX of the schema, kept here so the
 * page chunk does not carry TypeBox (tests/component/classes-comments.test.tsx checks they agree). */
export const USER_TEXT_MAX = 500;

/** A page request. */
export interface PageReq { pageNo: number; pageSize: number }

const silent = (signal: AbortSignal) => ({ silent: true, signal });
const useTenant = () => useAppStore((s) => s.tenantId);

/** What I may do in a class (GET classes/classesAdminAuth): teacher controls and the favourite heart read it. */
export function useClassAuth(classesId: number | null) {
  const tenantId = useTenant();
  return useQuery({
    queryKey: ['class-tools', tenantId, 'auth', classesId],
    queryFn: ({ signal }) => apiGet<ClassesAuth>('/train/api/classes/classesAdminAuth', { classesId }, silent(signal)),
    enabled: classesId !== null,
    retry: false,
  });
}

/** Sets or clears the favourite; my rights and my favourite lists are read again afterwards. */
export function useFavoriteClass(classesId: number) {
  const client = useQueryClient();
  const tenantId = useTenant();
  return useMutation({
    mutationFn: (favorite: boolean) => saveClassFavorite(classesId, favorite),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: ['class-tools', tenantId, 'auth', classesId] }),
      client.invalidateQueries({ queryKey: ['center-study', tenantId] }),
    ]),
  });
}

// --- Comments (/classes/userList) -----------------------------------------------------------------

/** A page of the class's comments, newest first. */
export function useClassComments(classesId: number, page: PageReq) {
  const tenantId = useTenant();
  return useQuery({
    queryKey: ['class-tools', tenantId, 'comments', classesId, page.pageNo, page.pageSize],
    queryFn: ({ signal }) => apiGet<Paged<ClassComment>>('/train/api/classesComment/search', { classesId, ...page }, silent(signal)),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Writes or deletes a comment; the class's comments and statistics are read again. */
export function useCommentActions(classesId: number) {
  const client = useQueryClient();
  const tenantId = useTenant();
  const settle = () => Promise.all([
    client.invalidateQueries({ queryKey: ['class-tools', tenantId, 'comments', classesId] }),
    client.invalidateQueries({ queryKey: ['class-tools', tenantId, 'statis', classesId] }),
  ]);
  const save = useMutation({
    mutationFn: (c: { content: string; score?: number }) => apiPost<ClassComment>('/train/api/classesComment/save', { classesId, ...c }),
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiPost<unknown>('/train/api/classesComment/delComment', { id }),
    onSettled: settle,
  });
  return { save, remove };
}

// --- Attendance (/attendance/detail) --------------------------------------------------------------

/** The class's sessions with their sign-in windows, my sign-ins and the server clock. */
export function useAttendanceSetting(classesId: number) {
  const tenantId = useTenant();
  return useQuery({
    queryKey: ['class-tools', tenantId, 'attendance', classesId, 'setting'],
    queryFn: ({ signal }) => apiGet<AttendanceSetting>('/train/api/attendance/settingInfo', { classesId }, silent(signal)),
    retry: false,
    // A window opens and closes by the clock: read again every minute while the page is open.
    refetchInterval: 60_000,
  });
}

/** A page of my sign-ins in the class (or, for the teacher with `all`, everyone's). */
export function useAttendanceLog(classesId: number, page: PageReq, all = false) {
  const tenantId = useTenant();
  return useQuery({
    queryKey: ['class-tools', tenantId, 'attendance', classesId, 'log', all, page.pageNo, page.pageSize],
    queryFn: ({ signal }) => apiGet<Paged<AttendanceLog>>('/train/api/attendance/queryLog', { classesId, ...page, ...(all ? { all } : {}) }, silent(signal)),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Signs in to a session, with my position when the session asks for one. */
export function useSignIn(classesId: number) {
  const client = useQueryClient();
  const tenantId = useTenant();
  return useMutation({
    mutationFn: (body: { sessionId: number; latitude?: number; longitude?: number }) =>
      apiPost<AttendanceSession>('/train/api/attendance/saveLog', { classesId, ...body }),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: ['class-tools', tenantId, 'attendance', classesId] }),
      client.invalidateQueries({ queryKey: ['class-tools', tenantId, 'statis', classesId] }),
      client.invalidateQueries({ queryKey: ['class-tools', tenantId, 'activity'] }),
    ]),
  });
}

/** What a teacher gives for a new session (POST attendance/saveSetting). */
export interface NewSession {
  title: string; startTime: string; beforeMinutes?: number; afterMinutes?: number;
  place?: string; latitude?: number; longitude?: number; radius?: number;
}

/** The class's teacher adds a session; the sessions are read again. */
export function useSaveSession(classesId: number) {
  const client = useQueryClient();
  const tenantId = useTenant();
  return useMutation({
    mutationFn: (body: NewSession) => apiPost<AttendanceSession>('/train/api/attendance/saveSetting', { classesId, ...body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['class-tools', tenantId, 'attendance', classesId] }),
  });
}

// --- Assessment (member list) ---------------------------------------------------------------------

/** Assessments: every member's for the teacher, my own row for a learner. */
export function useMemberAssess(classesId: number, page: PageReq) {
  const tenantId = useTenant();
  return useQuery({
    queryKey: ['class-tools', tenantId, 'assess', classesId, page.pageNo, page.pageSize],
    queryFn: ({ signal }) => apiGet<Paged<MemberAssess>>('/train/api/classesMember/queryMemberAssess', { classesId, ...page }, silent(signal)),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The teacher saves a member's assessment. */
export function useSaveAssess(classesId: number) {
  const client = useQueryClient();
  const tenantId = useTenant();
  return useMutation({
    mutationFn: (body: { userId: number; score: number; passed: boolean; comment?: string }) =>
      apiPost<MemberAssess>('/train/api/classesMember/saveMemberAssess', { classesId, ...body }),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: ['class-tools', tenantId, 'assess', classesId] }),
      client.invalidateQueries({ queryKey: ['class-tools', tenantId, 'statis', classesId] }),
    ]),
  });
}

// --- Statistics (/classes/statis, /classes/statisList) ---------------------------------------------

/** The class overview with my figures (GET classes/statis). */
export function useClassStatis(classesId: number | null) {
  const tenantId = useTenant();
  return useQuery({
    queryKey: ['class-tools', tenantId, 'statis', classesId],
    queryFn: ({ signal }) => apiGet<ClassStatis>('/train/api/classes/statis', { id: classesId }, silent(signal)),
    enabled: classesId !== null,
    retry: false,
  });
}

/** Per-member figures (GET classes/statisList): every member for the teacher, my row for a learner. */
export function useMemberStatis(classesId: number, page: PageReq, enabled = true) {
  const tenantId = useTenant();
  return useQuery({
    queryKey: ['class-tools', tenantId, 'statis', classesId, 'members', page.pageNo, page.pageSize],
    queryFn: ({ signal }) => apiGet<Paged<MemberStatis>>('/train/api/classes/statisList', { id: classesId, ...page }, silent(signal)),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** The classes I teach or study with (the circles list is exactly those), a page at a time. */
export function useMyTeachingAndStudy(page: PageReq) {
  const tenantId = useTenant();
  return useQuery({
    queryKey: ['class-tools', tenantId, 'mine'],
    queryFn: ({ signal }) => getMyCircles(silent(signal)),
    select: (rows) => pageOf(rows, page),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// --- The discussion circle (/circle/detail/:id) ---------------------------------------------------

/** One class's circle (members and teachers only). */
export function useCircle(id: number | null) {
  const tenantId = useTenant();
  return useQuery({
    queryKey: ['class-tools', tenantId, 'circle', id],
    queryFn: ({ signal }) => apiGet<CircleDetail>('/train/api/circle/detail', { id }, silent(signal)),
    enabled: id !== null,
    retry: false,
  });
}

/** A page of the circle's posts, newest first, each with its replies. */
export function useCirclePosts(id: number, page: PageReq, enabled: boolean) {
  const tenantId = useTenant();
  return useQuery({
    queryKey: ['class-tools', tenantId, 'circle', id, 'posts', page.pageNo, page.pageSize],
    queryFn: ({ signal }) => apiGet<Paged<CirclePost>>('/train/api/circle/posts', { id, ...page }, silent(signal)),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** Posts, replies and deletes in a circle; its posts are read again afterwards. */
export function useCircleActions(id: number) {
  const client = useQueryClient();
  const tenantId = useTenant();
  const settle = () => client.invalidateQueries({ queryKey: ['class-tools', tenantId, 'circle', id] });
  return {
    post: useMutation({ mutationFn: (content: string) => apiPost<CirclePost>('/train/api/circle/post', { id, content }), onSettled: settle }),
    reply: useMutation({ mutationFn: (r: { postId: number; content: string }) => apiPost<CirclePost>('/train/api/circle/reply', r), onSettled: settle }),
    remove: useMutation({ mutationFn: (postId: number) => apiPost<unknown>('/train/api/circle/delete', { id: postId }), onSettled: settle }),
  };
}

// --- My activity (/activity) ----------------------------------------------------------------------

/** A page of my activity, newest first, optionally of one kind. */
export function useActivity(type: ActivityType | undefined, page: PageReq) {
  const tenantId = useTenant();
  return useQuery({
    queryKey: ['class-tools', tenantId, 'activity', type ?? 'all', page.pageNo, page.pageSize],
    queryFn: ({ signal }) => apiGet<Paged<Activity>>('/um/api/activity/search', { ...page, ...(type ? { type } : {}) }, silent(signal)),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
