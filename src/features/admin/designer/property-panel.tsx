// The designer's property panel (issue 16 "The property panel is @rjsf generated from each widget's
// props schema and its meta.ts uiSchema"): the selected block's props, or the page's root props
// (background, width, gap) when "Page" is selected. Edits reach the store after a pause in typing,
// so one pause is one undo step; a value the schema refuses shows its error in place and is not
// stored. Custom widgets: link fields (link picker), image fields (upload) and the category picker.
import Form, { Widgets as AntdWidgets } from '@rjsf/antd';
import { getDefaultRegistry, type IChangeEvent } from '@rjsf/core';
import { getDefaultFormState, type EnumOptionsType, type ErrorSchema, type RegistryFieldsType, type RegistryWidgetsType, type RJSFSchema, type RJSFValidationError, type UiSchema, type WidgetProps } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { Alert, Empty, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { RootProps } from '../../../../schemas/page-template';
import { useAppLanguage } from '../../../i18n/texts';
import type { WidgetEditorMeta } from '../../../runtime/widget-definition';
import { editorMetaOf } from '../../../../widgets/editor-meta';
import { formSchema } from '../components/schema-form';
import { CategoryPickerWidget } from './category-select';
import { findBlock, useDesigner } from './designer-store';
import { ImageUploadWidget } from './image-field';
import { LinkItemField } from './link-picker';
import { usePanelTexts } from './panel-texts';

/** How long typing may pause before the edit becomes one undo step. */
export const EDIT_PAUSE_MS = 400;

type Props = Record<string, unknown>;
type T = ReturnType<typeof usePanelTexts>;

const FIELDS: RegistryFieldsType = { 'link-item': LinkItemField };

const AntdSelect = AntdWidgets.SelectWidget!;

/**
 * The choices of a select: the schema's enum, or for a plain string or number field the list a meta
 * gives as `'ui:options': { enumOptions: [...] }` (plain values or { value, label }). @rjsf drops
 * that list for a field without an enum, so a columns block's ratio showed an empty select with no
 * options; a stored value missing from the list is added, so the select never hides what is stored.
 */
export function selectOptions(schemaOptions: readonly EnumOptionsType[] | undefined, uiOptions: unknown, value: unknown): EnumOptionsType[] {
  const listed: EnumOptionsType[] = schemaOptions?.length
    ? [...schemaOptions]
    : (Array.isArray(uiOptions) ? uiOptions : []).map((entry: unknown) => (typeof entry === 'object' && entry !== null && 'value' in entry
      ? entry as EnumOptionsType
      : { value: entry, label: String(entry) }));
  const present = value === undefined || value === '' || listed.some((option) => option.value === value);
  return present ? listed : [...listed, { value, label: String(value) }];
}

/** antd's select with the choices of selectOptions(). */
function ChoiceSelectWidget(props: WidgetProps) {
  const fromUi = (props.uiSchema?.['ui:options'] as { enumOptions?: unknown } | undefined)?.enumOptions;
  const enumOptions = selectOptions(props.options.enumOptions, fromUi, props.value);
  return <AntdSelect {...props} options={{ ...props.options, enumOptions }} />;
}

// 'rich-text' (the rich-text widget's html) is a plain text area here: the server sanitises it on
// save and the canvas shows the result; 'provider-picker' is the product list's provider id.
const WIDGETS: RegistryWidgetsType = {
  SelectWidget: ChoiceSelectWidget,
  'category-picker': CategoryPickerWidget,
  'image-upload': ImageUploadWidget,
  'rich-text': AntdWidgets.TextareaWidget!,
  'provider-picker': getDefaultRegistry().widgets.UpDownWidget!,
};

/** ajv's messages in the admin's language, with the limit from the schema. */
export function errorTransformer(t: T) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] => errors.map((error) => {
    const params = (error.params ?? {}) as Record<string, unknown>;
    const limit = String(params.limit ?? '');
    const message = (() => {
      switch (error.name) {
        case 'maximum': return t('errMaximum', { limit });
        case 'exclusiveMaximum': return t('errMaximum', { limit });
        case 'minimum': return t('errMinimum', { limit });
        case 'exclusiveMinimum': return t('errMinimum', { limit });
        case 'maxLength': return t('errMaxLength', { limit });
        case 'minLength': return t('errMinLength', { limit });
        case 'pattern': return t('errPattern');
        case 'required': return t('errRequired');
        case 'type': return params.type === 'integer' ? t('errInteger') : t('errType', { type: String(params.type ?? '') });
        default: return error.message ?? '';
      }
    })();
    return { ...error, message, stack: `${error.property ?? ''} ${message}`.trim() };
  });
}

