// The card of a work in its editor (issue 20 part V, myWorks/create): title, pen name (only for
// the first work: it creates the author page), kind (e-book or serial), category (a reading
// category), introduction, cover upload, and for an existing work its serial state. A new work is
// created with these and its first chapter; an existing one saves them on "Save details".
import { Alert, Button, Form, Input, Radio, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getCategoryTree, LIST_CATEGORY_PURPOSE, type CategoryNode } from '../../../api/catalogue-lists';
import {
  PEN_NAME_MAX, WORK_INTRO_MAX, WORK_TITLE_MAX, type MyWork, type SerialState,
} from '../../../api/creators';
import { Uploader } from '../../../components/uploader';
import { useAppStore } from '../../../stores/app-store';
import type { WorksTexts } from './works-texts';

/** What the form hands to its save. */
export interface WorkBasics {
  title: string;
  penName: string;
  purpose: 5 | 7;
  categoryId: number | null;
  intro: string;
  cover: string | null;
  serialState: SerialState;
}

/** The reading categories as options, children under their parent's name. */
function flatten(nodes: readonly CategoryNode[], prefix = ''): { value: number; label: string }[] {
  return nodes.flatMap((n) => [{ value: n.id, label: `${prefix}${n.name}` }, ...flatten(n.children, `${prefix}${n.name} / `)]);
}

export function WorksBasicsForm({ t, work, needPenName, disabled, saving, onSave }: {
  t: WorksTexts;
  /** null: a new work. */
  work: MyWork | null;
  /** The learner has no pen name yet (their first work). */
  needPenName: boolean;
  disabled: boolean;
  saving: boolean;
  onSave(basics: WorkBasics): void;
}) {
  const tenantId = useAppStore((s) => s.tenantId);
  const categories = useQuery({
    queryKey: ['category-tree', tenantId, LIST_CATEGORY_PURPOSE.reading] as const,
    queryFn: ({ signal }) => getCategoryTree(LIST_CATEGORY_PURPOSE.reading, signal), staleTime: 5 * 60_000, retry: false,
  });
  const [basics, setBasics] = useState<WorkBasics>({
    title: work?.title ?? '', penName: '', purpose: work?.purpose === 5 ? 5 : 7, categoryId: work?.categoryId ?? null,
    intro: work?.intro ?? '', cover: work?.cover ?? null, serialState: work?.serialState ?? 'serialising',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof WorkBasics>(key: K, value: WorkBasics[K]) => setBasics((b) => ({ ...b, [key]: value }));

  const submit = () => {
    if (!basics.title.trim()) return setProblem(t('needTitle'));
    if (needPenName && !basics.penName.trim()) return setProblem(t('needPenName'));
    setProblem(null);
    onSave({ ...basics, title: basics.title.trim(), penName: basics.penName.trim(), intro: basics.intro.trim() });
  };

  return (
    <Form layout="vertical" component="div" disabled={disabled} data-testid="works-basics">
      <Form.Item label={t('titleLabel')} htmlFor="work-title" required>
        <Input id="work-title" value={basics.title} maxLength={WORK_TITLE_MAX} showCount placeholder={t('titlePlaceholder')} onChange={(e) => set('title', e.target.value)} data-testid="work-title" />
      </Form.Item>
      {needPenName ? (
        <Form.Item label={t('penName')} htmlFor="work-pen-name" required extra={<span id="work-pen-name-hint">{t('penNameHint')}</span>}>
          <Input
            id="work-pen-name" value={basics.penName} maxLength={PEN_NAME_MAX} placeholder={t('penNamePlaceholder')} aria-describedby="work-pen-name-hint"
            onChange={(e) => set('penName', e.target.value)} data-testid="work-pen-name"
          />
        </Form.Item>
      ) : null}
      <Form.Item label={<span id="work-kind-label">{t('kind')}</span>}>
        <Radio.Group aria-labelledby="work-kind-label" value={basics.purpose} onChange={(e) => set('purpose', e.target.value as 5 | 7)}>
          <Radio value={7}>{t('serial')}</Radio>
          <Radio value={5}>{t('ebook')}</Radio>
        </Radio.Group>
      </Form.Item>
      {work ? (
        <Form.Item label={<span id="work-serial-label">{t('serialState')}</span>}>
          <Radio.Group aria-labelledby="work-serial-label" value={basics.serialState} onChange={(e) => set('serialState', e.target.value as SerialState)}>
            <Radio value="serialising">{t('serialising')}</Radio>
            <Radio value="finished">{t('finished')}</Radio>
          </Radio.Group>
        </Form.Item>
      ) : null}
      <Form.Item label={t('category')} htmlFor="work-category">
        <Select
          id="work-category" aria-label={t('category')} value={basics.categoryId ?? 0} loading={categories.isPending} style={{ maxWidth: 360 }}
          options={[{ value: 0, label: t('noCategory') }, ...flatten(categories.data ?? [])]} onChange={(v: number) => set('categoryId', v === 0 ? null : v)}
        />
      </Form.Item>
      <Form.Item label={t('intro')} htmlFor="work-intro">
        <Input.TextArea
          id="work-intro" value={basics.intro} maxLength={WORK_INTRO_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder={t('introPlaceholder')} onChange={(e) => set('intro', e.target.value)} data-testid="work-intro"
        />
      </Form.Item>
      <Form.Item label={<span id="work-cover-label">{t('cover')}</span>} extra={t('coverHint')}>
        <div role="group" aria-labelledby="work-cover-label">
          <Uploader kind="image" limit={1} disabled={disabled} value={basics.cover ? [basics.cover] : []} onChange={(urls) => set('cover', urls[0] ?? null)} />
        </div>
      </Form.Item>
      {problem ? <Alert type="warning" showIcon title={problem} role="alert" style={{ marginBottom: 12 }} /> : null}
      <Space>
        <Button type="primary" onClick={submit} loading={saving} data-testid="work-save-basics">{work ? t('saveBasics') : t('createWork')}</Button>
      </Space>
    </Form>
  );
}
