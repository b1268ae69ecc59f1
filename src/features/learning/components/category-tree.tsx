// The category filter of a list page: "all categories", then the cm category tree of the tab's
// purpose (GET /cm/api/cmCategory/categoryList). Choosing a node filters by it and everything
// under it (the server matches the category path); the chosen node's ancestors open.
import { Tree } from 'antd';
import { useEffect, useMemo, useState, type Key } from 'react';
import type { CategoryNode } from '../../../api/catalogue-lists';
import { useCategoryTree } from '../api/list-kinds';
import type { ChosenCategory } from '../hooks/use-list-state';
import { useLearningTexts } from './texts';

interface TreeItem {
  key: number;
  title: string;
  children: TreeItem[];
  node: CategoryNode;
}

const toTreeItems = (nodes: readonly CategoryNode[]): TreeItem[] =>
  nodes.map((node) => ({ key: node.id, title: node.name, node, children: toTreeItems(node.children) }));

/** The chain of nodes from a root down to the category with this id, or [] when it is not in the tree. */
export function categoryTrail(nodes: readonly CategoryNode[], id: number): CategoryNode[] {
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = categoryTrail(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** The ids a categoryPath names ("/3/17/" gives 3 and 17). */
const idsOfPath = (path: string | undefined): number[] =>
  (path ?? '').split('/').map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);

export interface CategoryTreeProps {
  /** The cm category purpose whose tree to show. */
  purpose: number;
  selectedId: number | undefined;
  selectedPath: string | undefined;
  onSelect: (category: ChosenCategory | null) => void;
  /** Tells the page the chosen category's name once the tree knows it (a jump may carry only its id). */
  onName?: (name: string | undefined) => void;
}

const ITEM_STYLE = {
  display: 'block', width: '100%', padding: '4px 8px', border: 0, borderRadius: 4, background: 'transparent',
  textAlign: 'left', cursor: 'pointer', fontSize: 14,
} as const;

/** The category sidebar; loading, failure (with retry) and an empty tree each show in place. */
export function CategoryTree({ purpose, selectedId, selectedPath, onSelect, onName }: CategoryTreeProps) {
  const { t } = useLearningTexts();
  const query = useCategoryTree(purpose);
  const items = useMemo(() => toTreeItems(query.data ?? []), [query.data]);
  const trail = useMemo(() => (selectedId === undefined ? [] : categoryTrail(query.data ?? [], selectedId)), [query.data, selectedId]);

  // The ancestors of the chosen category open, from the tree when it knows it, else from the path.
  const [expanded, setExpanded] = useState<Key[]>([]);
  useEffect(() => {
    const open = trail.length ? trail.slice(0, -1).map((n) => n.id) : idsOfPath(selectedPath).filter((id) => id !== selectedId);
    if (open.length) setExpanded((previous) => [...new Set([...previous, ...open])]);
  }, [trail, selectedPath, selectedId]);

  const name = trail.at(-1)?.name;
  useEffect(() => onName?.(name), [name, onName]);

  let body;
  if (query.isPending) body = <div role="status" aria-busy="true" style={{ padding: 8, color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>…</div>;
  else if (query.isError) {
    body = (
      <div role="alert" style={{ padding: 8, color: 'var(--portal-text-secondary, rgba(0,0,0,0.65))' }}>
        <p style={{ margin: '0 0 8px' }}>{t('categoriesFailed')}</p>
        <button type="button" onClick={() => void query.refetch()} style={{ ...ITEM_STYLE, width: 'auto', border: '1px solid #d9d9d9' }}>{t('retry')}</button>
      </div>
    );
  } else if (items.length === 0) body = <div style={{ padding: 8, color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('noCategories')}</div>;
  else {
    body = (
      <Tree<TreeItem>
        blockNode
        treeData={items}
        selectedKeys={selectedId === undefined ? [] : [selectedId]}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys)}
        onSelect={(_, info) => {
          const node = info.node.node;
          // Choosing the chosen node again lets it go: back to every category.
          onSelect(info.selected ? { id: node.id, name: node.name, path: node.path } : null);
        }}
      />
    );
  }

  return (
    <nav className="learning-categories" aria-label={t('categories')}>
      <h2 style={{ margin: '0 0 8px', fontSize: 16, fontWeight: 600 }}>{t('categories')}</h2>
      <button
        type="button" className="learning-categories-all" aria-pressed={selectedId === undefined}
        onClick={() => onSelect(null)}
        style={{ ...ITEM_STYLE, marginBottom: 4, ...(selectedId === undefined ? { background: 'var(--portal-primary-bg, #e6f4ff)', color: 'var(--portal-primary-text, #1677ff)' } : {}) }}
      >
        {t('allCategories')}
      </button>
      {body}
    </nav>
  );
}
