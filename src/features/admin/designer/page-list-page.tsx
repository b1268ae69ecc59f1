// /study/sub_admin/designer: the tenant's pages for the page designer (issue 16 "A page list"):
// home pages per store and tab pages, with the published version, whether a draft waits, and who
// changed the page when. New home pages (per store) and tab pages (code Pzy_…, optionally with a
// navbar menu) are created here; deleting asks first, and a second time for a tab page's menu.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Result, Select, Skeleton, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { homePageLabel } from '../../../lib/home-pages';
import { useAppStore } from '../../../stores/app-store';
import { createPage, deletePage, isConflict, listPages, type AdminPageSummary } from '../api/pages';
import { shortTime } from './history-panel';
import { PAGE_MENU_NAME_MAX as MENU_NAME_MAX, PAGE_NAME_MAX, TAB_PAGE_CODE_PATTERN } from '../../../../schemas/api/page-admin';
import { usePanelTexts } from './panel-texts';

const TAB_PAGE_CODE = new RegExp(TAB_PAGE_CODE_PATTERN);
/** The longest tab page code the server's pattern allows (Pzy_ and 60 more). */
const PAGE_CODE_MAX = 64;

type T = ReturnType<typeof usePanelTexts>;

/** Why a typed tab page code is refused, or null (spec shell §2: tab pages' codes start Pzy_). */
export function pageCodeProblem(code: string, t: T): string | null {
  if (!code) return t('pageCodeRequired');
  if (!code.startsWith('Pzy_')) return t('pageCodePrefix');
  // schemas/api/page-admin.ts TAB_PAGE_CODE_PATTERN: Pzy_ then letters, digits, _ or -.
  if (!TAB_PAGE_CODE.test(code)) return t('pageCodeChars', { n: PAGE_CODE_MAX });
  return null;
}

const nameRules = (t: T) => [
  { validator: async (_: unknown, v: string | undefined) => { if (!v?.trim()) throw new Error(t('nameRequired')); } },
  { validator: async (_: unknown, v: string | undefined) => { if ([...(v ?? '').trim()].length > PAGE_NAME_MAX) throw new Error(t('nameTooLong', { n: PAGE_NAME_MAX })); } },
];

interface HomeValues { name: string; storeId: number }
interface TabValues { name: string; pageCode: string; menuName?: string }

function usePagesKey() {
  const tenantId = useAppStore((s) => s.tenantId);
  return ['designer-pages', tenantId] as const;
}

