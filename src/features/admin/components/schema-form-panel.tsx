// One JSON setting (navbar options, footer or site options) edited with a form generated from its
// schema (DESIGN "Layout": schemas/ is the one source for server validation, client validation and
// @rjsf forms). The server checks the same schema again before it saves.
import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { Button, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/feedback/feedback';
import { useSaveSetting, type JsonSettingName } from '../api/admin';
import { useAdminTexts } from './admin-texts';
import { choiceLabelFrom, formSchema, labelledUiSchema, type FieldLabel } from './schema-form';

export interface SchemaFormPanelProps {
  name: JsonSettingName;
  schema: object;
  /** Chinese titles; English uses the schema's own. */
  labels: Record<string, FieldLabel>;
  /** The saved value; null when the tenant has none yet. */
  value: object | null;
  onDirtyChange: (dirty: boolean) => void;
}

export function SchemaFormPanel({ name, schema, labels, value, onDirtyChange }: SchemaFormPanelProps) {
  const t = useAdminTexts();
  const { i18n } = useTranslation();
  const chinese = i18n.language !== 'en';
  const save = useSaveSetting();
  const rjsfSchema = useMemo(() => formSchema(schema, chinese ? choiceLabelFrom(labels) : undefined), [schema, labels, chinese]);
  const uiSchema = useMemo(() => ({
    ...(chinese ? labelledUiSchema(labels) : {}),
    'ui:submitButtonOptions': { norender: true },
  }), [labels, chinese]);
  const [draft, setDraft] = useState<object>(value ?? {});
  const dirty = JSON.stringify(draft) !== JSON.stringify(value ?? {});

  const change = (event: IChangeEvent<object>) => {
    const next = event.formData ?? {};
    setDraft(next);
    onDirtyChange(JSON.stringify(next) !== JSON.stringify(value ?? {}));
  };

  const submit = (event: IChangeEvent<object>) => {
    const next = event.formData ?? {};
    save.mutate({ name, value: next }, {
      onSuccess: () => {
        onDirtyChange(false);
        showMessage('success', t('saved'));
      },
    });
  };

  return (
    <div className="admin-schema-form" data-testid={`admin-form-${name}`}>
      <Form
        schema={rjsfSchema}
        uiSchema={uiSchema}
        formData={draft}
        validator={validator}
        onChange={change}
        onSubmit={submit}
        onError={() => showMessage('error', t('formInvalid'))}
        showErrorList={false}
        liveValidate={false}
        noHtml5Validate
      >
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={`admin-save-${name}`}>{t('save')}</Button>
          <Button disabled={!dirty} onClick={() => {
            setDraft(value ?? {});
            onDirtyChange(false);
          }}>{t('reset')}</Button>
          {dirty && <Tag color="warning">{t('unsaved')}</Tag>}
        </Space>
      </Form>
    </div>
  );
}
