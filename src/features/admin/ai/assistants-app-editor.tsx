// The back office's editor of an application (issue 21 part D), in a modal with a plain antd Form:
// the assistant it runs on, name, description, icon, task, output, prompt template, and its form as
// a small list editor of fields (key, label, type, required, lengths or bounds, options, default).
// The server checks the form against the task and its message is shown as it comes.
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { ApplicationIcon } from '../../../components/assistant-avatar';
import { APP_ICONS, FIELD_TYPES, MAX_FIELDS, saveApplication, type AppField, type ApplicationAdminRow, type AssistantAdminRow } from './assistants-api';
import { useAdminAssistantsTexts } from './assistants-texts';

type FieldDraft = Omit<AppField, 'defaultValue'> & { defaultValue?: string | number | null };

interface Values {
  assistantId?: number;
  name: string;
  description: string;
  icon: (typeof APP_ICONS)[number];
  task: ApplicationAdminRow['task'];
  output: ApplicationAdminRow['output'];
  promptTemplate: string;
  fields: FieldDraft[];
  sort?: number;
  enabled: boolean;
}

const valuesOf = (row: ApplicationAdminRow | null, assistants: readonly AssistantAdminRow[]): Values => ({
  ...(row ? { assistantId: row.assistantId } : assistants[0] ? { assistantId: assistants[0].id } : {}),
  name: row?.name ?? '', description: row?.description ?? '', icon: (APP_ICONS as readonly string[]).includes(row?.icon ?? '') ? row!.icon as Values['icon'] : 'idea', task: row?.task ?? 'prompt', output: row?.output ?? 'text',
  promptTemplate: row?.promptTemplate ?? '', fields: row?.fields ?? [{ name: 'topic', label: '', type: 'text', required: true }],
  ...(row ? { sort: row.sort } : {}), enabled: row?.enabled ?? true,
});

/** A field as the server takes it: empty optional settings left out, numbers kept as numbers. */
function cleanField(f: FieldDraft): AppField {
  const out: AppField = { name: f.name.trim(), label: f.label.trim(), type: f.type, required: Boolean(f.required) };
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  if ((f.type === 'text' || f.type === 'textarea') && num(f.maxLength) !== undefined) out.maxLength = num(f.maxLength)!;
  if (f.type === 'number') {
    if (num(f.min) !== undefined) out.min = num(f.min)!;
    if (num(f.max) !== undefined) out.max = num(f.max)!;
  }
  if (f.type === 'choice') out.options = (f.options ?? []).map((o) => o.trim()).filter(Boolean);
  if (f.placeholder?.trim()) out.placeholder = f.placeholder.trim();
  if (f.defaultValue !== undefined && f.defaultValue !== null && f.defaultValue !== '' && f.type !== 'course' && f.type !== 'content') {
    out.defaultValue = f.type === 'number' ? Number(f.defaultValue) : String(f.defaultValue);
  }
  return out;
}

function FieldList() {
  const t = useAdminAssistantsTexts();
  return (
    <Form.List name="fields">
      {(items, { add, remove }) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="application-field-list">
          {items.map((item, i) => (
            <fieldset key={item.key} style={{ border: '1px solid var(--portal-border, #f0f0f0)', borderRadius: 8, padding: '8px 12px' }}>
              <legend style={{ fontSize: 13, width: 'auto', padding: '0 4px', margin: 0, border: 0 }}>#{i + 1}</legend>
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0 12px', alignItems: 'flex-start' }}>
                <Form.Item name={[item.name, 'name']} label={t('fieldName')} rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9_]{0,29}$/, message: t('fieldNameRule') }]}><Input style={{ width: 140 }} /></Form.Item>
                <Form.Item name={[item.name, 'label']} label={t('fieldLabel')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}><Input maxLength={40} style={{ width: 160 }} /></Form.Item>
                <Form.Item name={[item.name, 'type']} label={t('fieldType')}>
                  <Select style={{ width: 140 }} options={FIELD_TYPES.map((type) => ({ value: type, label: t(`type_${type}`) }))} />
                </Form.Item>
                <Form.Item name={[item.name, 'required']} label={t('required')} valuePropName="checked"><Checkbox /></Form.Item>
                <Button type="text" icon={<MinusCircleOutlined />} onClick={() => remove(item.name)} aria-label={t('removeField', { n: i + 1 })} style={{ marginTop: 30 }} />
              </div>
              <Form.Item noStyle shouldUpdate>
                {({ getFieldValue }) => {
                  const type = getFieldValue(['fields', item.name, 'type']) as AppField['type'];
                  return (
                    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0 12px' }}>
                      {(type === 'text' || type === 'textarea') && <Form.Item name={[item.name, 'maxLength']} label={t('maxLength')}><InputNumber min={1} max={8000} precision={0} /></Form.Item>}
                      {type === 'number' && <>
                        <Form.Item name={[item.name, 'min']} label={t('min')}><InputNumber min={-1_000_000} max={1_000_000} precision={0} /></Form.Item>
                        <Form.Item name={[item.name, 'max']} label={t('max')}><InputNumber min={-1_000_000} max={1_000_000} precision={0} /></Form.Item>
                      </>}
                      {type === 'choice' && (
                        <Form.Item name={[item.name, 'options']} label={t('options')} style={{ minWidth: 260 }}>
                          <Select mode="tags" open={false} aria-label={t('options')} />
                        </Form.Item>
                      )}
                      <Form.Item name={[item.name, 'placeholder']} label={t('placeholder')}><Input maxLength={100} style={{ width: 180 }} /></Form.Item>
                      {type !== 'course' && type !== 'content' && <Form.Item name={[item.name, 'defaultValue']} label={t('defaultValue')}><Input maxLength={200} style={{ width: 140 }} /></Form.Item>}
                    </div>
                  );
                }}
              </Form.Item>
            </fieldset>
          ))}
          <Button icon={<PlusOutlined />} disabled={items.length >= MAX_FIELDS} onClick={() => add({ name: `field${items.length + 1}`, label: '', type: 'text', required: false })}>{t('addField')}</Button>
        </div>
      )}
    </Form.List>
  );
}

