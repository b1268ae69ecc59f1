// /credential/verify?code=&tenantId= (issue 19 part E, ours; docs/growth.md "Credentials"): the
// public verification a certificate's link and QR code open, signed in or not. It shows the state
// (valid, expired, revoked, not found) and for a known code the holder, title, issuer and dates only;
// without a code, a field to type the number printed on a certificate.
import { Button, Card, Descriptions, Form, Input, Result, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useVerifyCredential, type CredentialVerification } from '../../../api/credentials';
import { useCredentialsTexts } from '../components/texts';

const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

const RESULT = {
  valid: { status: 'success', title: 'resultValid', hint: 'validHint' },
  expired: { status: 'warning', title: 'resultExpired', hint: 'expiredHint' },
  revoked: { status: 'error', title: 'resultRevoked', hint: 'revokedHint' },
  notFound: { status: 'info', title: 'resultNotFound', hint: 'notFoundHint' },
} as const;

function Outcome({ v }: { v: CredentialVerification }) {
  const t = useCredentialsTexts();
  const r = RESULT[v.state];
  return (
    <Result
      status={r.status} title={<span data-testid="verify-state" data-state={v.state}>{t(r.title)}</span>} subTitle={t(r.hint)}
      extra={v.state === 'notFound' ? null : (
        <Descriptions size="small" column={1} bordered style={{ maxWidth: 520, margin: '0 auto', textAlign: 'start' }} items={[
          { key: 'holder', label: t('holder'), children: <span data-testid="verify-holder">{v.holderName}</span> },
          { key: 'title', label: t('title'), children: v.title },
          { key: 'issuer', label: t('issuer'), children: v.issuer },
          { key: 'issued', label: t('issuedOn'), children: v.issuedAt ? day(v.issuedAt) : '' },
          { key: 'until', label: t('validUntil'), children: v.expiresAt ? day(v.expiresAt) : t('never') },
          { key: 'code', label: t('code'), children: v.code },
        ]} />
      )}
    />
  );
}

export default function CredentialVerifyPage() {
  const t = useCredentialsTexts();
  const [params, setParams] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const tenantParam = Number(params.get('tenantId'));
  const tenantId = Number.isSafeInteger(tenantParam) && tenantParam > 0 ? tenantParam : null;
  const query = useVerifyCredential(code, tenantId);

  const check = ({ code: typed }: { code: string }) => {
    const next = new URLSearchParams(params);
    next.set('code', typed.trim());
    setParams(next);
  };

  return (
    <div style={{ maxWidth: 760, margin: '24px auto', padding: '0 16px' }} data-testid="credential-verify">
      <Card title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('verifyTitle')}</h1>}>
        <p>{t('verifyIntro')}</p>
        <Form layout="inline" onFinish={check} initialValues={{ code }} key={code} style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item name="code" label={t('codeLabel')} rules={[{ required: true, whitespace: true, message: t('codeRequired') }]}>
            <Input placeholder={t('codePlaceholder')} maxLength={40} style={{ width: 240 }} data-testid="verify-code-input" />
          </Form.Item>
          <Form.Item><Button type="primary" htmlType="submit">{t('verify')}</Button></Form.Item>
        </Form>
        {!code ? null
          : query.isPending ? <div role="status" aria-busy="true" aria-label={t('checking')}><Skeleton active paragraph={{ rows: 4 }} /></div>
            : query.isError ? <Result status="error" title={t('verifyFailed')} subTitle={query.error.message} extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />
              : <div aria-live="polite"><Outcome v={query.data} /></div>}
      </Card>
    </div>
  );
}
