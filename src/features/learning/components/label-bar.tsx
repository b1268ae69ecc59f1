// The label filter above a course, subject or content list (GET /cfg/api/label/listLabel; the
// list's `label` query): the kind's most used labels as chips, one chosen at a time, or any. A
// label the address names stays shown even when it is not among the most used. Nothing shows for a
// kind without labels, or when the labels cannot be read (the list still works without them).
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { listLabels } from '../../../api/catalogue';
import { useAppStore } from '../../../stores/app-store';
import { useLearningTexts } from './texts';

export interface LabelBarProps {
  type: 'course' | 'subject' | 'content';
  /** Contents only: the tab's purposes. */
  purposes: readonly number[];
  selected: string;
  onSelect: (label: string) => void;
}

export function LabelBar({ type, purposes, selected, onSelect }: LabelBarProps) {
  const { t } = useLearningTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const labels = useQuery({
    queryKey: ['learning', tenantId, 'labels', type, purposes],
    queryFn: ({ signal }) => listLabels(type, purposes, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
  const names = (labels.data ?? []).map((l) => l.name);
  if (selected && !names.includes(selected)) names.unshift(selected);
  if (names.length === 0) return null;
  return (
    <div className="learning-labels" role="group" aria-label={t('labels')} data-testid="label-bar" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 16 }}>
      <span style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))', marginInlineEnd: 4 }}>{t('labels')}</span>
      <Tag.CheckableTag checked={selected === ''} onChange={() => onSelect('')}>{t('anyLabel')}</Tag.CheckableTag>
      {names.map((name) => (
        <Tag.CheckableTag key={name} checked={selected === name} onChange={(on) => onSelect(on ? name : '')}>{name}</Tag.CheckableTag>
      ))}
    </div>
  );
}
