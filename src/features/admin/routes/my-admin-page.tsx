// /sub_admin/myAdmin, where /admin/ leads (DESIGN "What the product is"; spec shell §6: the admin
// entry opens it in a new window with a JSON of userId and tenantId). The tenant's admin edits the
// settings the portal is built from: site name and logo, theme colours, top-level menus, navbar
// style, footer and site options. The server decides who may (tenantType 1 and adminAuth).
import { Alert, Button, Result, Skeleton, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginPath } from '../../../lib/login-path';
import { FooterSettings, NavbarOptions, SiteOptions } from '../../../../schemas/tenant-settings';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { useAdminSettings } from '../api/admin';
import { useAdminTexts } from '../components/admin-texts';
import { BasicsPanel } from '../components/basics-panel';
import { MenusPanel } from '../components/menus-panel';
import { SchemaFormPanel } from '../components/schema-form-panel';
import { FOOTER_LABELS, NAVBAR_LABELS, SITE_LABELS } from '../components/setting-labels';
import { ThemePanel } from '../components/theme-panel';

type Section = 'basics' | 'theme' | 'menus' | 'navbar' | 'footer' | 'siteOptions';

/** The `params` JSON the admin entry sends; null when absent or unreadable. */
export function linkOwner(raw: string | null): { userId: number; tenantId: number } | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { userId?: unknown; tenantId?: unknown };
    return typeof value.userId === 'number' && typeof value.tenantId === 'number' ? { userId: value.userId, tenantId: value.tenantId } : null;
  } catch {
    return null;
  }
}

/**
 * spec learning §2 "/sub_admin/myAdmin": "if there is no user the message 'please log in first'
 * shows". The route is open, so a window opened without a session lands here and says so, with the
 * way to sign in and come back (the guard used to send it to /login without a word).
 */
export default function MyAdminPage() {
  const userId = useUserStore(selectUserId);
  const location = useLocation();
  const { t } = useTranslation();
  if (userId === null) {
    return (
      <Result status="warning" title={t('nav.pleaseLogin')} data-testid="admin-please-login"
        extra={<Link to={loginPath(`${location.pathname}${location.search}`)}>{t('route.login')}</Link>} />
    );
  }
  return <MyAdminSettings />;
}

