// /sub_admin/storeApplications (issue 20 part S; ours): the back office reviews applications to
// open a shop: approving creates the store (a provider with the application's orgType, shown on
// /sub_shop/provider/list), rejecting needs a reason the applicant sees. The server allows only
// the back office (asBackOfficeAdmin).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Result, Segmented, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  approveStoreApplication, getStoreApplications, rejectStoreApplication, storePath, type StoreApplication, type StoreApplyState,
} from '../../../api/make';
import { showMessage } from '../../../components/feedback/feedback';
import { useAppStore } from '../../../stores/app-store';
import { useStoresTexts, type StoresTexts } from './stores-texts';

const STATES: StoreApplyState[] = ['pending', 'approved', 'rejected'];
const PAGE_SIZE = 10;

export default function StoreApplicationsPage() {
  const t = useStoresTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const client = useQueryClient();
  const [state, setState] = useState<StoreApplyState | 'all'>('pending');
  const [pageNo, setPageNo] = useState(1);
  const [rejecting, setRejecting] = useState<StoreApplication | null>(null);
  const query = useQuery({
    queryKey: ['make', tenantId, 'admin-apps', state, pageNo] as const,
    queryFn: ({ signal }) => getStoreApplications({ pageNo, pageSize: PAGE_SIZE, state: state === 'all' ? undefined : state }, { silent: true, signal }),
    retry: false,
  });
  const approve = useMutation({
    mutationFn: approveStoreApplication,
    onSuccess: () => { showMessage('success', t('approved')); void client.invalidateQueries({ queryKey: ['make'] }); },
  });
  return (
    <div data-testid="admin-store-apps" style={{ maxWidth: 1200, margin: '24px auto', padding: '0 16px' }}>
      <h1 style={{ fontSize: 24, margin: '0 0 8px' }}>{t('appsTitle')}</h1>
      <p style={{ margin: '0 0 16px' }}>{t('appsIntro')} <Link to="/sub_admin/myAdmin">{t('back')}</Link></p>
      <Segmented value={state} onChange={(v) => { setState(v as StoreApplyState | 'all'); setPageNo(1); }} style={{ marginBottom: 12 }}
        options={[...STATES.map((s) => ({ value: s, label: t(`apply_${s}`) })), { value: 'all', label: t('all') }]} />
      {query.isError ? (
        <Result status="403" title={t('loadFailed')} subTitle={query.error.message} extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />
      ) : (
        <Table<StoreApplication>
          rowKey="id" loading={query.isPending} dataSource={query.data?.list ?? []} locale={{ emptyText: t('noApps') }}
          pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
          expandable={{ expandedRowRender: (a) => <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{a.description}{a.rejectReason ? `\n${t('rejectReason')}: ${a.rejectReason}` : ''}</p> }}
          columns={[
            { key: 'name', title: t('shopName'), render: (_, a) => <strong>{a.shopName}</strong> },
            { key: 'type', title: t('orgType'), render: (_, a) => (a.orgType === 'SCHOOL' ? t('orgSchool') : t('orgMerchant')) },
            { key: 'applicant', title: t('applicant'), render: (_, a) => `${a.applicantName}（${a.contactName} ${a.contactPhone}）` },
            { key: 'licence', title: t('licenceNo'), dataIndex: 'licenceNo' },
            { key: 'at', title: t('appliedAt'), render: (_, a) => dayjs(a.createdAt).format('YYYY-MM-DD HH:mm') },
            { key: 'state', title: t('state'), render: (_, a) => <Tag>{t(`apply_${a.state}`)}</Tag> },
            { key: 'actions', title: t('actions'), render: (_, a) => <Actions a={a} t={t} onApprove={() => approve.mutateAsync(a.id)} onReject={() => setRejecting(a)} /> },
          ]}
        />
      )}
      {rejecting ? <RejectDialog a={rejecting} t={t} onClose={() => setRejecting(null)} /> : null}
    </div>
  );
}

function Actions({ a, t, onApprove, onReject }: { a: StoreApplication; t: StoresTexts; onApprove(): Promise<unknown>; onReject(): void }) {
  if (a.state === 'approved' && a.providerId !== null) return <Link to={storePath(a.providerId, a.orgType)}>{t('viewStore')}</Link>;
  if (a.state !== 'pending') return null;
  return (
    <Space>
      <Popconfirm title={t('approveConfirm', { name: a.shopName })} okText={t('approve')} cancelText={t('cancel')} onConfirm={onApprove}>
        <Button size="small" type="primary" aria-label={t('approveLabel', { name: a.shopName })} data-testid="admin-app-approve">{t('approve')}</Button>
      </Popconfirm>
      <Button size="small" onClick={onReject} aria-label={t('rejectLabel', { name: a.shopName })} data-testid="admin-app-reject">{t('reject')}</Button>
    </Space>
  );
}

function RejectDialog({ a, t, onClose }: { a: StoreApplication; t: StoresTexts; onClose(): void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reject = useMutation({
    mutationFn: () => rejectStoreApplication(a.id, reason.trim()),
    onSuccess: () => { showMessage('success', t('rejected')); void client.invalidateQueries({ queryKey: ['make'] }); onClose(); },
  });
  const ok = () => {
    if (!reason.trim()) return setError(t('rejectRule'));
    setError(null);
    reject.mutate();
  };
  return (
    <Modal open title={t('rejectTitle', { name: a.shopName })} onCancel={onClose} onOk={ok} okText={t('reject')} cancelText={t('cancel')}
      confirmLoading={reject.isPending} okButtonProps={{ danger: true }}>
      <Form layout="vertical">
        <Form.Item label={t('rejectReason')} htmlFor="admin-reject-reason" validateStatus={error ? 'error' : ''} help={error}>
          <Input.TextArea id="admin-reject-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} showCount autoSize={{ minRows: 2 }} data-testid="admin-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
