// The frame of the back-office's bank pages (issue 18 part A): a heading, links between the bank,
// the exams and the role grants, and how a failed read shows: a refusal (403, e.g. a learner who
// opened the address) says plainly that this is the back-office, with the server's message.
import { Button, Result, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../../api/client';
import { useBankTexts } from './bank-texts';
import './bank.css';

export function BankFrame({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const t = useBankTexts();
  const { pathname } = useLocation();
  const links: Array<[string, string]> = [
    ['/sub_admin/questions', t('navBank')], ['/sub_admin/exams', t('navExams')], ['/sub_admin/matches', t('navMatches')], ['/sub_admin/games', t('navGames')],
    ['/sub_admin/tasks', t('navTasks')], ['/sub_admin/credentials', t('navCredentials')],
    ['/sub_admin/roles', t('navRoles')],
  ];
  return (
    <div className="admin-page exam-admin" style={{ padding: '24px 0 48px' }}>
      <nav aria-label={t('bankTitle')} style={{ marginBottom: 8 }}>
        <Space wrap size="middle">
          <Link to="/sub_admin/myAdmin">{t('back')}</Link>
          {links.map(([to, label]) => (
            <Link key={to} to={to} aria-current={pathname.endsWith(to.slice('/sub_admin'.length)) ? 'page' : undefined}
              style={{ fontWeight: pathname.includes(to.slice('/sub_admin'.length)) ? 600 : undefined }}>{label}</Link>
          ))}
        </Space>
      </nav>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>{title}</Typography.Title>
        {extra}
      </Space>
      {children}
    </div>
  );
}

/** A read's loading or failure, or null when its data is there. */
export function ReadState({ query, help }: { query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown }; help?: string }) {
  const t = useBankTexts();
  const { i18n } = useTranslation();
  if (query.isPending) return <Skeleton active />;
  if (!query.isError) return null;
  const refused = query.error instanceof ApiError && query.error.code === 403;
  // The server's refusal is Chinese (its messages are); an English page says it in its own words.
  const serverSays = i18n.language === 'en' && /[\u4e00-\u9fff]/.test(query.error?.message ?? '') ? '' : `${query.error?.message ?? ''} `;
  if (refused) return <Result status="403" title={t('forbidden')} subTitle={`${serverSays}${help ?? t('forbiddenHelp')}`} data-testid="bank-forbidden" />;
  return <Result status="error" title={t('loadFailed')} subTitle={query.error?.message} extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />;
}
