// The loading, not-found and error states of the topic and affair pages (issue 19 part H).
import { Alert, Button, Result, Skeleton } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { useSharingTexts } from './texts';

/** The state to show instead of the page, or null when the data is there. */
export function pageState(q: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }, id: number | null, notFound: {
  code: string; title: string; hint: string;
}, testId: string) {
  if (id === null || (q.isError && q.error instanceof ApiError && q.error.errorCode === notFound.code)) {
    return <NotFound title={notFound.title} hint={notFound.hint} testId={`${testId}-not-found`} />;
  }
  if (q.isPending) return <Loading testId={`${testId}-loading`} />;
  if (q.isError) return <Failed message={q.error instanceof Error ? q.error.message : ''} retry={() => void q.refetch()} testId={`${testId}-error`} />;
  return null;
}

function Loading({ testId }: { testId: string }) {
  const t = useSharingTexts();
  return (
    <div role="status" aria-busy="true" aria-label={t('loading')} data-testid={testId} style={{ padding: 24 }}>
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}

function NotFound({ title, hint, testId }: { title: string; hint: string; testId: string }) {
  const t = useSharingTexts();
  return <Result status="404" title={title} subTitle={hint} data-testid={testId} extra={<Link to="/home">{t('home')}</Link>} />;
}

function Failed({ message, retry, testId }: { message: string; retry: () => void; testId: string }) {
  const t = useSharingTexts();
  return (
    <Alert
      type="error" showIcon title={message || t('loadFailed')} data-testid={testId} style={{ margin: 24 }}
      action={<Button size="small" onClick={retry}>{t('retry')}</Button>}
    />
  );
}

/** A positive integer from the address, or null. */
export function positiveId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
