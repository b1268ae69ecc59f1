// The personal-information form (spec shell §2 "User-information dialog": basic
// info with avatar upload, account, real name, phone (read-only), department, position (disabled),
// gender, nickname, birthday and intro up to 100 characters with a counter; Close and Save).
// spec shell §5 "Profile editing": only fields in the tenant's userPower list are editable.
import { Alert, Button, DatePicker, Form, Input, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { getOrganList, type OrganNode } from '../../../api/organ';
import { maskMobile, modProfile, type ProfileForm, type UserInfo } from '../../../api/user';
import { showMessage } from '../../../components/feedback/feedback';
import { Uploader } from '../../../components/uploader';
import { PROFILE_MOBILE_PATTERN } from '../../../lib/validators';
import { useAppStore } from '../../../stores/app-store';
import { useUserStore } from '../../../stores/user-store';
import { useInfoTexts } from './info-texts';

/** spec shell §5 "Profile editing": userPower indexes. */
export const PROFILE_FIELDS = ['avatarImg', 'realName', 'nickName', 'email', 'gender', 'orgName', 'postName', 'countyName', 'birthday', 'summary'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** spec shell §9: summary limit 100 characters. */
export const SUMMARY_MAX = 100;

/** The fields a tenant's userPower list lets the learner edit. */
export function editableFields(userPower: readonly number[]): Set<ProfileField> {
  return new Set(userPower.map((i) => PROFILE_FIELDS[i]).filter((f): f is ProfileField => f !== undefined));
}

interface Values {
  avatarImg: string | null;
  realName: string;
  nickName: string;
  email: string;
  gender: 'M' | 'F' | null;
  orgName: string;
  postName: string;
  countyName: string;
  birthday: Dayjs | null;
  summary: string;
}

/**
 * The birthday a user info holds, or null (empty). Only a real timestamp is a date: an info without
 * the field (a stored login from before it, another compatible API) is empty, not today, so a save
 * cannot write a birthday nobody entered.
 */
function birthdayOf(value: number | null | undefined): Dayjs | null {
  return typeof value === 'number' && Number.isFinite(value) ? dayjs(value) : null;
}

function valuesOf(user: UserInfo): Values {
  return {
    avatarImg: user.avatarImg ?? null,
    realName: user.realName ?? '',
    nickName: user.nickName ?? '',
    email: user.email ?? '',
    gender: user.gender ?? null,
    orgName: user.orgName ?? '',
    postName: user.postName ?? '',
    countyName: user.countyName ?? '',
    birthday: birthdayOf(user.birthday),
    summary: user.summary ?? '',
  };
}

/** Only the editable fields go to the server; an empty field is sent as null (never 0, epoch or ""), which clears it. */
export function profilePayload(values: Values, editable: Set<ProfileField>): ProfileForm {
  const form: ProfileForm = {};
  const text = (v: string) => (v.trim() ? v.trim() : null);
  if (editable.has('avatarImg')) form.avatarImg = values.avatarImg;
  if (editable.has('realName')) form.realName = text(values.realName);
  if (editable.has('nickName')) form.nickName = text(values.nickName);
  if (editable.has('email')) form.email = text(values.email);
  if (editable.has('gender')) form.gender = values.gender;
  if (editable.has('orgName')) form.orgName = text(values.orgName);
  if (editable.has('postName')) form.postName = text(values.postName);
  if (editable.has('countyName')) form.countyName = text(values.countyName);
  if (editable.has('birthday')) form.birthday = values.birthday ? values.birthday.startOf('day').valueOf() : null;
  if (editable.has('summary')) form.summary = text(values.summary);
  return form;
}

/** The basic-info form: used by the page and by the dialog; `onClose` is the Close button. */
/** The tenant's departments (the tree without its roots) while the field is editable; none if the call fails. */
function useOrganOptions(enabled: boolean): OrganNode[] {
  const [orgs, setOrgs] = useState<OrganNode[]>([]);
  useEffect(() => {
    if (!enabled) return undefined;
    const abort = new AbortController();
    // Silent: the field stays a plain text box without suggestions.
    getOrganList({ silent: true, signal: abort.signal }).then((list) => setOrgs(list.filter((o) => o.level > 0)), () => undefined);
    return () => abort.abort();
  }, [enabled]);
  return orgs;
}

export function ProfileForm({ onClose, onSaved }: { onClose: () => void; onSaved?: () => void }) {
  const t = useInfoTexts();
  const user = useUserStore((s) => s.userInfo);
  const userPower = useAppStore((s) => s.userPower);
  const editable = editableFields(userPower);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const orgs = useOrganOptions(editable.has('orgName'));

  if (!user) return null;
  const locked = (field: ProfileField) => !editable.has(field);

  const onFinish = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      const updated = await modProfile(profilePayload(values, editable));
      // spec shell §8 "Profile save": flag 0 → 修改成功 and refresh user info.
      useUserStore.getState().setUserInfo(updated);
      showMessage('success', '修改成功');
      onSaved?.();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="horizontal" labelCol={{ span: 4 }} wrapperCol={{ span: 14 }} initialValues={valuesOf(user)} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="avatarImg" label={t('avatar')} valuePropName="value" getValueFromEvent={(urls: string[]) => urls[0] ?? null} getValueProps={(v: string | null) => ({ value: v ? [v] : [] })}>
          <Uploader kind="image" mode="avatar" limit={1} disabled={locked('avatarImg')} />
        </Form.Item>
        {/* WCAG 1.3.1 / 4.1.2: a field without a form name is tied to its label by id. */}
        <Form.Item label={t('account')} htmlFor="info-account">
          <Input id="info-account" value={user.username} readOnly data-testid="info-account" />
        </Form.Item>
        <Form.Item name="realName" label={t('realName')}>
          <Input maxLength={32} disabled={locked('realName')} data-testid="info-real-name" />
        </Form.Item>
        <Form.Item label={t('mobile')} htmlFor="info-mobile" help={user.mobile && !PROFILE_MOBILE_PATTERN.test(user.mobile) ? t('mobileOld') : undefined}>
          <Input id="info-mobile" value={maskMobile(user.mobile)} readOnly placeholder={t('noMobile')} />
        </Form.Item>
        <Form.Item name="orgName" label={t('department')}>
          {/* Issue 21 X: the tenant's org tree suggests the department; a name it lacks may still be typed. */}
          <Input maxLength={64} disabled={locked('orgName')} list={orgs.length ? 'info-org-options' : undefined} />
        </Form.Item>
        {orgs.length ? (
          <datalist id="info-org-options" data-testid="info-org-options">
            {orgs.map((o) => <option key={o.id} value={o.name}>{o.path}</option>)}
          </datalist>
        ) : null}
        <Form.Item name="postName" label={t('position')}>
          <Input maxLength={64} disabled={locked('postName')} />
        </Form.Item>
        <Form.Item name="gender" label={t('gender')}>
          <Radio.Group disabled={locked('gender')} options={[{ value: 'M', label: t('male') }, { value: 'F', label: t('female') }]} />
        </Form.Item>
        <Form.Item name="nickName" label={t('nickName')}>
          <Input maxLength={32} disabled={locked('nickName')} />
        </Form.Item>
        <Form.Item name="email" label={t('email')} rules={[{ type: 'email', message: t('emailInvalid') }]}>
          <Input maxLength={100} disabled={locked('email')} />
        </Form.Item>
        <Form.Item name="countyName" label={t('region')}>
          <Input maxLength={64} disabled={locked('countyName')} />
        </Form.Item>
        <Form.Item name="birthday" label={t('birthday')}>
          <DatePicker disabled={locked('birthday')} disabledDate={(d) => d.isAfter(dayjs())} />
        </Form.Item>
        <Form.Item name="summary" label={t('summary')} rules={[{ max: SUMMARY_MAX, message: t('summaryTooLong') }]}>
          <Input.TextArea rows={4} maxLength={SUMMARY_MAX} showCount disabled={locked('summary')} data-testid="info-summary" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4, span: 14 }}>
          <Space>
            <Button onClick={onClose} data-testid="info-close">{t('close')}</Button>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="info-save">
              {t('save')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </>
  );
}
