// The work center's pages are for teachers, markers and invigilators (issue 18: "a teacher-only page
// opened by a learner says plainly that it is for teachers"): without the grant in the session's
// roles, or when the server refuses with 403, a 403 Result says so instead of an empty list.
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, App, Button, message as staticMessage, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { useWorkRoles, type WorkRoles } from '../../../api/work';
import { useWorkTexts } from './work-texts';

/** The 403 Result; `message` is the server's reason when it refused. */
export function WorkForbidden({ message, staff = false }: { message?: string | undefined; staff?: boolean }) {
  const t = useWorkTexts();
  return (
    <Result
      status="403" title={staff ? t('staffOnly') : t('teachersOnly')} subTitle={message ?? t('teachersOnlyHint')} data-testid="work-forbidden"
      extra={<Link to="/user/center/study/myInfo">{t('toCenter')}</Link>}
    />
  );
}

/** Renders the page for a holder of the role (`any`: teacher, marker or invigilator), the 403 Result for anyone else. */
export function WorkGate({ role, children }: { role: keyof WorkRoles; children: ReactNode }) {
  const roles = useWorkRoles();
  return roles[role] ? <>{children}</> : <WorkForbidden staff={role === 'any'} />;
}

/** A query's loading, error (the server's message; a 403 as the Result) and data. */
export function QueryState<T>({ query, testId, children }: { query: UseQueryResult<T>; testId: string; children: (data: T) => ReactNode }) {
  const t = useWorkTexts();
  if (query.isPending) {
    return <div role="status" aria-busy="true" aria-label={t('loading')} data-testid={`${testId}-loading`}><Skeleton active paragraph={{ rows: 4 }} /></div>;
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.code === 403) return <WorkForbidden message={query.error.message} />;
    return (
      <Alert
        type="error" showIcon title={query.error.message || t('loadFailed')} data-testid={`${testId}-error`}
        action={<Button size="small" onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  return <>{children(query.data)}</>;
}

/** Shows a success message: antd's App context when the page has one, else the static message. */
export function useNotice(): (text: string) => void {
  const { message } = App.useApp();
  return (text) => void (message.success ?? staticMessage.success)(text);
}