/** The create dialog of a home page (per store) or a tab page. */
function CreateDialog({ kind, stores, onClose }: { kind: 'home' | 'tab'; stores: Array<{ value: number; label: string }>; onClose: () => void }) {
  const t = usePanelTexts();
  const navigate = useNavigate();
  const client = useQueryClient();
  const key = usePagesKey();
  const [form] = Form.useForm<HomeValues & TabValues>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: HomeValues & TabValues) => {
    setBusy(true);
    try {
      const menuName = values.menuName?.trim();
      const answer = await createPage(kind === 'home'
        ? { kind: 'home', name: values.name.trim(), storeId: values.storeId }
        : { kind: 'tab', name: values.name.trim(), pageCode: values.pageCode.trim(), ...(menuName ? { menuName } : {}) });
      await client.invalidateQueries({ queryKey: key });
      showMessage('success', t('created'));
      onClose();
      void navigate(`/sub_admin/designer/${answer.page.pageId}`);
    } catch {
      // The error catalogue has shown the server's message; the dialog stays open to fix it.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={kind === 'home' ? t('newHome') : t('newTab')} okText={t('create')} cancelText={t('cancel')}
      onOk={() => form.submit()} onCancel={onClose} confirmLoading={busy} destroyOnHidden
      okButtonProps={{ 'data-testid': 'create-page-ok' } as never}>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid={`create-${kind}-form`}>
        <Form.Item name="name" label={t('name')} rules={nameRules(t)}>
          <Input data-testid="create-page-name" maxLength={PAGE_NAME_MAX * 2} />
        </Form.Item>
        {kind === 'home' && (
          <Form.Item name="storeId" label={t('store')} extra={t('storeHelp')} rules={[{ required: true, message: t('storeRequired') }]}>
            {stores.length > 0
              ? <Select options={stores} data-testid="create-page-store" />
              : <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="create-page-store" />}
          </Form.Item>
        )}
        {kind === 'tab' && (
          <>
            {/* Checked as typed (validateTrigger onChange), so Pzy_ is right before the call. */}
            <Form.Item name="pageCode" label={t('pageCode')} extra={t('pageCodeHelp')} initialValue="Pzy_" validateTrigger="onChange" rules={[
              { validator: async (_, v: string | undefined) => { const problem = pageCodeProblem((v ?? '').trim(), t); if (problem) throw new Error(problem); } },
            ]}>
              <Input data-testid="create-page-code" />
            </Form.Item>
            <Form.Item name="menuName" label={t('menuName')} extra={t('menuNameHelp')} rules={[
              { validator: async (_, v: string | undefined) => { if ([...(v ?? '').trim()].length > MENU_NAME_MAX) throw new Error(t('menuNameTooLong', { n: MENU_NAME_MAX })); } },
            ]}>
              <Input data-testid="create-page-menu" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

/** The page list of the designer. */
export default function PageListPage() {
  const t = usePanelTexts();
  const key = usePagesKey();
  const client = useQueryClient();
  const homePages = useAppStore((s) => s.homePages);
  const [modal, contextHolder] = Modal.useModal();
  const [creating, setCreating] = useState<'home' | 'tab' | null>(null);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => listPages(signal), retry: false });

  const remove = async (page: AdminPageSummary, withMenu: boolean) => {
    try {
      await deletePage(withMenu ? { pageId: page.pageId, withMenu: true } : { pageId: page.pageId });
      await client.invalidateQueries({ queryKey: key });
      showMessage('success', t('deleted'));
    } catch (error) {
      // A menu the list did not know of yet: the server names it (409); ask, then send withMenu.
      if (!withMenu && isConflict(error)) askMenu(page, error instanceof Error ? error.message : '');
    }
  };

  const askMenu = (page: AdminPageSummary, message: string) => {
    void modal.confirm({
      title: t('deleteMenuTitle', { menu: page.menu?.name ?? '' }),
      content: t('deleteMenuBody', { message }),
      okText: t('deleteMenuOk'),
      okButtonProps: { danger: true, 'data-testid': 'delete-menu-ok' } as never,
      cancelText: t('cancel'),
      onOk: () => remove(page, true),
    });
  };

  const askDelete = (page: AdminPageSummary) => {
    void modal.confirm({
      title: t('deleteTitle', { name: page.name }),
      content: t('deleteBody'),
      okText: t('deleteOk'),
      okButtonProps: { danger: true, 'data-testid': 'delete-page-ok' } as never,
      cancelText: t('cancel'),
      // A tab page with a menu: a second confirmation names the menu that goes with it.
      onOk: () => (page.menu ? askMenu(page, '') : remove(page, false)),
    });
  };

  if (query.isPending) return <div style={{ padding: 24 }}><Skeleton active aria-label={t('loading')} /></div>;
  if (query.isError) {
    return <Result status="403" title={t('loadFailed')} subTitle={query.error.message} data-testid="designer-list-error"
      extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />;
  }
  const pages = query.data.pages;
  const stores = new Map<number, string>();
  for (const entry of homePages) if (entry.type === 1 && entry.storeId !== undefined) stores.set(entry.storeId, homePageLabel(entry));
  for (const page of pages) if (page.storeId !== null && !stores.has(page.storeId)) stores.set(page.storeId, t('storeN', { id: page.storeId }));
  const storeOptions = [...stores].map(([value, label]) => ({ value, label }));

  return (
    <div className="designer-page-list" data-testid="designer-page-list" style={{ padding: '24px 0 48px' }}>
      {contextHolder}
      <Typography.Title level={3} style={{ marginTop: 0 }}>{t('listTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('listSubtitle')} <Link to="/sub_admin/myAdmin" style={{ textDecoration: 'underline' }}>{t('backOffice')}</Link>
      </Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setCreating('home')} data-testid="new-home-page">{t('newHome')}</Button>
        <Button onClick={() => setCreating('tab')} data-testid="new-tab-page">{t('newTab')}</Button>
      </Space>
      {pages.length === 0 && <Alert type="info" message={t('empty')} style={{ marginBottom: 16 }} />}
      <Table<AdminPageSummary>
        rowKey="pageId"
        dataSource={pages}
        pagination={false}
        columns={[
          {
            key: 'name', title: t('colName'),
            render: (_, p) => (
              <Space orientation="vertical" size={0}>
                <Link to={`/sub_admin/designer/${p.pageId}`} data-testid={`open-page-${p.pageId}`}>{p.name}</Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{p.pageCode}</Typography.Text>
              </Space>
            ),
          },
          {
            key: 'kind', title: t('colKind'),
            render: (_, p) => (
              <Space wrap>
                <Tag>{p.kind === 'home' ? t('kindHome') : t('kindTab')}</Tag>
                {p.isDefault && <Tag color="blue">{t('defaultHome')}</Tag>}
                {p.storeId !== null && <span>{stores.get(p.storeId)}</span>}
                {p.menu && <Tag color="purple">{p.menu.name}</Tag>}
              </Space>
            ),
          },
          { key: 'published', title: t('colPublished'), render: (_, p) => (p.publishedVersion === null ? <Tag>{t('notPublished')}</Tag> : t('versionN', { n: p.publishedVersion })) },
          { key: 'draft', title: t('colDraft'), render: (_, p) => (p.hasDraft ? <Tag color="warning">{t('draftYes')}</Tag> : t('draftNo')) },
          { key: 'changed', title: t('colChanged'), render: (_, p) => (p.updatedAt ? t('changedBy', { who: p.updatedBy ?? t('nobody'), when: shortTime(p.updatedAt) }) : t('nobody')) },
          {
            key: 'actions', title: t('colActions'),
            render: (_, p) => (
              <Space>
                <Link to={`/sub_admin/designer/${p.pageId}`}>{t('open')}</Link>
                <Tooltip title={p.isDefault ? t('defaultCannotDelete') : undefined}>
                  {/* Not `danger`: antd's dark danger text reads 4.3:1 on the dark page (WCAG 1.4.3); the confirmation is red. */}
                  <Button size="small" disabled={p.isDefault} onClick={() => askDelete(p)} data-testid={`delete-page-${p.pageId}`}>{t('delete')}</Button>
                </Tooltip>
              </Space>
            ),
          },
        ]}
      />
      {creating && <CreateDialog kind={creating} stores={storeOptions} onClose={() => setCreating(null)} />}
    </div>
  );
}
