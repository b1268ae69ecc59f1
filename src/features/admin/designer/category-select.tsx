// The category picker of the designer's property panel: the tenant's category tree of a purpose
// (GET /cm/api/cmCategory/categoryList), for the `category-picker` widget the metas name and for
// the link picker's category jump.
import type { WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect, Typography } from 'antd';
import { getCategoryTree, type CategoryNode } from '../../../api/catalogue-lists';
import { useAppStore } from '../../../stores/app-store';
import { usePanelTexts } from './panel-texts';

interface TreeOption { value: number; title: string; children: TreeOption[] }

const toOptions = (nodes: readonly CategoryNode[]): TreeOption[] => nodes.map((n) => ({ value: n.id, title: n.name, children: toOptions(n.children) }));

function findName(nodes: readonly CategoryNode[], id: number): string | undefined {
  for (const node of nodes) {
    if (node.id === id) return node.name;
    const below = findName(node.children, id);
    if (below !== undefined) return below;
  }
  return undefined;
}

export interface CategorySelectProps {
  purpose: number;
  value: number | undefined;
  onChange: (id: number | undefined, name: string | undefined) => void;
  id?: string;
  disabled?: boolean;
}

/** A tree select of the categories of one purpose; clearing it means every category. */
export function CategorySelect({ purpose, value, onChange, id, disabled }: CategorySelectProps) {
  const t = usePanelTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const query = useQuery({
    queryKey: ['designer-categories', tenantId, purpose],
    queryFn: ({ signal }) => getCategoryTree(purpose, signal),
    staleTime: 60_000,
    retry: false,
  });
  return (
    <>
      <TreeSelect<number>
        id={id}
        aria-label={t('category')}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        placeholder={t('categoryAll')}
        value={value}
        disabled={disabled}
        loading={query.isPending}
        treeData={query.data ? toOptions(query.data) : []}
        onChange={(next) => onChange(typeof next === 'number' ? next : undefined, typeof next === 'number' && query.data ? findName(query.data, next) : undefined)}
        style={{ width: '100%' }}
        data-testid="category-select"
      />
      {query.isError && <Typography.Text type="danger">{t('categoryFailed')}</Typography.Text>}
    </>
  );
}

/** The @rjsf widget the metas name `category-picker` (`'ui:options': { purpose }`, courses by default). */
export function CategoryPickerWidget({ id, value, onChange, disabled, readonly, options }: WidgetProps) {
  const purpose = typeof options.purpose === 'number' ? options.purpose : 1;
  return <CategorySelect id={id} purpose={purpose} value={typeof value === 'number' ? value : undefined} disabled={disabled || readonly} onChange={(next) => onChange(next)} />;
}
