// /sub_admin/questions: the back-office's question bank (issue 18 "Teachers", last bullet): the
// category tree, questions filtered and paged, @rjsf forms by kind, the spreadsheet import, and
// practice sets made from the bank. The server decides who may (tenantType 1 and adminAuth).
import { Button, Col, Popconfirm, Row, Space, Tabs } from 'antd';
import { useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { useArchiveQuestion, useCategories, type BankQuestion } from '../api/bank';
import { BankFrame, ReadState } from './bank-frame';
import { useBankTexts } from './bank-texts';
import { CategoryTree } from './category-tree';
import { ImportDialog } from './import-dialog';
import { PracticePanel } from './practice-panel';
import { QuestionDialog } from './question-dialog';
import { QuestionTable } from './question-table';

export default function QuestionsPage() {
  const t = useBankTexts();
  const categories = useCategories();
  const archive = useArchiveQuestion();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [editing, setEditing] = useState<BankQuestion | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);

  if (categories.data === undefined) return <BankFrame title={t('bankTitle')}><ReadState query={categories} /></BankFrame>;
  const remove = (q: BankQuestion, restore: boolean) => archive.mutate({ id: q.id, restore }, {
    onSuccess: (r) => showMessage('success', t(r.outcome)),
  });

  return (
    <BankFrame title={t('bankTitle')} extra={(
      <Space>
        <Button onClick={() => setImporting(true)} data-testid="bank-import">{t('importQuestions')}</Button>
        <Button type="primary" onClick={() => setEditing(null)} data-testid="bank-add">{t('addQuestion')}</Button>
      </Space>
    )}>
      <Tabs items={[
        { key: 'questions', label: t('tabQuestions'), children: (
          <Row gutter={24}>
            <Col xs={24} md={7}><CategoryTree categories={categories.data} selected={categoryId} onSelect={setCategoryId} /></Col>
            <Col xs={24} md={17}>
              <QuestionTable categoryId={categoryId} selected={chosen} onSelect={(ids) => setChosen(ids)} showState
                actions={(q, state) => (
                  <Space size="small">
                    {state === 'active' && <Button size="small" onClick={() => setEditing(q)}>{t('edit')}</Button>}
                    {state === 'active' ? (
                      <Popconfirm title={t('archiveConfirm')} onConfirm={() => remove(q, false)}><Button size="small">{t('archive')}</Button></Popconfirm>
                    ) : <Button size="small" onClick={() => remove(q, true)}>{t('restore')}</Button>}
                  </Space>
                )} />
            </Col>
          </Row>
        ) },
        { key: 'practice', label: t('tabPractice'), children: <PracticePanel categories={categories.data} chosen={chosen} /> },
      ]} />
      <QuestionDialog open={editing !== undefined} question={editing ?? null} categories={categories.data} defaultCategoryId={categoryId} onClose={() => setEditing(undefined)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </BankFrame>
  );
}
