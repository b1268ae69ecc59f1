// How a failed read of the task and certificate editors shows (as bank-frame.tsx's ReadState): a
// refusal (403, e.g. a learner who opened the address) says plainly that this is the back-office.
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useTaskAdminTexts } from './task-admin-texts';

/** A read's loading or failure, or null when its data is there. */
export function TaskAdminReadState({ query }: { query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown } }) {
  const t = useTaskAdminTexts();
  const { i18n } = useTranslation();
  if (query.isPending) return <Skeleton active />;
  if (!query.isError) return null;
  const refused = query.error instanceof ApiError && query.error.code === 403;
  // The server's refusal is Chinese (its messages are); an English page says it in its own words.
  const serverSays = i18n.language === 'en' && /[\u4e00-\u9fff]/.test(query.error?.message ?? '') ? '' : `${query.error?.message ?? ''} `;
  if (refused) return <Result status="403" title={t('forbidden')} subTitle={`${serverSays}${t('forbiddenHelp')}`} data-testid="task-admin-forbidden" />;
  return <Result status="error" title={t('loadFailed')} subTitle={serverSays.trim() || undefined} extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />;
}
