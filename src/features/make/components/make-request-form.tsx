// The made-to-order request form (/sub_home/make): kind, title, description, budget range,
// deadline, contact name and phone (validated as the server does), attachments through the upload
// flow. A guest may fill it in; sending takes them to sign in and back, and what they typed is kept
// in the tab's session storage meanwhile (no data is lost).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CONTACT_PHONE_PATTERN, MAKE_DEADLINE_MAX_DAYS, MAKE_FILES_MAX, makeDetailPath, submitMakeRequest, type MakeFile, type MakeKind,
} from '../../../api/make';
import { FileAttachments } from '../../../components/file-attachments';
import { showMessage } from '../../../components/feedback/feedback';
import { loginPath } from '../../../lib/login-path';
import { twoDecimals } from './make-parts';
import type { MakeTexts } from './make-texts';

export interface RequestValues {
  kindId?: number; title: string; description: string; budgetMin: number | null; budgetMax: number | null;
  deadline: Dayjs | null; contactName: string; contactPhone: string;
}

const PHONE = new RegExp(CONTACT_PHONE_PATTERN);
const DRAFT_KEY = (tenantId: number | null) => `make-draft:${tenantId ?? 0}`;

/** The draft a guest left before signing in, or null. */
export function readDraft(tenantId: number | null): Partial<RequestValues> | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY(tenantId));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<Omit<RequestValues, 'deadline'>> & { deadline?: string | null };
    return { ...v, deadline: v.deadline ? dayjs(v.deadline) : null };
  } catch {
    return null;
  }
}

function writeDraft(tenantId: number | null, v: RequestValues | null): void {
  try {
    if (v === null) sessionStorage.removeItem(DRAFT_KEY(tenantId));
    else sessionStorage.setItem(DRAFT_KEY(tenantId), JSON.stringify({ ...v, deadline: v.deadline ? v.deadline.format('YYYY-MM-DD') : null }));
  } catch {
    // Storage off (private mode): the guest types again after signing in.
  }
}

/** Whether a phone is one the server takes (schemas/api/make.ts CONTACT_PHONE_PATTERN). */
export const validContactPhone = (v: string) => PHONE.test(v.trim());