/** Props as @rjsf shows them: the schema's defaults filled in under what the block stores. */
function filled(schema: RJSFSchema, props: Props): Props {
  return (getDefaultFormState(validator, schema, props) ?? {}) as Props;
}

/**
 * @rjsf/antd shows a field's `ui:help` in the place of its errors, so a field with help would never
 * show why its value is refused: help becomes the field's description instead.
 */
export function helpAsDescription(ui: UiSchema): UiSchema {
  const out: UiSchema = {};
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:help') continue;
    out[key] = typeof value === 'object' && value !== null && !Array.isArray(value) && !key.startsWith('ui:') ? helpAsDescription(value as UiSchema) : value;
  }
  if (typeof ui['ui:help'] === 'string' && out['ui:description'] === undefined) out['ui:description'] = ui['ui:help'];
  return out;
}

/** Sets `ui:description` at a field path of `descriptions` ('count', 'items[].title'): '[]' steps into array items. */
function withDescriptions(ui: UiSchema, descriptions: Readonly<Record<string, string>>): UiSchema {
  const out = structuredClone(ui) as UiSchema;
  for (const [path, text] of Object.entries(descriptions)) {
    let node = out as Record<string, unknown>;
    for (const step of path.split('.').flatMap((part) => (part.endsWith('[]') ? [part.slice(0, -2), 'items'] : [part]))) {
      const next = node[step];
      node = (node[step] = typeof next === 'object' && next !== null ? next : {}) as Record<string, unknown>;
    }
    node['ui:description'] = text;
  }
  return out;
}

/**
 * The uiSchema of a widget's props form in the admin's language: the meta's uiSchema, plus its
 * Chinese field help when the designer speaks Chinese (the props schema's descriptions are English,
 * for integrators; docs/widgets.md "Editor metadata").
 */
export function panelUiSchema(meta: WidgetEditorMeta | undefined, language: string): UiSchema {
  const ui = (meta?.uiSchema ?? {}) as UiSchema;
  return language === 'en' || !meta?.descriptions ? ui : withDescriptions(ui, meta.descriptions.zh);
}

/** Drops unset keys so that a cleared optional field is absent, as the schema means it. */
function clean(value: unknown): Props {
  return JSON.parse(JSON.stringify(value ?? {})) as Props;
}

interface EditFormProps {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** What the store holds now. */
  value: Props;
  readonly: boolean;
  /** Stores an edit (one undo step). */
  onCommit: (props: Props) => void;
  testId: string;
}

/** An @rjsf form over one props object, committing valid edits after a pause. */
function EditForm({ schema, uiSchema, value, readonly, onCommit, testId }: EditFormProps) {
  const t = usePanelTexts();
  const [formData, setFormData] = useState<Props>(() => filled(schema, value));
  const [errors, setErrors] = useState<ErrorSchema | undefined>(undefined);
  const invalid = errors !== undefined;
  const commitRef = useRef(onCommit);
  commitRef.current = onCommit;
  const pending = useRef<Props | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const known = useRef(JSON.stringify(value));
  const transformErrors = useMemo(() => errorTransformer(t), [t]);
  const formUi = useMemo(() => ({ ...helpAsDescription(uiSchema), 'ui:submitButtonOptions': { norender: true } }), [uiSchema]);

  const flush = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const next = pending.current;
    pending.current = null;
    if (next) {
      known.current = JSON.stringify(next);
      commitRef.current(next);
    }
  };

  // A change from outside (undo, redo, restore) replaces what the form shows.
  useEffect(() => {
    const text = JSON.stringify(value);
    if (text === known.current) return;
    known.current = text;
    pending.current = null;
    clearTimeout(timer.current);
    setErrors(undefined);
    setFormData(filled(schema, value));
  }, [value, schema]);

  // Leaving the block (another selection, closing the panel) stores what was typed.
  useEffect(() => () => flush(), []);

  const change = (event: IChangeEvent<Props>) => {
    const next = clean(event.formData);
    if (JSON.stringify(next) === JSON.stringify(clean(formData))) return;
    setFormData(next);
    const checked = validator.validateFormData(next, schema, undefined, transformErrors);
    if (checked.errors.length > 0) {
      // Not stored: the store (and the canvas) keep the last valid props; the form shows why.
      clearTimeout(timer.current);
      pending.current = null;
      setErrors(checked.errorSchema);
      return;
    }
    setErrors(undefined);
    pending.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, EDIT_PAUSE_MS);
  };

  return (
    <div className="designer-props-form" data-testid={testId}>
      {invalid && <Alert type="warning" showIcon message={t('fixErrors')} style={{ marginBottom: 12 }} data-testid="props-invalid" />}
      <Form
        schema={schema}
        uiSchema={formUi}
        formData={formData}
        validator={validator}
        fields={FIELDS}
        widgets={WIDGETS}
        onChange={change}
        onBlur={() => flush()}
        extraErrors={errors}
        showErrorList={false}
        noHtml5Validate
        readonly={readonly}
      />
    </div>
  );
}

