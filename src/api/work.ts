// The teachers' work center calls (issue 18 part G; schemas/api/work.ts, docs/api.md "Work center"):
// the to-do (also the center menu's counts), the teaching schedule, class management and the work
// review, with their query hooks. Reads are silent where the page shows its own error; writes go
// through the error catalogue, so a refusal shows the server's message. Assessments, attendance
// settings and startLive are the existing class and room calls (src/api/train-rooms.ts).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttendanceSession, AttendanceSetting, MemberAssess,
} from '../../schemas/api/train-classes-more';
import type {
  AuditResult, MemberChange, PendingWork, ScheduleRoom, WorkClass, WorkMember, WorkSchedule, WorkTodo,
} from '../../schemas/api/work';
import type { RoleGrant } from '../../schemas/api/um';
import { useAppStore } from '../stores/app-store';
import { useUserStore } from '../stores/user-store';
import { apiGet, apiPost, type Paged } from './client';

export type {
  AuditResult, MemberChange, PendingWork, ScheduleRoom, SchedulePhase, TodoGroup, TodoItem, TodoKind, WorkClass, WorkMember, WorkSchedule, WorkTodo,
} from '../../schemas/api/work';
export { REASON_MAX } from '../../schemas/api/work';
export type { AttendanceSession, AttendanceSetting, MemberAssess } from '../../schemas/api/train-classes-more';

/** What the signed-in user's grants let them do in the work center (UserInfo.roles). */
export interface WorkRoles {
  teacher: boolean;
  marker: boolean;
  invigilator: boolean;
  /** Any of the three: the work center is shown. */
  any: boolean;
}

/** The work-center roles of a list of grants. */
export function workRolesOf(grants: readonly RoleGrant[] | undefined): WorkRoles {
  const has = (role: RoleGrant['role']) => (grants ?? []).some((g) => g.role === role);
  const teacher = has('teacher');
  const marker = has('marker');
  const invigilator = has('invigilator');
  return { teacher, marker, invigilator, any: teacher || marker || invigilator };
}

/** The signed-in user's work-center roles. */
export function useWorkRoles(): WorkRoles {
  const grants = useUserStore((s) => s.userInfo?.roles);
  return workRolesOf(grants);
}

const silent = (signal?: AbortSignal) => ({ silent: true, ...(signal ? { signal } : {}) });

export const getWorkTodo = (signal?: AbortSignal) => apiGet<WorkTodo>('/train/api/work/todo', {}, silent(signal));
export const getWorkSchedule = (from: string, to: string, signal?: AbortSignal) => apiGet<WorkSchedule>('/train/api/work/schedule', { from, to }, silent(signal));
export const getTaughtClasses = (signal?: AbortSignal) => apiGet<WorkClass[]>('/train/api/work/classes', {}, silent(signal));
export const getWorkMembers = (q: { classesId: number; pageNo: number; pageSize: number; keyword?: string }, signal?: AbortSignal) =>
  apiGet<Paged<WorkMember>>('/train/api/work/classes/members', q, silent(signal));
export const getClassRooms = (classesId: number, signal?: AbortSignal) => apiGet<ScheduleRoom[]>('/train/api/work/classes/rooms', { classesId }, silent(signal));
export const enrolByAccount = (classesId: number, account: string) => apiPost<MemberChange>('/train/api/work/classes/enrol', { classesId, account });
export const removeMember = (classesId: number, userId: number, reason: string) => apiPost<MemberChange>('/train/api/work/classes/remove', { classesId, userId, reason });
export const createClassRoom = (body: { classesId: number; title: string; startTime: string; minutes: number }) =>
  apiPost<ScheduleRoom>('/train/api/work/classes/createRoom', body);
export const getPendingWorks = (page: { pageNo: number; pageSize: number }, signal?: AbortSignal) =>
  apiGet<Paged<PendingWork>>('/cm/api/work/audit/pending', page, silent(signal));
export const approveWork = (id: number) => apiPost<AuditResult>('/cm/api/work/audit/approve', { id });
export const rejectWork = (id: number, reason: string) => apiPost<AuditResult>('/cm/api/work/audit/reject', { id, reason });

const KEY = 'work-center';

/** What waits for me; refreshed every minute while shown (the center menu's counts). Off without a grant. */
export function useWorkTodo(enabled = true) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: [KEY, tenantId, 'todo'],
    queryFn: ({ signal }) => getWorkTodo(signal),
    enabled,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
}

/** My teaching between two instants. */
export function useWorkSchedule(from: string, to: string, enabled = true) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: [KEY, tenantId, 'schedule', from, to],
    queryFn: ({ signal }) => getWorkSchedule(from, to, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useTaughtClasses(enabled = true) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({ queryKey: [KEY, tenantId, 'classes'], queryFn: ({ signal }) => getTaughtClasses(signal), enabled });
}

export function useWorkMembers(q: { classesId: number; pageNo: number; pageSize: number; keyword?: string }) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: [KEY, tenantId, 'members', q.classesId, q.pageNo, q.pageSize, q.keyword ?? ''],
    queryFn: ({ signal }) => getWorkMembers(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClassRooms(classesId: number) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({ queryKey: [KEY, tenantId, 'rooms', classesId], queryFn: ({ signal }) => getClassRooms(classesId, signal) });
}

export function usePendingWorks(page: { pageNo: number; pageSize: number }) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: [KEY, tenantId, 'pending', page.pageNo, page.pageSize],
    queryFn: ({ signal }) => getPendingWorks(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** The class's assessments (teacher: every member) and sign-in sessions: the existing class calls. */
export function useClassAssessments(classesId: number, enabled: boolean) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: [KEY, tenantId, 'assess', classesId],
    queryFn: ({ signal }) => apiGet<Paged<MemberAssess>>('/train/api/classesMember/queryMemberAssess', { classesId, pageNo: 1, pageSize: 100 }, silent(signal)),
    enabled,
  });
}

export function useAttendanceSetting(classesId: number, enabled: boolean) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: [KEY, tenantId, 'attendance', classesId],
    queryFn: ({ signal }) => apiGet<AttendanceSetting>('/train/api/attendance/settingInfo', { classesId }, silent(signal)),
    enabled,
  });
}

/** Saves a member's assessment (classesMember/saveMemberAssess). */
export const saveAssessment = (body: { classesId: number; userId: number; score: number; passed: boolean; comment?: string }) =>
  apiPost<MemberAssess>('/train/api/classesMember/saveMemberAssess', body);

/** Adds a sign-in session (attendance/saveSetting). */
export const saveAttendanceSession = (body: { classesId: number; title: string; startTime: string; beforeMinutes?: number; afterMinutes?: number; place?: string }) =>
  apiPost<AttendanceSession>('/train/api/attendance/saveSetting', body);

/** A mutation that refreshes the work center's queries (and so the menu's counts) when it succeeds. */
export function useWorkMutation<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }) });
}