export function MakeRequestForm({ kinds, kindId, signedIn, tenantId, t }: {
  kinds: MakeKind[]; kindId: number | undefined; signedIn: boolean; tenantId: number | null; t: MakeTexts;
}) {
  const [form] = Form.useForm<RequestValues>();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [files, setFiles] = useState<MakeFile[]>([]);
  useEffect(() => {
    if (kindId !== undefined) form.setFieldValue('kindId', kindId);
  }, [kindId, form]);
  const send = useMutation({
    mutationFn: (v: RequestValues) => submitMakeRequest({
      kindId: v.kindId!, title: v.title.trim(), description: v.description.trim(), budgetMin: v.budgetMin!, budgetMax: v.budgetMax!,
      deadline: v.deadline!.format('YYYY-MM-DD'), contactName: v.contactName.trim(), contactPhone: v.contactPhone.trim(), attachments: files,
    }),
    onSuccess: (saved) => {
      writeDraft(tenantId, null);
      void client.invalidateQueries({ queryKey: ['make'] });
      showMessage('success', t('submitted'));
      void navigate(makeDetailPath(saved.id));
    },
  });
  const finish = (v: RequestValues) => {
    if (signedIn) return send.mutate(v);
    // A guest is sent to sign in and comes back to the kept draft.
    writeDraft(tenantId, v);
    void navigate(loginPath('/sub_home/make'));
  };
  const draft = readDraft(tenantId);
  const initial: RequestValues = {
    title: '', description: '', budgetMin: null, budgetMax: null, deadline: dayjs().add(30, 'day').startOf('day'), contactName: '', contactPhone: '', ...(draft ?? {}),
    ...(kindId !== undefined ? { kindId } : {}),
  };
  const textLength = (s: string | undefined) => [...(s ?? '').trim()].length;
  const today = dayjs().startOf('day');
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('formTitle')}</h2>} id="make-form">
      {!signedIn ? <Alert type="info" showIcon title={t('guestNote')} style={{ marginBottom: 16 }} /> : null}
      <Form<RequestValues> form={form} layout="vertical" initialValues={initial} onFinish={finish} style={{ maxWidth: 760 }} data-testid="make-form">
        <Form.Item name="kindId" label={t('kind')} rules={[{ required: true, message: t('kindRule') }]}>
          <Select options={kinds.map((k) => ({ value: k.id, label: k.title }))} data-testid="make-kind" />
        </Form.Item>
        <Form.Item name="title" label={t('reqTitle')} rules={[{ validator: async (_, v: string | undefined) => {
          const n = textLength(v);
          if (n < 2 || n > 60) throw new Error(t('reqTitleRule'));
        } }]}>
          <Input maxLength={60} showCount data-testid="make-title" />
        </Form.Item>
        <Form.Item name="description" label={t('description')} extra={t('descriptionHint')} rules={[{ validator: async (_, v: string | undefined) => {
          const n = textLength(v);
          if (n < 10 || n > 2000) throw new Error(t('descriptionRule'));
        } }]}>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={2000} showCount data-testid="make-description" />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="budgetMin" label={t('budgetMin')} rules={[{ validator: async (_, v: number | null | undefined) => {
            if (v === null || v === undefined || v < 0 || !twoDecimals(v)) throw new Error(t('budgetRule'));
          } }]}>
            <InputNumber min={0} max={9_999_999} precision={2} step={100} style={{ width: 200 }} data-testid="make-budget-min" />
          </Form.Item>
          <Form.Item name="budgetMax" label={t('budgetMax')} dependencies={['budgetMin']} rules={[({ getFieldValue }) => ({ validator: async (_, v: number | null | undefined) => {
            if (v === null || v === undefined || v < 0 || !twoDecimals(v)) throw new Error(t('budgetRule'));
            const min = getFieldValue('budgetMin') as number | null | undefined;
            if (typeof min === 'number' && v < min) throw new Error(t('budgetRange'));
          } })]}>
            <InputNumber min={0} max={9_999_999} precision={2} step={100} style={{ width: 200 }} data-testid="make-budget-max" />
          </Form.Item>
          <Form.Item name="deadline" label={t('deadline')} rules={[{ validator: async (_, v: Dayjs | null | undefined) => {
            if (!v || !v.isAfter(today, 'day') || v.diff(today, 'day') > MAKE_DEADLINE_MAX_DAYS) throw new Error(t('deadlineRule'));
          } }]}>
            <DatePicker format="YYYY-MM-DD" disabledDate={(d) => !d.isAfter(today, 'day')} data-testid="make-deadline" />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item name="contactName" label={t('contactName')} rules={[{ validator: async (_, v: string | undefined) => {
            const n = textLength(v);
            if (n < 1 || n > 30) throw new Error(t('contactNameRule'));
          } }]}>
            <Input maxLength={30} style={{ width: 240 }} autoComplete="name" data-testid="make-contact-name" />
          </Form.Item>
          <Form.Item name="contactPhone" label={t('contactPhone')} extra={t('contactPhoneHint')} rules={[{ validator: async (_, v: string | undefined) => {
            if (!validContactPhone(v ?? '')) throw new Error(t('contactPhoneRule'));
          } }]}>
            <Input maxLength={20} style={{ width: 240 }} autoComplete="tel" inputMode="tel" data-testid="make-contact-phone" />
          </Form.Item>
        </Space>
        <div style={{ marginBottom: 8 }}>{t('attachments', { n: MAKE_FILES_MAX })}</div>
        {signedIn
          ? <FileAttachments value={files} onChange={setFiles} max={MAKE_FILES_MAX} testId="make-files" />
          : <p style={{ margin: 0 }}>{t('attachmentsGuest')}</p>}
        <div style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="make-submit">{signedIn ? t('submit') : t('signInToSubmit')}</Button>
        </div>
      </Form>
    </Card>
  );
}
