// Import questions from a spreadsheet (issue 18 part A): the layout, the template, the upload and
// the server's per-row report (row, column, reason) as a table; nothing is imported while any row
// is wrong (docs/exams.md "Import layout").
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { useAppStore } from '../../../stores/app-store';
import { templateUrl, useImportQuestions, type ImportResult } from '../api/bank';
import { useBankTexts } from './bank-texts';

/** A file's bytes as base64 (the import call's body). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The report of one import: the problems as a table, or what was written. */
export function ImportReport({ result }: { result: ImportResult }) {
  const t = useBankTexts();
  if (result.errors.length === 0) {
    return (
      <Alert type="success" showIcon data-testid="import-done" title={t('importDone', { n: result.imported })}
        description={result.createdCategories.length ? t('importCreated', { names: result.createdCategories.join('、') }) : undefined} />
    );
  }
  return (
    <div data-testid="import-report">
      <Alert type="error" showIcon title={t('importErrors', { n: result.errors.length })} style={{ marginBottom: 8 }} />
      <Table size="small" pagination={false} rowKey={(e) => `${e.row}-${e.column}-${e.reason}`} dataSource={result.errors} scroll={{ y: 320 }}
        columns={[
          { title: t('colRow'), dataIndex: 'row', width: 64 },
          { title: t('colColumn'), dataIndex: 'column', width: 120 },
          { title: t('colReason'), dataIndex: 'reason' },
        ]} />
    </div>
  );
}

export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useBankTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const run = useImportQuestions();
  const [result, setResult] = useState<ImportResult | null>(null);

  const upload = async (file: File) => {
    setResult(null);
    const data = await fileToBase64(file);
    run.mutate({ fileName: file.name, data }, {
      onSuccess: (res) => {
        setResult(res);
        if (res.errors.length === 0) showMessage('success', t('importDone', { n: res.imported }));
      },
    });
  };

  return (
    <Modal open={open} title={t('importTitle')} onCancel={() => { setResult(null); onClose(); }} width={760} destroyOnHidden
      footer={<Button onClick={() => { setResult(null); onClose(); }}>{t('close')}</Button>}>
      <Typography.Paragraph>{t('importHelp')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <a href={templateUrl(tenantId)} download="question-bank-template.xlsx" data-testid="import-template">{t('downloadTemplate')}</a>
        <Upload accept=".xlsx" showUploadList={false} maxCount={1} beforeUpload={(file) => { void upload(file); return false; }}>
          <Button type="primary" loading={run.isPending} data-testid="import-choose">{run.isPending ? t('importing') : t('chooseFile')}</Button>
        </Upload>
      </Space>
      {result && <ImportReport result={result} />}
    </Modal>
  );
}
