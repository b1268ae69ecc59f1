// /user/center/study/myCredentials (spec learning §2 "Personal center" study; issue 19 part E;
// docs/growth.md "Credentials"): my certificates as cards, newest first, filterable by state, each
// with its title, issuer, dates and validity, and the holder's actions: download the PDF, copy the
// public verification link, change the printed name, open the certificate's page.
import { List, Segmented, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { certificatePath, useMyCredentials, type CredentialState, type UserCredential } from '../../../api/credentials';
import { CredentialActions, CredentialStateTag } from '../../../components/credential-actions';
import { CenterLayout } from '../components/center-layout';
import { useCenterCredentialsTexts } from '../components/credentials-texts';
import { StudyList, usePaging } from '../components/study-list';

const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

export default function MyCredentialsPage() {
  const t = useCenterCredentialsTexts();
  const { t: i18n } = useTranslation();
  const { page, onPage } = usePaging(6);
  const [state, setState] = useState<CredentialState | 'all'>('all');
  const query = useMyCredentials({ ...page, state: state === 'all' ? undefined : state });
  return (
    <CenterLayout title={i18n('route.myCredentials')} testId="my-credentials">
      <Segmented
        aria-label={t('filter')} style={{ marginBottom: 16 }} value={state}
        onChange={(v) => { setState(v as CredentialState | 'all'); onPage(1, page.pageSize); }}
        options={(['all', 'valid', 'expired', 'revoked'] as const).map((s) => ({ value: s, label: t(s) }))}
      />
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-credentials-list" rowKey={(c: UserCredential) => c.id}
        empty={{ text: `${t('none')}. ${t('noneHint')}`, linkText: t('findCourses'), to: '/course' }}
        renderRow={(c: UserCredential) => (
          <List.Item data-testid="credential-card" data-id={c.id}>
            <article style={{ width: '100%' }} aria-labelledby={`credential-${c.id}`}>
              <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
                <Typography.Title level={2} id={`credential-${c.id}`} style={{ fontSize: 18, margin: 0 }}>
                  <Link to={certificatePath(c.id)}>{c.title}</Link>
                </Typography.Title>
                <CredentialStateTag state={c.state} />
              </div>
              <div className="portal-study__meta">{t('issuedBy', { issuer: c.issuer })}</div>
              <div className="portal-study__meta">
                {[t('issuedOn', { date: day(c.issuedAt) }), c.expiresAt ? t('validUntil', { date: day(c.expiresAt) }) : t('never')].join(' · ')}
              </div>
              <div className="portal-study__meta">
                {[t('from', { source: `${t(c.sourceKind)} · ${c.sourceTitle}` }), t('code', { code: c.code }), ...(c.publicVerify ? [] : [t('privateNote')])].join(' · ')}
              </div>
              <div style={{ marginTop: 8, display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
                <CredentialActions credential={c} size="small" />
                <Link to={certificatePath(c.id)}>{t('details')}</Link>
              </div>
            </article>
          </List.Item>
        )}
      />
    </CenterLayout>
  );
}
