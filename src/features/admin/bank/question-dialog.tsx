// Create or edit one bank question (issue 18 part A): the kind and category above, the kind's
// @rjsf form below (question-schema.ts). The server checks the same rules again and its message
// shows when it refuses (the error catalogue).
import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { Modal, Select, Space, TreeSelect } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { useSaveQuestion, type BankCategory, type BankKind, type BankQuestion } from '../api/bank';
import { formWords, useBankTexts } from './bank-texts';
import { categoryTree } from './category-tree';
import { emptyForm, fromForm, KINDS, questionSchema, questionUiSchema, toForm, type QuestionForm } from './question-schema';

export interface QuestionDialogProps {
  open: boolean;
  /** The question to edit; null: a new one. */
  question: BankQuestion | null;
  categories: BankCategory[];
  defaultCategoryId: number | undefined;
  onClose: () => void;
}

export function QuestionDialog(props: QuestionDialogProps) {
  // A fresh form per question: the dialog's body mounts anew each time it opens.
  if (!props.open) return null;
  return <QuestionDialogBody {...props} />;
}

function QuestionDialogBody({ question, categories, defaultCategoryId, onClose }: QuestionDialogProps) {
  const t = useBankTexts();
  const words = useMemo(() => formWords(t), [t]);
  const save = useSaveQuestion();
  const [kind, setKind] = useState<BankKind>(question?.kind ?? 'single');
  const [categoryId, setCategoryId] = useState<number | undefined>(question?.categoryId ?? defaultCategoryId);
  const [data, setData] = useState<QuestionForm>(() => (question ? toForm(question) : emptyForm('single', words)));
  const formRef = useRef<{ submit: () => void } | null>(null);
  const optionCount = data.options?.length ?? 0;
  const schema = useMemo(() => questionSchema(kind, optionCount, words), [kind, optionCount, words]);
  const uiSchema = useMemo(() => questionUiSchema(kind, words), [kind, words]);

  const changeKind = (next: BankKind) => {
    setKind(next);
    // Keep what carries over (stem, explanation, difficulty); the rest starts as the new kind's.
    setData((old) => ({ ...emptyForm(next, words), stem: old.stem, ...(old.explanation ? { explanation: old.explanation } : {}), difficulty: old.difficulty }));
  };

  const submit = (event: IChangeEvent<QuestionForm>) => {
    if (categoryId === undefined) {
      showMessage('error', t('chooseCategory'));
      return;
    }
    save.mutate(fromForm(kind, categoryId, event.formData ?? data, words, question?.id), {
      onSuccess: () => {
        showMessage('success', t('saved'));
        onClose();
      },
    });
  };

  return (
    <Modal open title={question ? t('editQuestion') : t('newQuestion')} onCancel={onClose} width={760} okText={t('save')} cancelText={t('cancel')}
      confirmLoading={save.isPending} onOk={() => formRef.current?.submit()} destroyOnHidden>
      <Space wrap style={{ marginBottom: 12 }}>
        <label htmlFor="question-kind">{t('colKind')}</label>
        <Select id="question-kind" value={kind} onChange={changeKind} disabled={question !== null} style={{ width: 140 }} data-testid="question-kind"
          options={KINDS.map((k) => ({ value: k, label: t(`kind_${k}`) }))} />
        <label htmlFor="question-category">{t('category')}</label>
        <TreeSelect showSearch treeNodeFilterProp="label" id="question-category" value={categoryId} onChange={setCategoryId} treeData={categoryTree(categories, false)} treeDefaultExpandAll
          placeholder={t('chooseCategory')} style={{ minWidth: 240 }} data-testid="question-category" />
      </Space>
      <div data-testid="question-form">
        <Form
          ref={formRef as never}
          schema={schema}
          uiSchema={uiSchema}
          formData={data}
          validator={validator}
          onChange={(e: IChangeEvent<QuestionForm>) => setData(e.formData ?? data)}
          onSubmit={(e: IChangeEvent<QuestionForm>) => submit(e)}
          onError={() => showMessage('error', t('formInvalid'))}
          showErrorList={false}
          noHtml5Validate
        />
      </div>
    </Modal>
  );
}