/** The page's own props form (spec: background, width, gap). */
function RootForm({ readonly }: { readonly: boolean }) {
  const t = usePanelTexts();
  const props = useDesigner((s) => s.template?.root.props) as Props | undefined;
  const updateRootProps = useDesigner((s) => s.updateRootProps);
  const schema = useMemo(() => formSchema(RootProps), []);
  const uiSchema = useMemo<UiSchema>(() => ({
    background: { 'ui:title': t('background'), 'ui:help': t('backgroundHelp'), 'ui:placeholder': '#f5f5f5' },
    maxWidth: { 'ui:title': t('maxWidth'), 'ui:help': t('maxWidthHelp') },
    gap: { 'ui:title': t('gap'), 'ui:help': t('gapHelp') },
  }), [t]);
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>{t('rootTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('rootHelp')}</Typography.Paragraph>
      <EditForm schema={schema} uiSchema={uiSchema} value={props ?? {}} readonly={readonly} onCommit={updateRootProps} testId="root-props-form" />
    </>
  );
}

/** One block's props form, from its widget's contract and editor meta. */
function BlockForm({ blockId, readonly }: { blockId: string; readonly: boolean }) {
  const t = usePanelTexts();
  const language = useAppLanguage();
  const block = useDesigner((s) => (s.template ? findBlock(s.template, blockId)?.block : undefined));
  const registry = useDesigner((s) => s.registry);
  const updateProps = useDesigner((s) => s.updateProps);
  const definition = block ? registry?.get(block.type) : undefined;
  const schema = useMemo(() => (definition ? formSchema(definition.propsSchema) : undefined), [definition]);
  const meta = block ? editorMetaOf(block.type) : undefined;
  const uiSchema = useMemo(() => panelUiSchema(meta, language), [meta, language]);

  if (!block) return <Typography.Paragraph type="secondary">{t('blockGone')}</Typography.Paragraph>;
  if (!registry) return null;
  if (!definition || !schema) return <Alert type="error" showIcon message={t('unknownBlock', { id: block.id, type: block.type })} />;
  const label = meta ? (language === 'en' ? meta.label.en : meta.label.zh) : block.type;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>{label}</Typography.Title>
      {meta?.description && <Typography.Paragraph type="secondary">{language === 'en' ? meta.description.en : meta.description.zh}</Typography.Paragraph>}
      <EditForm schema={schema} uiSchema={uiSchema} value={block.props} readonly={readonly}
        onCommit={(props) => updateProps(blockId, props)} testId={`block-props-form-${block.type}`} />
    </>
  );
}

/** The right-hand pane of the designer. */
export function PropertyPanel() {
  const t = usePanelTexts();
  const selectedId = useDesigner((s) => s.selectedId);
  const viewing = useDesigner((s) => s.viewing);
  const readonly = viewing !== null;
  return (
    <aside className="designer-property-panel" aria-label={t('panelTitle')} data-testid="property-panel" style={{ padding: 12 }}>
      {viewing && <Alert type="info" showIcon message={t('viewingBanner', { n: viewing.version })} style={{ marginBottom: 12 }} />}
      {selectedId === null && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSelection')} data-testid="property-panel-hint" />}
      {selectedId === 'root' && <RootForm key="root" readonly={readonly} />}
      {selectedId !== null && selectedId !== 'root' && <BlockForm key={selectedId} blockId={selectedId} readonly={readonly} />}
    </aside>
  );
}