/** Creates (row null) or edits an application; onSaved after the server took it. */
export function ApplicationEditor({ row, assistants, open, onClose, onSaved }: {
  row: ApplicationAdminRow | null; assistants: readonly AssistantAdminRow[]; open: boolean; onClose: () => void; onSaved: () => void;
}) {
  const t = useAdminAssistantsTexts();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) => saveApplication({
      ...(row ? { id: row.id } : {}), assistantId: v.assistantId!, name: v.name.trim(), description: v.description ?? '', icon: v.icon, task: v.task,
      output: v.task === 'quiz' ? 'questions' : v.task === 'plan' ? 'text' : v.output, promptTemplate: v.promptTemplate ?? '',
      fields: (v.fields ?? []).map(cleanField), ...(v.sort !== undefined && v.sort !== null ? { sort: v.sort } : {}), enabled: v.enabled,
    }),
    onSuccess: onSaved,
  });
  return (
    <Modal
      open={open} title={row ? t('editOf', { name: row.name }) : t('addApplication')} onCancel={onClose} onOk={() => form.submit()}
      okText={t('ok')} cancelText={t('cancel')} confirmLoading={save.isPending} destroyOnHidden width={820}
    >
      <Form form={form} layout="vertical" initialValues={valuesOf(row, assistants)} onFinish={(v) => save.mutate(v)} preserve={false} data-testid="application-editor">
        <Form.Item name="assistantId" label={t('col_assistant')} rules={[{ required: true, message: t('assistantRequired') }]}>
          <Select options={assistants.map((a) => ({ value: a.id, label: a.name }))} style={{ maxWidth: 320 }} />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}><Input maxLength={40} showCount /></Form.Item>
        <Form.Item name="description" label={t('description')}><Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} /></Form.Item>
        <Form.Item name="icon" label={t('icon')}>
          <Radio.Group>{APP_ICONS.map((icon) => <Radio key={icon} value={icon} aria-label={icon}><ApplicationIcon icon={icon} size={28} /></Radio>)}</Radio.Group>
        </Form.Item>
        <Form.Item name="task" label={t('task')}>
          <Radio.Group options={(['plan', 'quiz', 'prompt'] as const).map((task) => ({ value: task, label: t(`task_${task}`) }))} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.task !== b.task}>
          {({ getFieldValue }) => getFieldValue('task') === 'prompt' && <>
            <Form.Item name="promptTemplate" label={t('promptTemplate', { example: '{{name}}' })}><Input.TextArea maxLength={4000} showCount autoSize={{ minRows: 3, maxRows: 8 }} /></Form.Item>
            <Form.Item name="output" label={t('output')}>
              <Radio.Group options={(['text', 'questions'] as const).map((o) => ({ value: o, label: t(`output_${o}`) }))} />
            </Form.Item>
          </>}
        </Form.Item>
        <h3 style={{ fontSize: 15, margin: '8px 0 4px' }}>{t('fields', { n: MAX_FIELDS })}</h3>
        <p style={{ fontSize: 13, margin: '0 0 8px', opacity: 0.8 }}>{t('fieldsHint')}</p>
        <FieldList />
        <div style={{ display: 'flex', gap: 24, marginTop: 16 }}>
          <Form.Item name="sort" label={t('sort')}><InputNumber min={0} max={9999} precision={0} /></Form.Item>
          <Form.Item name="enabled" label={t('enabled')} valuePropName="checked"><Switch /></Form.Item>
        </div>
        {save.isError && <Alert type="error" showIcon title={save.error.message} />}
      </Form>
    </Modal>
  );
}
