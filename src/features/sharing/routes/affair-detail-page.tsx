// /affair/detail/{id} (spec learning §2 "Details"; issue 19 part H): an affair, an official notice:
// issuer, document number, the text, attachments, and the read receipt. One that asks for a receipt
// is confirmed with 确认已读 (a guest is asked to sign in first); one that does not is read once
// opened signed in. GET /cm/api/affair/detail and POST /cm/api/affair/confirm (ours).
import { Alert, Button, Space } from 'antd';
import dayjs from 'dayjs';
import { Link, useLocation, useParams } from 'react-router';
import { useAffair, useConfirmAffair, type AffairDetail } from '../../../api/sharing';
import { showMessage } from '../../../components/feedback/feedback';
import { usePageTitle } from '../../../components/use-page-title';
import { loginPath } from '../../../lib/login-path';
import { RichText } from '../../../runtime/rich-text-view';
import { pageState, positiveId } from '../components/page-states';
import { useSharingTexts } from '../components/texts';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

function Receipt({ affair }: { affair: AffairDetail }) {
  const t = useSharingTexts();
  const location = useLocation();
  const confirm = useConfirmAffair(affair.id);
  const count = <span style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.6))' }}>{t('confirmedCount', { n: affair.confirmedCount })}</span>;
  if (!affair.needConfirm) return <p data-testid="affair-no-receipt">{t('noReceipt')}</p>;
  if (affair.confirmedAt) {
    return <Alert type="success" showIcon data-testid="affair-confirmed" title={t('confirmedAt', { time: time(affair.confirmedAt) })} description={count} />;
  }
  const late = affair.confirmDeadline !== null && dayjs(affair.confirmDeadline).isBefore(dayjs());
  if (!affair.signedIn) {
    return (
      <Alert
        type="info" showIcon title={t('signInHint')} description={count}
        action={<Link to={loginPath(location.pathname + location.search)} data-testid="affair-sign-in">{t('signInToConfirm')}</Link>}
      />
    );
  }
  return (
    <Alert
      type={late ? 'warning' : 'info'} showIcon
      title={affair.confirmDeadline ? t(late ? 'confirmLate' : 'confirmDeadline', { time: time(affair.confirmDeadline) }) : t('signInHint')}
      description={count}
      action={(
        <Button
          type="primary" loading={confirm.isPending} data-testid="affair-confirm"
          onClick={() => confirm.mutate(undefined, { onSuccess: () => showMessage('success', t('confirmedOk')) })}
        >
          {t('confirm')}
        </Button>
      )}
    />
  );
}

export default function AffairDetailPage() {
  const t = useSharingTexts();
  const { id: rawId } = useParams();
  const id = positiveId(rawId);
  const affair = useAffair(id);
  usePageTitle(affair.data?.title);
  const state = pageState(affair, id, { code: 'AFFAIR_NOT_FOUND', title: t('affairNotFound'), hint: t('affairNotFoundHint', { id: rawId ?? '' }) }, 'affair');
  if (state || !affair.data) return <div className="affair-detail-page" style={{ padding: '24px 0 48px' }}>{state}</div>;
  const a = affair.data;
  const meta = [a.issuer ? t('issuer', { name: a.issuer }) : null, a.docNo ? t('docNo', { no: a.docNo }) : null, t('publishedAt', { time: time(a.publishTime) })];
  return (
    <div className="affair-detail-page" style={{ padding: '24px 0 48px' }}>
      <article data-testid="affair-detail" style={{ maxWidth: 860, margin: '0 auto', background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '32px 40px' }}>
        <header style={{ textAlign: 'center', borderBottom: '2px solid var(--portal-danger, #cf1322)', paddingBottom: 16, marginBottom: 24 }}>
          <h1 style={{ margin: '0 0 12px', fontSize: 26, lineHeight: 1.4 }}>{a.title}</h1>
          <p style={{ margin: 0, color: 'var(--portal-text-secondary, rgba(0,0,0,0.6))' }}>{meta.filter(Boolean).join(' · ')}</p>
        </header>
        <RichText html={a.body} className="affair-detail-body" style={{ fontSize: 16, lineHeight: 1.9 }} />
        {a.attachments.length > 0 ? (
          <section aria-labelledby="affair-attachments" style={{ marginTop: 24 }}>
            <h2 id="affair-attachments" style={{ fontSize: 18, margin: '0 0 8px' }}>{t('attachments')}</h2>
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {a.attachments.map((f) => (
                <li key={f.url} data-testid="affair-attachment">
                  <Space>
                    <a href={f.url} target="_blank" rel="noopener noreferrer">{f.name}</a>
                    <a href={f.url} download={f.name}>{t('download')}</a>
                  </Space>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-label={t('receipt')} style={{ marginTop: 32 }}>
          <Receipt affair={a} />
        </section>
        <p style={{ marginTop: 24 }}><Link to="/user/center/study/myNotice">{t('myNotices')}</Link></p>
      </article>
    </div>
  );
}
