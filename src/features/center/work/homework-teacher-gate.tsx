// The teachers' homework pages are for teachers (issue 18 "a teacher-only page opened by a learner
// says plainly that it is for teachers"): without a teacher grant in the session's roles, or when
// the server refuses with 403, a 403 Result says so instead of an empty list.
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { isTeacher } from '../../../api/homework';
import { useUserStore } from '../../../stores/user-store';
import { useCenterHomeworkTexts } from '../components/homework-texts';

/** True when the error is the server's refusal of a teacher call. */
export const isRefusal = (error: unknown) => error instanceof ApiError && error.code === 403;

/** The 403 Result of a teacher page; `message` is the server's reason when it refused. */
export function TeachersOnly({ message }: { message?: string | undefined }) {
  const t = useCenterHomeworkTexts();
  return (
    <Result
      status="403" title={t('teachersOnly')} subTitle={message ?? t('teachersOnlyHint')} data-testid="teachers-only"
      extra={<Link to="/user/center/study/myInfo">{t('toCenter')}</Link>}
    />
  );
}

/** Renders the page for a teacher, the 403 Result for anyone else. */
export function TeacherGate({ children }: { children: ReactNode }) {
  const roles = useUserStore((s) => s.userInfo?.roles);
  return isTeacher(roles) ? <>{children}</> : <TeachersOnly />;
}
