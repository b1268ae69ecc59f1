// /archives/certificatesDetail?id= (spec learning §2 "Archives"; issue 19 part E; docs/growth.md
// "Credentials"): one of my certificates in full, laid out as the PDF prints it (title, holder, text,
// issuer, dates, number), its state, the PDF download, and its public verification: the link to
// copy or open and the switch that keeps it private.
import { Alert, Button, Descriptions, Result, Skeleton, Space, Switch, Typography, message } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useCredential, useModifyCredential, verifyUrlOf, type UserCredential } from '../../../api/credentials';
import { CredentialActions, CredentialStateTag } from '../../../components/credential-actions';
import { useCredentialsTexts } from '../components/texts';

const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');
const FRAME = { maxWidth: 960, margin: '24px auto', padding: '0 16px' } as const;

/** The certificate as printed: a framed sheet. */
function CertificateSheet({ c }: { c: UserCredential }) {
  const t = useCredentialsTexts();
  return (
    <section
      aria-label={c.title} data-testid="certificate-sheet"
      style={{ border: '5px solid #1f4e8c', outline: '1px solid #b8903a', outlineOffset: -12, padding: '32px 40px', textAlign: 'center', background: '#fff', color: '#1f2937', marginBottom: 24 }}
    >
      <div style={{ color: '#4b5563' }}>{c.issuer}</div>
      <Typography.Title level={1} style={{ color: '#1f4e8c', fontSize: 30, margin: '8px 0 16px' }}>{c.title}</Typography.Title>
      <div style={{ color: '#4b5563' }}>{t('certifies')}</div>
      <div style={{ fontSize: 26, fontWeight: 700, margin: '4px 0 12px', color: '#111827' }} data-testid="certificate-holder">{c.holderName}</div>
      <p style={{ maxWidth: 640, margin: '0 auto 16px', color: '#1f2937' }}>{c.body}</p>
      <div style={{ color: '#4b5563' }}>
        {`${t('issuer')}: ${c.issuer} · ${t('issuedOn')}: ${day(c.issuedAt)} · ${t('validUntil')}: ${c.expiresAt ? day(c.expiresAt) : t('never')}`}
      </div>
      <div style={{ color: '#4b5563' }}>{`${t('code')}: ${c.code}`}</div>
    </section>
  );
}

export default function CertificateDetailPage() {
  const t = useCredentialsTexts();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const query = useCredential(valid ? id : null);
  const modify = useModifyCredential();

  if (!valid) {
    return <Result status="warning" title={t('badId')} subTitle={t('badIdHint')} extra={<Link to="/user/center/study/myCredentials">{t('myCredentials')}</Link>} />;
  }
  if (query.isPending) return <div style={FRAME}><Skeleton active paragraph={{ rows: 8 }} /></div>;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.code === 404;
    return (
      <Result
        status={notFound ? '404' : 'error'} title={notFound ? t('notFound') : t('loadFailed')} subTitle={query.error.message}
        extra={<Space><Button onClick={() => void query.refetch()}>{t('retry')}</Button><Link to="/user/center/study/myCredentials">{t('myCredentials')}</Link></Space>}
      />
    );
  }
  const c = query.data;
  const url = verifyUrlOf(c);
  return (
    <div style={FRAME} data-testid="certificate-detail">
      {c.state === 'expired' ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('expiredNote')} /> : null}
      {c.state === 'revoked' ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('revokedNote')} /> : null}
      <CertificateSheet c={c} />
      <div style={{ marginBottom: 16 }}><CredentialActions credential={c} /></div>
      <Descriptions size="small" column={1} bordered items={[
        { key: 'state', label: t('state'), children: <CredentialStateTag state={c.state} /> },
        { key: 'source', label: t('source'), children: `${t(c.sourceKind)} · ${c.sourceTitle}` },
        ...(c.revokeReason ? [{ key: 'reason', label: t('revokeReason'), children: c.revokeReason }] : []),
        {
          key: 'verify', label: t('verification'),
          children: (
            <Space direction="vertical" size="small">
              <Space>
                <Switch
                  checked={c.publicVerify} disabled={c.state === 'revoked'} loading={modify.isPending} aria-label={t('publicLabel')} data-testid="credential-public"
                  onChange={(on) => modify.mutate({ id: c.id, publicVerify: on }, { onSuccess: () => void message.success(t('publicSaved')) })}
                />
                <span>{t('publicLabel')}</span>
              </Space>
              <Typography.Text type="secondary">{c.publicVerify ? t('publicOn') : t('publicOff')}</Typography.Text>
              {c.publicVerify ? <a href={url} target="_blank" rel="noreferrer" data-testid="credential-verify-link">{t('openVerify')}</a> : null}
            </Space>
          ),
        },
      ]} />
    </div>
  );
}
