// The back-office's question bank, exam builder, role grants and practice sets (issue 18 part A;
// docs/api.md "Exams: back-office"). Reads are silent (each page shows its own error, the server's
// message on a refusal); saves go through the error catalogue, which shows the server's message.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { apiGet, apiPost } from '../../../api/client';
import type {
  AdminExam, AdminExamRow, AdminRoleGrant, ArchiveResult, BankCategory, BankKind, BankQuestion, BankQuestionInput, BuilderChoices, DrawRuleInput,
  ExamSettingsInput, ImportResult, PracticeSetRow, UserChoice,
} from '../../../../schemas/api/exam-admin';
import { useAppStore } from '../../../stores/app-store';

export type { AdminExam, AdminRoleGrant, BankCategory, BankKind, BankQuestion, BankQuestionInput, DrawRuleInput, ExamSettingsInput, ImportResult } from '../../../../schemas/api/exam-admin';
export type AdminExamItem = Static<typeof AdminExamRow>;
export type PracticeSet = Static<typeof PracticeSetRow>;
export type UserPick = Static<typeof UserChoice>;
export type Choices = Static<typeof BuilderChoices>;
export interface PageOf<T> { list: T[]; total: number; pageNo: number; pageSize: number }

const silent = { silent: true } as const;

function useKey(...parts: unknown[]) {
  const tenantId = useAppStore((s) => s.tenantId);
  return ['exam-admin', tenantId, ...parts] as const;
}

/** Drops every cached back-office read of the bank (after a write). */
function useRefresh() {
  const client = useQueryClient();
  const tenantId = useAppStore((s) => s.tenantId);
  return () => client.invalidateQueries({ queryKey: ['exam-admin', tenantId] });
}

function useWrite<A, R>(post: (args: A) => Promise<R>) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: post, onSuccess: () => void refresh() });
}

// --- Bank ---
export const useCategories = () => useQuery({
  queryKey: useKey('categories'),
  queryFn: ({ signal }) => apiGet<BankCategory[]>('/exam/api/admin/bank/categories', undefined, { ...silent, signal }),
  retry: false,
});

export interface QuestionFilter { categoryId?: number | undefined; kind?: BankKind | undefined; difficulty?: number | undefined; text?: string | undefined; state?: 'active' | 'archived'; pageNo: number; pageSize: number }
export const useQuestions = (filter: QuestionFilter, enabled = true) => useQuery({
  queryKey: useKey('questions', filter),
  queryFn: ({ signal }) => apiGet<PageOf<BankQuestion>>('/exam/api/admin/bank/questions', { ...filter }, { ...silent, signal }),
  placeholderData: keepPreviousData,
  retry: false,
  enabled,
});

export const useSaveCategory = () => useWrite((body: { id?: number; name: string; parentId: number | null }) => apiPost<BankCategory>('/exam/api/admin/bank/category/save', { ...body }));
export const useDeleteCategory = () => useWrite((id: number) => apiPost<null>('/exam/api/admin/bank/category/delete', { id }));
export const useSaveQuestion = () => useWrite((question: BankQuestionInput) => apiPost<BankQuestion>('/exam/api/admin/bank/question/save', { question }));
export const useArchiveQuestion = () => useWrite((body: { id: number; restore?: boolean }) => apiPost<Static<typeof ArchiveResult>>('/exam/api/admin/bank/question/archive', { ...body }));
export const useImportQuestions = () => useWrite((body: { fileName: string; data: string }) => apiPost<ImportResult>('/exam/api/admin/bank/import', { ...body }));

/** The template's address: a plain link (the pctoken cookie signs the download in). */
export function templateUrl(tenantId: number | null): string {
  return `/exam/api/admin/bank/template?tenantId=${tenantId ?? ''}`;
}

// --- Exams ---
export const useAdminExams = (q: { text?: string | undefined; pageNo: number; pageSize: number }) => useQuery({
  queryKey: useKey('exams', q),
  queryFn: ({ signal }) => apiGet<PageOf<AdminExamItem>>('/exam/api/admin/exams', { ...q }, { ...silent, signal }),
  placeholderData: keepPreviousData,
  retry: false,
});
export const useAdminExam = (id: number | null) => useQuery({
  queryKey: useKey('exam', id),
  queryFn: ({ signal }) => apiGet<AdminExam>('/exam/api/admin/exam', { id }, { ...silent, signal }),
  enabled: id !== null,
  retry: false,
});
export const useBuilderChoices = () => useQuery({
  queryKey: useKey('choices'),
  queryFn: ({ signal }) => apiGet<Choices>('/exam/api/admin/exam/choices', undefined, { ...silent, signal }),
  retry: false,
});
export const useSaveExam = () => useWrite((exam: ExamSettingsInput) => apiPost<AdminExam>('/exam/api/admin/exam/save', { exam: exam as unknown as Record<string, unknown> }));
export const useSavePaper = () => useWrite((body: { examId: number; paperMode: 'fixed' | 'random'; questions: Array<{ bankQuestionId: number; score: number }>; drawRules: DrawRuleInput[] }) =>
  apiPost<AdminExam>('/exam/api/admin/exam/paper/save', { ...body }));
export const usePublishExam = () => useWrite((body: { id: number; published: boolean }) => apiPost<AdminExam>('/exam/api/admin/exam/publish', { ...body }));

// --- Roles ---
export const useGrants = () => useQuery({
  queryKey: useKey('roles'),
  queryFn: ({ signal }) => apiGet<AdminRoleGrant[]>('/exam/api/admin/roles', undefined, { ...silent, signal }),
  retry: false,
});
export interface GrantInput { userId: number; role: 'teacher' | 'marker' | 'invigilator'; scopeType: 'classes' | 'exam' | 'room' | 'match' | null; scopeId?: number | null }
export const useGrant = () => useWrite((g: GrantInput) => apiPost<AdminRoleGrant[]>('/exam/api/admin/role/grant', { ...g }));
export const useRevoke = () => useWrite((g: GrantInput) => apiPost<AdminRoleGrant[]>('/exam/api/admin/role/revoke', { ...g }));
export function findUsers(text: string): Promise<UserPick[]> {
  return apiGet<UserPick[]>('/exam/api/admin/users', { text }, silent);
}

// --- Practice sets ---
export const usePracticeSets = () => useQuery({
  queryKey: useKey('practice-sets'),
  queryFn: ({ signal }) => apiGet<PracticeSet[]>('/exam/api/admin/practiceSets', undefined, { ...silent, signal }),
  retry: false,
});
export const useSavePracticeSet = () => useWrite((body: { title: string; categoryId: number | null; questionIds?: number[]; randomCount?: number }) =>
  apiPost<PracticeSet[]>('/exam/api/admin/practiceSet/save', { ...body }));
export const usePracticeSetState = () => useWrite((body: { id: number; state: 'published' | 'hidden' }) => apiPost<PracticeSet[]>('/exam/api/admin/practiceSet/state', { ...body }));
