// The designer's link picker (issue 16 "link fields get a link picker"): a link item (spec shell §3
// "Link item") chosen as a portal route by name, a course, a category jump, a product, or an
// address. An address is checked with the one URL rule of schemas/url.ts (http(s) or a single-/ path
// on this site; never javascript:, data: or //host); an address the rule refuses stays in the input
// with the message and never reaches the block's props.
import { Input, InputNumber, Select, Space, Typography } from 'antd';
import type { FieldProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import type { LinkItem } from '../../../../schemas/link';
import { isSiteAddress } from '../../../../schemas/url';
import { CATEGORY_PATHS, LINK_ROUTES } from '../../../runtime/link-routes';
import { CategorySelect } from './category-select';
import { usePanelTexts } from './panel-texts';

export type LinkKind = 'none' | 'route' | 'course' | 'category' | 'product' | 'url';

/** Route names a link can use without an id (the detail routes are picked as course or product). */
export const PICKABLE_ROUTES = Object.entries(LINK_ROUTES).filter(([, target]) => !target.path.includes(':id')).map(([name, target]) => ({ name, path: target.path }));

/** spec shell §2: the category jump purposes that have a list page. */
const PURPOSES = Object.keys(CATEGORY_PATHS).map(Number);

/** Which picker mode shows a stored link. */
export function linkKindOf(link: LinkItem | undefined | null): LinkKind {
  if (!link || typeof link !== 'object' || Object.keys(link).length === 0) return 'none';
  const type = (link.linkType ?? '').trim();
  if (type === 'url') return 'url';
  if (type === 'category') return 'category';
  if (type === 'product' || link.prodId !== undefined) return 'product';
  if (type === 'route' || type === '') {
    if ((link.linkUrl ?? '') === 'courseDetail') return 'course';
    return 'route';
  }
  if (type === 'courseDetail') return 'course';
  return 'route';
}

interface Draft {
  kind: LinkKind;
  route: string;
  courseId: number | null;
  purpose: number;
  categoryId: number | null;
  categoryName: string;
  productId: number | null;
  productType: number | null;
  url: string;
}

const positiveId = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

function draftOf(link: LinkItem | undefined | null): Draft {
  const kind = linkKindOf(link);
  const params = link && typeof link.params === 'object' && link.params !== null ? link.params : {};
  return {
    kind,
    route: kind === 'route' ? (link?.linkUrl ?? link?.linkType ?? '') : '',
    courseId: kind === 'course' ? positiveId(link?.id) : null,
    purpose: kind === 'category' && link?.purpose !== undefined ? link.purpose : 1,
    categoryId: kind === 'category' ? positiveId(link?.id) : null,
    categoryName: kind === 'category' && typeof params.categoryName === 'string' ? params.categoryName : '',
    productId: kind === 'product' ? positiveId(link?.prodId ?? link?.id) : null,
    productType: kind === 'product' && typeof link?.productType === 'number' ? link.productType : null,
    url: kind === 'url' ? (link?.linkUrl ?? '') : '',
  };
}

type Built = { ok: true; link: LinkItem | undefined } | { ok: false; error: 'urlRequired' | 'urlInvalid' | 'idRequired' | 'routePick' };

/** The link item a draft stands for, or why it cannot be stored yet. */
export function buildLink(d: Draft): Built {
  switch (d.kind) {
    case 'none': return { ok: true, link: undefined };
    case 'route': return d.route ? { ok: true, link: { linkType: 'route', linkUrl: d.route } } : { ok: false, error: 'routePick' };
    case 'course': return d.courseId ? { ok: true, link: { linkType: 'route', linkUrl: 'courseDetail', id: d.courseId } } : { ok: false, error: 'idRequired' };
    case 'category': {
      // spec shell §2: a category jump by purpose with categoryId, categoryName (and categoryPath).
      const link: LinkItem = { linkType: 'category', purpose: d.purpose };
      if (d.categoryId) {
        link.id = d.categoryId;
        if (d.categoryName) link.params = { categoryName: d.categoryName };
      }
      return { ok: true, link };
    }
    case 'product': {
      if (!d.productId) return { ok: false, error: 'idRequired' };
      const link: LinkItem = { linkType: 'product', prodId: d.productId };
      if (d.productType !== null) link.productType = d.productType;
      return { ok: true, link };
    }
    case 'url': {
      const url = d.url.trim();
      if (!url) return { ok: false, error: 'urlRequired' };
      // schemas/url.ts: one rule for every address a tenant sets.
      return isSiteAddress(url) ? { ok: true, link: { linkType: 'url', linkUrl: url } } : { ok: false, error: 'urlInvalid' };
    }
  }
}

export interface LinkPickerProps {
  id: string;
  value: LinkItem | undefined;
  /** Called with a link the rules accept (undefined for "no link"); never with a refused one. */
  onChange: (link: LinkItem | undefined) => void;
  disabled?: boolean;
}

/** Picks where a link leads; shows the rule's message inline while the entry is refused. */
export function LinkPicker({ id, value, onChange, disabled }: LinkPickerProps) {
  const t = usePanelTexts();
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const [error, setError] = useState<Built & { ok: false } | null>(null);
  const emitted = useRef<string>(JSON.stringify(value ?? null));

  // A change from outside (undo, another block selected) replaces what is typed.
  useEffect(() => {
    const incoming = JSON.stringify(value ?? null);
    if (incoming === emitted.current) return;
    emitted.current = incoming;
    setDraft(draftOf(value));
    setError(null);
  }, [value]);

  const update = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    const built = buildLink(next);
    if (!built.ok) {
      setError(built);
      return;
    }
    setError(null);
    const text = JSON.stringify(built.link ?? null);
    if (text === emitted.current) return;
    emitted.current = text;
    onChange(built.link);
  };

  const kinds: LinkKind[] = ['none', 'route', 'course', 'category', 'product', 'url'];
  const kindLabel: Record<LinkKind, string> = {
    none: t('linkNone'), route: t('linkRoute'), course: t('linkCourse'), category: t('linkCategory'), product: t('linkProduct'), url: t('linkUrl'),
  };
  const errorId = `${id}-error`;
  const invalid = error !== null;

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`link-picker-${id}`}>
      <Select<LinkKind>
        id={id}
        aria-label={t('linkKind')}
        value={draft.kind}
        disabled={disabled}
        options={kinds.map((k) => ({ value: k, label: kindLabel[k] }))}
        onChange={(kind) => update({ kind })}
        style={{ width: '100%' }}
        data-testid="link-kind"
      />
      {draft.kind === 'route' && (
        <Select<string>
          showSearch
          aria-label={t('route')}
          placeholder={t('routePick')}
          value={draft.route || undefined}
          disabled={disabled}
          optionFilterProp="label"
          options={PICKABLE_ROUTES.map((r) => ({ value: r.name, label: `${r.name} (${r.path})` }))}
          onChange={(route) => update({ route })}
          style={{ width: '100%' }}
          data-testid="link-route"
        />
      )}
      {draft.kind === 'course' && (
        <InputNumber<number> aria-label={t('courseId')} placeholder={t('courseId')} min={1} precision={0} value={draft.courseId} disabled={disabled}
          onChange={(v) => update({ courseId: positiveId(v) })} style={{ width: '100%' }} data-testid="link-course" />
      )}
      {draft.kind === 'category' && (
        <>
          <Select<number>
            aria-label={t('categoryPurpose')}
            value={draft.purpose}
            disabled={disabled}
            options={PURPOSES.map((p) => ({ value: p, label: t(`purpose${p}` as 'purpose1') }))}
            onChange={(purpose) => update({ purpose, categoryId: null, categoryName: '' })}
            style={{ width: '100%' }}
          />
          <CategorySelect purpose={draft.purpose} value={draft.categoryId ?? undefined} disabled={disabled}
            onChange={(categoryId, categoryName) => update({ categoryId: categoryId ?? null, categoryName: categoryName ?? '' })} />
        </>
      )}
      {draft.kind === 'product' && (
        <>
          <InputNumber<number> aria-label={t('productId')} placeholder={t('productId')} min={1} precision={0} value={draft.productId} disabled={disabled}
            onChange={(v) => update({ productId: positiveId(v) })} style={{ width: '100%' }} data-testid="link-product" />
          <InputNumber<number> aria-label={t('productType')} placeholder={t('productType')} min={1} precision={0} value={draft.productType} disabled={disabled}
            onChange={(v) => update({ productType: typeof v === 'number' ? v : null })} style={{ width: '100%' }} />
        </>
      )}
      {draft.kind === 'url' && (
        <Input aria-label={t('url')} placeholder={t('urlPlaceholder')} value={draft.url} disabled={disabled} status={invalid ? 'error' : undefined}
          aria-invalid={invalid} aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => update({ url: e.target.value })} data-testid="link-url" />
      )}
      {error && <Typography.Text type="danger" id={errorId} role="alert">{t(error.error)}</Typography.Text>}
    </Space>
  );
}

/** The @rjsf field the widgets' metas name `link-item` (uiSchema `'ui:field': 'link-item'`). */
export function LinkItemField(props: FieldProps<LinkItem | undefined>) {
  const { fieldPathId, formData, onChange, disabled, readonly, schema, uiSchema, name } = props;
  const title = (uiSchema?.['ui:title'] as string | undefined) ?? schema.title ?? name;
  // The help in the admin's language (the meta's descriptions), as every other field shows it.
  const help = (uiSchema?.['ui:description'] as string | undefined) ?? schema.description;
  return (
    <div className="designer-link-field" style={{ marginBottom: 16 }}>
      <label htmlFor={fieldPathId.$id} style={{ display: 'block', marginBottom: 4 }}>{title}</label>
      <LinkPicker id={fieldPathId.$id} value={formData} disabled={disabled || readonly}
        onChange={(link) => onChange(link, fieldPathId.path)} />
      {help && <Typography.Text type="secondary" className="designer-field-help" style={{ display: 'block', marginTop: 4 }}>{help}</Typography.Text>}
    </div>
  );
}
