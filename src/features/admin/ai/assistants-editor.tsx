// The back office's editor of an assistant (issue 21 part D), in a modal with a plain antd Form:
// name, avatar (one of ours or an uploaded image), description, greeting, system prompt, the
// catalogue kinds it may search, example questions, order and enabled. The server checks again and
// its message is shown as it comes.
import { useMutation } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { useState } from 'react';
import { AssistantAvatar } from '../../../components/assistant-avatar';
import { Uploader } from '../../../components/uploader';
import { BUILTIN_AVATARS, MAX_EXAMPLES, PASSAGE_KIND_VALUES, saveAssistant, type AssistantAdminRow } from './assistants-api';
import { useAdminAssistantsTexts } from './assistants-texts';

interface Values {
  name: string;
  avatarMode: 'builtin' | 'upload';
  builtin: string;
  upload: string[];
  description: string;
  greeting: string;
  systemPrompt: string;
  kinds: AssistantAdminRow['kinds'];
  examples: string[];
  sort?: number;
  enabled: boolean;
}

const valuesOf = (row: AssistantAdminRow | null): Values => {
  const builtin = row?.avatar.startsWith('builtin:') ?? true;
  return {
    name: row?.name ?? '', avatarMode: builtin ? 'builtin' : 'upload', builtin: builtin && row ? row.avatar.slice(8) : 'robot',
    upload: builtin || !row ? [] : [row.avatar], description: row?.description ?? '', greeting: row?.greeting ?? '', systemPrompt: row?.systemPrompt ?? '',
    kinds: row?.kinds ?? ['course', 'content', 'help'], examples: row?.examples ?? [], ...(row ? { sort: row.sort } : {}), enabled: row?.enabled ?? true,
  };
};

/** Creates (row null) or edits an assistant; onSaved after the server took it. */
export function AssistantEditor({ row, open, onClose, onSaved }: { row: AssistantAdminRow | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const t = useAdminAssistantsTexts();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<'builtin' | 'upload'>(valuesOf(row).avatarMode);
  const save = useMutation({
    mutationFn: (v: Values) => saveAssistant({
      ...(row ? { id: row.id } : {}), name: v.name.trim(), avatar: v.avatarMode === 'builtin' ? `builtin:${v.builtin}` : v.upload[0] ?? 'builtin:robot',
      description: v.description ?? '', greeting: v.greeting ?? '', systemPrompt: v.systemPrompt ?? '', kinds: v.kinds, examples: (v.examples ?? []).slice(0, MAX_EXAMPLES),
      ...(v.sort !== undefined && v.sort !== null ? { sort: v.sort } : {}), enabled: v.enabled,
    }),
    onSuccess: onSaved,
  });
  return (
    <Modal
      open={open} title={row ? t('editOf', { name: row.name }) : t('addAssistant')} onCancel={onClose} onOk={() => form.submit()}
      okText={t('ok')} cancelText={t('cancel')} confirmLoading={save.isPending} destroyOnHidden width={640}
    >
      <Form form={form} layout="vertical" initialValues={valuesOf(row)} onFinish={(v) => save.mutate(v)} preserve={false} data-testid="assistant-editor">
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}><Input maxLength={40} showCount /></Form.Item>
        <Form.Item name="avatarMode" label={t('avatar')}>
          <Radio.Group onChange={(e) => setMode(e.target.value as 'builtin' | 'upload')} options={[{ value: 'builtin', label: t('avatarBuiltin') }, { value: 'upload', label: t('avatarUpload') }]} />
        </Form.Item>
        {mode === 'builtin' ? (
          <Form.Item name="builtin" label={t('avatarBuiltin')}>
            <Radio.Group>
              {BUILTIN_AVATARS.map((name) => <Radio key={name} value={name} aria-label={name}><AssistantAvatar avatar={`builtin:${name}`} size={32} /></Radio>)}
            </Radio.Group>
          </Form.Item>
        ) : (
          <Form.Item name="upload" label={t('avatarUpload')} valuePropName="value" getValueFromEvent={(urls: string[]) => urls}>
            <Uploader kind="image" limit={1} mode="avatar" />
          </Form.Item>
        )}
        <Form.Item name="description" label={t('description')}><Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} /></Form.Item>
        <Form.Item name="greeting" label={t('greeting')}><Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} /></Form.Item>
        <Form.Item name="systemPrompt" label={t('systemPrompt')}><Input.TextArea maxLength={4000} showCount autoSize={{ minRows: 2, maxRows: 6 }} /></Form.Item>
        {/* A validator, not `required`: antd would put aria-required on the checkbox group's div, which axe refuses. */}
        <Form.Item name="kinds" label={t('kinds')} rules={[{ validator: (_, v: unknown[] | undefined) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('kindsRequired')))) }]}>
          <Checkbox.Group options={PASSAGE_KIND_VALUES.map((k) => ({ value: k, label: t(`kind_${k}`) }))} />
        </Form.Item>
        <Form.Item name="examples" label={t('examples', { n: MAX_EXAMPLES })}>
          <Select mode="tags" maxCount={MAX_EXAMPLES} open={false} tokenSeparators={['\n']} aria-label={t('examples', { n: MAX_EXAMPLES })} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 24 }}>
          <Form.Item name="sort" label={t('sort')}><InputNumber min={0} max={9999} precision={0} /></Form.Item>
          <Form.Item name="enabled" label={t('enabled')} valuePropName="checked"><Switch /></Form.Item>
        </div>
        {save.isError && <Alert type="error" showIcon title={save.error.message} />}
      </Form>
    </Modal>
  );
}
