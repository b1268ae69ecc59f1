// The address form in a dialog (spec learning §3 Address: receiver, phone, area, detailed address,
// label home / company / school, default flag). The fields are checked here first; the server
// checks them again and its sentence is shown when it refuses.
import { Checkbox, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../feedback/feedback';
import { saveAddress, updateAddress, type Address, type AddressInput } from '../../api/shop-orders';
import { failureText, useShopTexts } from './shop-texts';

/** A mainland mobile number (the server's rule too). */
const MOBILE = /^1[3-9]\d{9}$/;

export interface AddressDialogProps {
  open: boolean;
  /** The address to edit; null adds a new one. */
  editing: Address | null;
  onClose: () => void;
  onSaved: (address: Address) => void;
}

export function AddressDialog({ open, editing, onClose, onSaved }: AddressDialogProps) {
  const t = useShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const [form] = Form.useForm<AddressInput>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ ...editing });
  }, [open, editing, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const input: AddressInput = { ...values, phone: values.phone.replace(/[\s-]/g, ''), label: values.label ?? null, isDefault: values.isDefault === true };
    setSaving(true);
    try {
      const saved = editing ? await updateAddress(editing.id, input) : await saveAddress(input);
      showMessage('success', t('addressSaved'));
      onSaved(saved);
    } catch (error) {
      showMessage('error', failureText(t, error, english));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open} title={editing ? t('editAddress') : t('addAddress')} okText={t('save')} cancelText={t('cancel')}
      onOk={() => void submit()} onCancel={onClose} confirmLoading={saving} destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="address-form" requiredMark>
        <Form.Item name="receiver" label={t('receiver')} rules={[{ required: true, whitespace: true, message: t('requiredReceiver') }, { max: 30 }]}>
          <Input placeholder={t('receiverPh')} maxLength={30} autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="phone" label={t('phone')}
          rules={[{ required: true, message: t('requiredPhone') }, { validator: async (_, v: string | undefined) => { if (v && !MOBILE.test(v.replace(/[\s-]/g, ''))) throw new Error(t('badPhone')); } }]}
        >
          <Input placeholder={t('phonePh')} maxLength={13} inputMode="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item name="area" label={t('area')} rules={[{ required: true, whitespace: true, message: t('requiredArea') }, { max: 100 }]}>
          <Input placeholder={t('areaPh')} maxLength={100} />
        </Form.Item>
        <Form.Item name="detail" label={t('detail')} rules={[{ required: true, whitespace: true, message: t('requiredDetail') }, { max: 200 }]}>
          <Input.TextArea placeholder={t('detailPh')} maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="label" label={t('label')}>
          <Radio.Group optionType="button" options={[
            { value: 'home', label: t('home') }, { value: 'company', label: t('company') }, { value: 'school', label: t('schoolLabel') },
          ]} />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>{t('setDefault')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
