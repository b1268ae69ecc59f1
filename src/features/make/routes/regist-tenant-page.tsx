// /sub_admin/registTenant/index (spec learning §2: apply for a shop; issue 20 part S): the
// application form (shop name, SCHOOL or merchant, contact, licence number, description, logo) and
// the applicant's applications with their state: under review, approved (a link to the new store)
// or rejected (the reason; they may apply again).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, List, Radio, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { applyForStore, getMyStoreApplications, LICENCE_PATTERN, storePath, type StoreApplication } from '../../../api/make';
import { showMessage } from '../../../components/feedback/feedback';
import { Uploader } from '../../../components/uploader';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { ApplyTag, dateTime, PageError, PageFrame, PageLoading } from '../components/make-parts';
import { validContactPhone } from '../components/make-request-form';
import { useMakeTexts, type MakeTexts } from '../components/make-texts';

interface Values { shopName: string; orgType: 'SCHOOL' | 'MERCHANT'; contactName: string; contactPhone: string; licenceNo: string; description: string }

const LICENCE = new RegExp(LICENCE_PATTERN);
const length = (s: string | undefined) => [...(s ?? '').trim()].length;

export default function RegistTenantPage() {
  const t = useMakeTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const query = useQuery({ queryKey: ['make', tenantId, userId, 'applications'] as const, queryFn: ({ signal }) => getMyStoreApplications({ silent: true, signal }) });
  if (query.isPending) return <PageLoading testId="apply-loading" label={t('applyTitle')} />;
  if (query.isError) return <PageFrame title={t('applyTitle')} testId="apply-page"><PageError error={query.error} onRetry={() => void query.refetch()} t={t} /></PageFrame>;
  const pending = query.data.find((a) => a.state === 'pending');
  const approved = query.data.find((a) => a.state === 'approved');
  return (
    <PageFrame title={t('applyTitle')} intro={t('applyIntro')} testId="apply-page">
      {pending ? <Alert type="info" showIcon title={t('applyBlockedPending')} style={{ marginBottom: 16 }} />
        : approved ? <Alert type="success" showIcon title={t('applyBlockedOpen')} style={{ marginBottom: 16 }} />
          : <ApplyForm t={t} />}
      <section style={{ marginTop: 24 }} aria-labelledby="apply-mine-title">
        <h2 id="apply-mine-title" style={{ fontSize: 18, margin: '0 0 12px' }}>{t('myApplications')}</h2>
        {query.data.length === 0 ? <p data-testid="apply-none">{t('noApplications')}</p> : (
          <List bordered dataSource={query.data} renderItem={(a) => <ApplicationRow a={a} t={t} />} data-testid="apply-mine" />
        )}
      </section>
    </PageFrame>
  );
}

function ApplicationRow({ a, t }: { a: StoreApplication; t: MakeTexts }) {
  return (
    <List.Item data-testid="apply-row">
      <Space direction="vertical" size={2}>
        <Space wrap><ApplyTag state={a.state} t={t} /><strong>{a.shopName}</strong><span>{a.orgType === 'SCHOOL' ? t('orgSchool') : t('orgMerchant')}</span></Space>
        <span>{t('appliedAt')} {dateTime(a.createdAt)}</span>
        {a.state === 'pending' ? <span>{t('pendingHint')}</span> : null}
        {a.state === 'approved' && a.providerId !== null ? (
          <span>{t('approvedHint')} <Link to={storePath(a.providerId, a.orgType)} data-testid="apply-store-link">{t('openStore')}</Link></span>
        ) : null}
        {a.state === 'rejected' ? <span>{t('rejectedHint', { reason: a.rejectReason ?? '' })}</span> : null}
      </Space>
    </List.Item>
  );
}

function ApplyForm({ t }: { t: MakeTexts }) {
  const [form] = Form.useForm<Values>();
  const client = useQueryClient();
  const [logo, setLogo] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: (v: Values) => applyForStore({
      shopName: v.shopName.trim(), orgType: v.orgType, contactName: v.contactName.trim(), contactPhone: v.contactPhone.trim(),
      licenceNo: v.licenceNo.trim(), description: v.description.trim(), logo,
    }),
    onSuccess: () => {
      showMessage('success', t('applied'));
      void client.invalidateQueries({ queryKey: ['make'] });
    },
  });
  const rule = (test: (v: string) => boolean, message: string) => ({ validator: async (_: unknown, v: string | undefined) => { if (!test(v ?? '')) throw new Error(message); } });
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('applyTitle')}</h2>}>
      <Form<Values> form={form} layout="vertical" initialValues={{ orgType: 'MERCHANT' }} onFinish={(v) => apply.mutate(v)} style={{ maxWidth: 640 }} data-testid="apply-form">
        <Form.Item name="shopName" label={t('shopName')} rules={[rule((v) => length(v) >= 2 && length(v) <= 30, t('shopNameRule'))]}>
          <Input maxLength={30} showCount data-testid="apply-shop-name" />
        </Form.Item>
        <Form.Item name="orgType" label={t('orgType')}>
          <Radio.Group options={[{ value: 'MERCHANT', label: t('orgMerchant') }, { value: 'SCHOOL', label: t('orgSchool') }]} data-testid="apply-org-type" />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="contactName" label={t('contactName')} rules={[rule((v) => length(v) >= 1 && length(v) <= 30, t('contactNameRule'))]}>
            <Input maxLength={30} style={{ width: 240 }} autoComplete="name" data-testid="apply-contact-name" />
          </Form.Item>
          <Form.Item name="contactPhone" label={t('contactPhone')} extra={t('contactPhoneHint')} rules={[rule(validContactPhone, t('contactPhoneRule'))]}>
            <Input maxLength={20} style={{ width: 240 }} autoComplete="tel" inputMode="tel" data-testid="apply-contact-phone" />
          </Form.Item>
        </Space>
        <Form.Item name="licenceNo" label={t('licenceNo')} extra={t('licenceHint')} rules={[rule((v) => LICENCE.test(v.trim()), t('licenceRule'))]}>
          <Input maxLength={30} style={{ width: 320 }} data-testid="apply-licence" />
        </Form.Item>
        <Form.Item name="description" label={t('shopDescription')} extra={t('shopDescriptionHint')} rules={[rule((v) => length(v) >= 10 && length(v) <= 500, t('shopDescriptionRule'))]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={500} showCount data-testid="apply-description" />
        </Form.Item>
        <div style={{ marginBottom: 8 }}>{t('logo')}</div>
        <Uploader kind="image" limit={1} value={logo ? [logo] : []} onChange={(urls) => setLogo(urls[0] ?? null)} />
        <div style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" loading={apply.isPending} data-testid="apply-submit">{t('apply')}</Button>
        </div>
      </Form>
    </Card>
  );
}
