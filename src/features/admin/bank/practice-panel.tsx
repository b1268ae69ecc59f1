// Practice sets (issue 18 part A; learners find them at /paper/latest): create one from the
// questions ticked in the bank or N at random of a category; hide or show; list.
import { Button, Form, Input, InputNumber, Radio, Space, Table, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { usePracticeSets, usePracticeSetState, useSavePracticeSet, type BankCategory, type PracticeSet } from '../api/bank';
import { ReadState } from './bank-frame';
import { useBankTexts } from './bank-texts';
import { categoryTree } from './category-tree';

export function PracticePanel({ categories, chosen }: { categories: BankCategory[]; chosen: number[] }) {
  const t = useBankTexts();
  const sets = usePracticeSets();
  const create = useSavePracticeSet();
  const setState = usePracticeSetState();
  const [title, setTitle] = useState('');
  const [from, setFrom] = useState<'chosen' | 'random'>(chosen.length ? 'chosen' : 'random');
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [count, setCount] = useState<number | null>(10);

  const submit = () => create.mutate({
    title, categoryId: categoryId ?? null, ...(from === 'chosen' ? { questionIds: chosen } : { randomCount: count ?? 0 }),
  }, { onSuccess: () => { showMessage('success', t('practiceCreated')); setTitle(''); } });

  return (
    <div data-testid="bank-practice">
      <Form layout="vertical" style={{ maxWidth: 560 }} onFinish={submit}>
        <Form.Item label={t('practiceName')} htmlFor="practice-title" required>
          <Input id="practice-title" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('practiceFrom')}>
          <Radio.Group value={from} onChange={(e) => setFrom(e.target.value as 'chosen' | 'random')}>
            <Radio value="chosen">{t('practiceChosen', { n: chosen.length })}</Radio>
            <Radio value="random">{t('practiceRandom')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Space wrap>
          <Form.Item label={t('category')} htmlFor="practice-category">
            <TreeSelect showSearch treeNodeFilterProp="label" id="practice-category" allowClear value={categoryId} onChange={setCategoryId} treeData={categoryTree(categories, false)} treeDefaultExpandAll style={{ width: 240 }} placeholder={t('chooseCategory')} />
          </Form.Item>
          {from === 'random' && (
            <Form.Item label={t('practiceCount')} htmlFor="practice-count">
              <InputNumber id="practice-count" min={1} max={200} value={count} onChange={setCount} />
            </Form.Item>
          )}
        </Space>
        <Button type="primary" htmlType="submit" loading={create.isPending}>{t('practiceCreate')}</Button>
      </Form>
      <div style={{ marginTop: 24 }}>
        {sets.data === undefined ? <ReadState query={sets} /> : (
          <Table<PracticeSet> size="small" rowKey="id" dataSource={sets.data} pagination={{ pageSize: 10, hideOnSinglePage: true }} locale={{ emptyText: t('noPractice') }}
            columns={[
              { title: t('practiceName'), dataIndex: 'title' },
              { title: t('colCategory'), dataIndex: 'categoryName', render: (v: string | null) => v ?? '—' },
              { title: t('colQuestions'), dataIndex: 'questionCount', width: 72 },
              { title: t('colState'), dataIndex: 'state', width: 90, render: (s: string) => <Tag color={s === 'published' ? 'green' : 'default'}>{s === 'published' ? t('practicePublished') : t('practiceHidden')}</Tag> },
              { title: t('colCreated'), dataIndex: 'createdAt', width: 120, render: (v: string) => new Date(v).toLocaleDateString() },
              { title: t('colActions'), key: 'a', width: 90, render: (_: unknown, s: PracticeSet) => (
                <Button size="small" onClick={() => setState.mutate({ id: s.id, state: s.state === 'published' ? 'hidden' : 'published' })}>
                  {s.state === 'published' ? t('practiceHide') : t('practiceShow')}
                </Button>
              ) },
            ]} />
        )}
      </div>
    </div>
  );
}
