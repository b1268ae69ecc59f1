// The top-level navigation menus: rename, reorder, show or hide. The server refuses a list that
// is not the store's current one, so two admins cannot silently undo each other.
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { useSaveMenus, type AdminMenu } from '../api/admin';
import { MENU_TITLE_MAX, useAdminTexts } from './admin-texts';

type Draft = Pick<AdminMenu, 'id' | 'title' | 'state' | 'pageCode' | 'pagePath'>;

const same = (a: readonly Draft[], b: readonly Draft[]) =>
  a.length === b.length && a.every((row, i) => row.id === b[i]!.id && row.title === b[i]!.title && row.state === b[i]!.state);

export function MenusPanel({ value, onDirtyChange }: { value: AdminMenu[]; onDirtyChange: (dirty: boolean) => void }) {
  const t = useAdminTexts();
  const save = useSaveMenus();
  const [draft, setDraft] = useState<Draft[]>(value);
  const dirty = !same(draft, value);
  const update = (next: Draft[]) => {
    setDraft(next);
    onDirtyChange(!same(next, value));
  };
  const edit = (index: number, patch: Partial<Draft>) => update(draft.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...draft];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    update(next);
  };
  const titleError = (title: string) => (!title.trim() ? t('menuTitleRequired')
    : [...title.trim()].length > MENU_TITLE_MAX ? t('menuTitleTooLong', { n: MENU_TITLE_MAX }) : null);
  const invalid = draft.some((row) => titleError(row.title)) || !draft.some((row) => row.state === 1);

  const submit = () => save.mutate(draft.map(({ id, title, state }) => ({ id, title: title.trim(), state })), {
    onSuccess: (saved) => {
      setDraft(saved);
      onDirtyChange(false);
      showMessage('success', t('saved'));
    },
  });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 760 }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t('menusHelp')}</Typography.Paragraph>
      <Table<Draft>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={draft}
        data-testid="admin-menus"
        columns={[
          {
            title: t('menuOrder'), key: 'order', width: 100,
            render: (_, row, index) => (
              <Space size={4}>
                <Button size="small" icon={<ArrowUpOutlined />} aria-label={t('moveUp', { title: row.title })} disabled={index === 0} onClick={() => move(index, -1)} />
                <Button size="small" icon={<ArrowDownOutlined />} aria-label={t('moveDown', { title: row.title })} disabled={index === draft.length - 1} onClick={() => move(index, 1)} />
              </Space>
            ),
          },
          {
            title: t('menuTitle'), key: 'title',
            render: (_, row, index) => {
              const error = titleError(row.title);
              return (
                <>
                  <Input value={row.title} status={error ? 'error' : ''} aria-label={t('menuTitle')} data-testid={`admin-menu-title-${row.id}`}
                    onChange={(e) => edit(index, { title: e.target.value })} />
                  {error && <Typography.Text type="danger" style={{ fontSize: 12 }}>{error}</Typography.Text>}
                </>
              );
            },
          },
          { title: t('menuPage'), key: 'page', render: (_, row) => <Typography.Text type="secondary">{row.pagePath ?? row.pageCode ?? '—'}</Typography.Text> },
          {
            title: t('menuShown'), key: 'state', width: 80,
            render: (_, row, index) => <Switch checked={row.state === 1} aria-label={`${t('menuShown')} ${row.title}`} onChange={(on) => edit(index, { state: on ? 1 : 0 })} />,
          },
        ]}
      />
      {!draft.some((row) => row.state === 1) && <Alert type="warning" showIcon message={t('menuNoneShown')} />}
      <Space>
        <Button type="primary" disabled={invalid} loading={save.isPending} onClick={submit} data-testid="admin-save-menus">{t('save')}</Button>
        <Button disabled={!dirty} onClick={() => update(value)}>{t('reset')}</Button>
        {dirty && <Tag color="warning">{t('unsaved')}</Tag>}
      </Space>
    </Space>
  );
}
