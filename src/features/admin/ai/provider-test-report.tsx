// The connection test's report on /sub_admin/ai (issue 21 part A): each step with passed or failed
// and the server's words; announced to screen readers when it arrives.
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Alert } from 'antd';
import type { ProviderTestResult } from './provider-api';
import { useAdminAiProviderTexts } from './provider-texts';

export function ProviderTestReport({ test }: { test: { data?: ProviderTestResult | undefined; error: Error | null; isPending: boolean } }) {
  const t = useAdminAiProviderTexts();
  if (test.isPending) return null;
  if (test.error) return <Alert type="error" showIcon title={test.error.message} role="alert" style={{ marginTop: 12, maxWidth: 640 }} />;
  const result = test.data;
  if (!result) return null;
  return (
    <section aria-labelledby="ai-provider-test-title" aria-live="polite" data-testid="ai-provider-test-report" style={{ marginTop: 16, maxWidth: 640 }}>
      <h2 id="ai-provider-test-title" style={{ fontSize: 16 }}>{t('testTitle')}</h2>
      <Alert type={result.ok ? 'success' : 'warning'} showIcon title={result.ok ? t('testOk', { ms: result.elapsedMs }) : t('testFailed', { ms: result.elapsedMs })} />
      <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0', display: 'grid', gap: 6 }}>
        {result.checks.map((c) => (
          <li key={c.step} data-step={c.step} data-ok={c.ok} style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
            {c.ok
              ? <CheckCircleFilled aria-hidden style={{ color: 'var(--ant-color-success, #389e0d)' }} />
              : <CloseCircleFilled aria-hidden style={{ color: 'var(--ant-color-error, #cf1322)' }} />}
            <span><strong>{t(`step_${c.step}`)}</strong>{t('stepState', { state: c.ok ? t('passed') : t('failed') })}{c.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
