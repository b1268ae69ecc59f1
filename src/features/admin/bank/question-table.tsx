// The bank's question list with filters (kind, difficulty, stem text, state), paged, with ticks:
// the bank page edits from it, the exam builder picks its paper from it (issue 18 part A).
import { Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useQuestions, type BankKind, type BankQuestion } from '../api/bank';
import { ReadState } from './bank-frame';
import { useBankTexts } from './bank-texts';
import { KINDS } from './question-schema';

export interface QuestionTableProps {
  categoryId: number | undefined;
  selected: number[];
  onSelect: (ids: number[], rows: BankQuestion[]) => void;
  /** The actions cell of a row (edit, delete…). */
  actions?: (q: BankQuestion, state: 'active' | 'archived') => ReactNode;
  /** Offer archived questions too (the bank page). */
  showState?: boolean;
  pageSize?: number;
}

export function QuestionTable({ categoryId, selected, onSelect, actions, showState, pageSize = 10 }: QuestionTableProps) {
  const t = useBankTexts();
  const [kind, setKind] = useState<BankKind | undefined>();
  const [difficulty, setDifficulty] = useState<number | undefined>();
  const [text, setText] = useState('');
  const [state, setState] = useState<'active' | 'archived'>('active');
  const [pageNo, setPageNo] = useState(1);
  const query = useQuestions({ categoryId, kind, difficulty, text: text.trim() || undefined, state, pageNo, pageSize });
  const reset = <T,>(set: (v: T) => void) => (v: T) => { set(v); setPageNo(1); };

  return (
    <div data-testid="bank-questions">
      <Space wrap style={{ marginBottom: 8 }}>
        <Select aria-label={t('filterKind')} allowClear placeholder={t('anyKind')} value={kind} onChange={reset(setKind)} style={{ width: 130 }}
          options={KINDS.map((k) => ({ value: k, label: t(`kind_${k}`) }))} />
        <Select aria-label={t('filterDifficulty')} allowClear placeholder={t('anyDifficulty')} value={difficulty} onChange={reset(setDifficulty)} style={{ width: 120 }}
          options={[1, 2, 3, 4, 5].map((d) => ({ value: d, label: `${t('colDifficulty')} ${d}` }))} />
        <Input.Search aria-label={t('filterText')} placeholder={t('filterText')} allowClear onSearch={reset(setText)} style={{ width: 220 }} />
        {showState && (
          <Select aria-label={t('filterState')} value={state} onChange={reset(setState)} style={{ width: 110 }}
            options={[{ value: 'active', label: t('stateActive') }, { value: 'archived', label: t('stateArchived') }]} />
        )}
        {selected.length > 0 && <Tag color="blue">{t('selectedQuestions', { n: selected.length })}</Tag>}
      </Space>
      {query.data === undefined ? <ReadState query={query} /> : (
        <Table<BankQuestion>
          size="small"
          rowKey="id"
          // A composite's sub-questions are its own (BankQuestion.children), not rows of a tree table.
          expandable={{ childrenColumnName: 'treeRows' }}
          dataSource={query.data.list}
          loading={query.isFetching}
          locale={{ emptyText: t('noQuestions') }}
          rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys, rows) => onSelect(keys.map(Number), rows) }}
          pagination={{ current: pageNo, pageSize, total: query.data.total, onChange: setPageNo, showSizeChanger: false, showTotal: (total) => t('paging', { total }) }}
          columns={[
            { title: t('colStem'), dataIndex: 'stem', render: (stem: string, q) => (
              <span>
                <Typography.Text>{stem.length > 80 ? `${stem.slice(0, 80)}…` : stem}</Typography.Text>
                {q.children.length > 0 && <Typography.Text type="secondary">{` (+${q.children.length})`}</Typography.Text>}
              </span>
            ) },
            { title: t('colKind'), dataIndex: 'kind', width: 96, render: (k: BankKind) => t(`kind_${k}`) },
            { title: t('colDifficulty'), dataIndex: 'difficulty', width: 64 },
            { title: t('colScore'), dataIndex: 'score', width: 64 },
            { title: t('colCategory'), dataIndex: 'categoryName', width: 120 },
            ...(actions ? [{ title: t('colActions'), key: 'actions', width: 140, render: (_: unknown, q: BankQuestion) => actions(q, state) }] : []),
          ]}
        />
      )}
    </div>
  );
}
