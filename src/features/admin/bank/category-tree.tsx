// The question bank's category tree (issue 18 part A): pick a category to filter by; create, rename,
// move and delete (the server refuses a category that is not empty, and says why).
import { Button, Form, Input, Modal, Popconfirm, Space, Tree, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { useDeleteCategory, useSaveCategory, type BankCategory } from '../api/bank';
import { useBankTexts } from './bank-texts';

export interface TreeNode { key: number; value: number; title: string; label: string; children: TreeNode[] }

/** The flat category list as a tree (antd Tree and TreeSelect both read it). */
export function categoryTree(categories: BankCategory[], counts = true): TreeNode[] {
  const byParent = new Map<number | null, BankCategory[]>();
  for (const c of categories) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c]);
  const build = (parent: number | null): TreeNode[] => (byParent.get(parent) ?? []).map((c) => {
    const label = counts && c.questionCount ? `${c.name} (${c.questionCount})` : c.name;
    return { key: c.id, value: c.id, title: label, label, children: build(c.id) };
  });
  return build(null);
}

export function CategoryTree({ categories, selected, onSelect }: { categories: BankCategory[]; selected: number | undefined; onSelect: (id: number | undefined) => void }) {
  const t = useBankTexts();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<{ id?: number; name: string; parentId: number | null } | null>(null);
  const tree = useMemo(() => categoryTree(categories), [categories]);
  const current = categories.find((c) => c.id === selected);

  const submit = () => {
    if (!editing) return;
    save.mutate({ ...(editing.id ? { id: editing.id } : {}), name: editing.name, parentId: editing.parentId }, {
      onSuccess: (saved) => {
        showMessage('success', t('saved'));
        setEditing(null);
        onSelect(saved.id);
      },
    });
  };

  return (
    <div data-testid="bank-categories">
      <Space wrap style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setEditing({ name: '', parentId: null })}>{t('addCategory')}</Button>
        {current && <Button size="small" onClick={() => setEditing({ name: '', parentId: current.id })}>{t('addSubCategory')}</Button>}
        {current && <Button size="small" onClick={() => setEditing({ id: current.id, name: current.name, parentId: current.parentId })}>{t('renameCategory')}</Button>}
        {current && (
          <Popconfirm title={t('deleteCategoryConfirm', { name: current.name })} onConfirm={() => remove.mutate(current.id, { onSuccess: () => { showMessage('success', t('deleted')); onSelect(undefined); } })}>
            <Button size="small" danger>{t('deleteCategory')}</Button>
          </Popconfirm>
        )}
      </Space>
      <Button type={selected === undefined ? 'link' : 'text'} size="small" onClick={() => onSelect(undefined)} aria-pressed={selected === undefined}>{t('allCategories')}</Button>
      {tree.length === 0 ? <Typography.Paragraph type="secondary">{t('noCategories')}</Typography.Paragraph> : (
        <Tree treeData={tree} defaultExpandAll selectedKeys={selected === undefined ? [] : [selected]}
          onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)} blockNode aria-label={t('categories')} />
      )}
      <Modal open={editing !== null} title={editing?.id ? t('renameCategory') : t('addCategory')} onCancel={() => setEditing(null)} onOk={submit}
        okText={t('save')} cancelText={t('cancel')} confirmLoading={save.isPending} destroyOnHidden>
        <Form layout="vertical">
          <Form.Item label={t('categoryName')} htmlFor="bank-category-name">
            <Input id="bank-category-name" value={editing?.name ?? ''} maxLength={60} autoFocus onChange={(e) => setEditing((old) => (old ? { ...old, name: e.target.value } : old))} onPressEnter={submit} />
          </Form.Item>
          <Form.Item label={t('parentCategory')} htmlFor="bank-category-parent">
            <TreeSelect showSearch treeNodeFilterProp="label" id="bank-category-parent" allowClear placeholder={t('topLevel')} treeDefaultExpandAll value={editing?.parentId ?? undefined}
              treeData={categoryTree(categories.filter((c) => c.id !== editing?.id), false)}
              onChange={(v) => setEditing((old) => (old ? { ...old, parentId: v ?? null } : old))} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
