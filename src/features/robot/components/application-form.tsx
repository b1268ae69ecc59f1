// An application's form, built with plain antd Form from its field list (issue 21 part D; @rjsf is
// for /sub_admin documents only): one line, long text, an integer, a choice, or a picker over the
// tenant's published courses or contents (searched by title). The rules mirror the server's
// (server/modules/cm/ai-application-fields.ts), which checks again and has the last word.
import { Form, Input, InputNumber, Select } from 'antd';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { usePickerItems, type AppField, type InputValue } from '../api/assistant';
import { useApplicationTexts } from './application-texts';

/** Default lengths of text fields (the server's TEXT_MAX and TEXTAREA_MAX). */
const TEXT_MAX = 200;
const TEXTAREA_MAX = 2000;

/** The bounds a number field really has (min 1 and max 1000 unless set), as the server reads them. */
export const numberBounds = (field: AppField) => ({ min: field.min ?? 1, max: field.max ?? 1000 });

/** The values the form opens with: each field's default, or nothing. */
export function initialValues(fields: readonly AppField[]): Record<string, InputValue> {
  return Object.fromEntries(fields.map((f) => [f.name, f.defaultValue ?? null]));
}

function Picker({ field, id, value, onChange }: { field: AppField; id?: string; value?: InputValue; onChange?: (v: InputValue) => void }) {
  const t = useApplicationTexts();
  const [keyword, setKeyword] = useState('');
  const items = usePickerItems(field.type as 'course' | 'content', useDeferredValue(keyword.trim()));
  return (
    <Select
      id={id} showSearch={{ filterOption: false, onSearch: setKeyword }} allowClear value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)} loading={items.isFetching}
      placeholder={field.placeholder || t('pick')} notFoundContent={t('noItems')}
      options={(items.data ?? []).map((item) => ({ value: item.id, label: item.title }))}
      aria-label={field.label}
    />
  );
}

function control(field: AppField): ReactNode {
  switch (field.type) {
    case 'text':
      return <Input maxLength={field.maxLength ?? TEXT_MAX} showCount placeholder={field.placeholder} />;
    case 'textarea':
      return <Input.TextArea maxLength={field.maxLength ?? TEXTAREA_MAX} showCount autoSize={{ minRows: 3, maxRows: 10 }} placeholder={field.placeholder} />;
    case 'number': {
      const { min, max } = numberBounds(field);
      return <InputNumber min={min} max={max} precision={0} style={{ width: 160 }} placeholder={field.placeholder} />;
    }
    case 'choice':
      return <Select options={(field.options ?? []).map((o) => ({ value: o, label: o }))} placeholder={field.placeholder || undefined} style={{ maxWidth: 320 }} />;
    case 'course':
    case 'content':
      return <Picker field={field} />;
  }
}

/** The Form.Items of the fields, with rules; the caller owns the Form (its submit and buttons). */
export function ApplicationFields({ fields }: { fields: readonly AppField[] }) {
  const t = useApplicationTexts();
  return (
    <>
      {fields.map((field) => {
        const picker = field.type === 'course' || field.type === 'content';
        const rules = [
          // A rule without a type is a string rule to antd's validator: numbers and picked ids say so.
          {
            required: field.required, type: picker || field.type === 'number' ? ('number' as const) : ('string' as const), whitespace: !picker && field.type !== 'number',
            message: picker ? t('pickRequired', { label: field.label }) : t('required', { label: field.label }),
          },
          ...(field.type === 'number' ? [{ type: 'integer' as const, ...numberBounds(field), message: t('range', { label: field.label, ...numberBounds(field) }) }] : []),
          ...(field.type === 'text' || field.type === 'textarea'
            ? [{ max: field.maxLength ?? (field.type === 'text' ? TEXT_MAX : TEXTAREA_MAX), message: t('tooLong', { label: field.label, max: field.maxLength ?? (field.type === 'text' ? TEXT_MAX : TEXTAREA_MAX) }) }]
            : []),
        ];
        return <Form.Item key={field.name} name={field.name} label={field.label} rules={rules}>{control(field)}</Form.Item>;
      })}
    </>
  );
}