function MyAdminSettings() {
  const t = useAdminTexts();
  const [search] = useSearchParams();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const owner = linkOwner(search.get('params'));
  const foreign = owner !== null && (owner.userId !== userId || owner.tenantId !== tenantId);
  const query = useAdminSettings();
  const [dirty, setDirty] = useState<Partial<Record<Section, boolean>>>({});
  const anyDirty = Object.values(dirty).some(Boolean);
  const dirtyOf = (section: Section) => (value: boolean) => setDirty((old) => (old[section] === value ? old : { ...old, [section]: value }));

  // Closing the window or reloading with unsaved changes asks first.
  useEffect(() => {
    if (!anyDirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [anyDirty]);

  if (foreign) return <Result status="warning" title={t('title')} subTitle={t('wrongLink')} data-testid="admin-wrong-link" />;
  if (query.isPending) return <div style={{ padding: 24 }}><Skeleton active aria-label={t('loading')} /></div>;
  if (query.isError) {
    return (
      <Result status="403" title={t('loadFailed')} subTitle={query.error.message} data-testid="admin-error"
        extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />
    );
  }
  const settings = query.data;
  const label = (section: Section, text: string) => (dirty[section] ? `${text} •` : text);

  return (
    <div className="admin-page" data-testid="admin-page" style={{ padding: '24px 0 48px' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>{t('title')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('subtitle', { tenant: settings.appName || settings.tenant.name })}
        {' · '}
        <a href="/study/home" target="_blank" rel="noreferrer">{t('openPortal')}</a>
        {' · '}
        {/* issue 16: the page designer, where home and tab pages are built. */}
        <Link to="/sub_admin/designer" data-testid="admin-designer-link">{t('pageDesigner')}</Link>
        {/* issue 18: the question bank, the exam builder and role grants. */}
        {' · '}
        <Link to="/sub_admin/questions" data-testid="admin-bank-link">{t('questionBank')}</Link>
        {' · '}
        <Link to="/sub_admin/exams" data-testid="admin-exams-link">{t('examBuilder')}</Link>
        {' · '}
        <Link to="/sub_admin/roles" data-testid="admin-roles-link">{t('roleGrants')}</Link>
        {/* issue 19 part I: the competition and game editors. */}
        {' · '}
        <Link to="/sub_admin/matches" data-testid="admin-matches-link">{t('adminMatches')}</Link>
        {' · '}
        <Link to="/sub_admin/games" data-testid="admin-games-link">{t('adminGames')}</Link>
        {/* issue 19 part J: learning tasks and certificate rules. */}
        {' · '}
        <Link to="/sub_admin/tasks" data-testid="admin-tasks-link">{t('adminTasks')}</Link>
        {' · '}
        <Link to="/sub_admin/credentials" data-testid="admin-credentials-link">{t('adminCredentials')}</Link>
        {/* issue 20 part Q: the shop's orders to ship and their tracking. */}
        {' · '}
        <Link to="/sub_admin/shopOrders" data-testid="admin-shop-orders-link">{t('adminShopOrders')}</Link>
        {/* issue 20 part S: made-to-order requests and applications to open a shop. */}
        {' · '}
        <Link to="/sub_admin/makeRequests" data-testid="admin-make-requests-link">{t('adminMakeRequests')}</Link>
        {' · '}
        <Link to="/sub_admin/storeApplications" data-testid="admin-store-applications-link">{t('adminStoreApplications')}</Link>
        {/* issue 20 part R: refund requests. */}
        {' · '}
        <Link to="/sub_admin/refunds" data-testid="admin-refunds-link">{t('adminRefunds')}</Link>
        {/* issue 21: the AI provider, assistants and applications, credit rules. */}
        {' · '}
        <Link to="/sub_admin/ai" data-testid="admin-ai-link">{t('adminAi')}</Link>
        {' · '}
        <Link to="/sub_admin/aiAssistants" data-testid="admin-ai-assistants-link">{t('adminAiAssistants')}</Link>
        {' · '}
        <Link to="/sub_admin/aiCredits" data-testid="admin-ai-credits-link">{t('adminAiCredits')}</Link>
      </Typography.Paragraph>
      {anyDirty && <Alert type="info" showIcon message={t('unsaved')} style={{ marginBottom: 16 }} />}
      <Tabs
        tabPlacement="start"
        items={[
          { key: 'basics', label: label('basics', t('tabBasics')), children: <BasicsPanel value={{ appName: settings.appName, logoImg: settings.logoImg }} onDirtyChange={dirtyOf('basics')} /> },
          { key: 'theme', label: label('theme', t('tabTheme')), children: <ThemePanel value={settings.globalStyle} onDirtyChange={dirtyOf('theme')} /> },
          { key: 'menus', label: label('menus', t('tabMenus')), children: <MenusPanel value={settings.menus} onDirtyChange={dirtyOf('menus')} /> },
          { key: 'navbar', label: label('navbar', t('tabNavbar')), children: <SchemaFormPanel name="navbar" schema={NavbarOptions} labels={NAVBAR_LABELS} value={settings.navbar} onDirtyChange={dirtyOf('navbar')} /> },
          { key: 'footer', label: label('footer', t('tabFooter')), children: <SchemaFormPanel name="footer" schema={FooterSettings} labels={FOOTER_LABELS} value={settings.footer} onDirtyChange={dirtyOf('footer')} /> },
          { key: 'siteOptions', label: label('siteOptions', t('tabSite')), children: <SchemaFormPanel name="siteOptions" schema={SiteOptions} labels={SITE_LABELS} value={settings.siteOptions} onDirtyChange={dirtyOf('siteOptions')} /> },
        ]}
      />
    </div>
  );
}
