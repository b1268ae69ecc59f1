// A certificate rule's form (issue 19 part J): what earns it (a course, task or exam picked from the
// tenant's rows; fixed once it issued), title, issuer, text with {name} and {source}, validity in
// months or none, on/off; and a preview of the PDF for a sample holder.
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { pickSources, previewRule, useSaveRule, type AdminCredentialRule, type CredentialRuleFields, type PickRow } from '../api/task-admin';
import { PickSelect } from './pick-select';
import { useTaskAdminTexts } from './task-admin-texts';

type SourceKind = CredentialRuleFields['sourceKind'];

export function RuleDialog({ rule, onClose }: { rule: AdminCredentialRule | null; onClose: () => void }) {
  const t = useTaskAdminTexts();
  const save = useSaveRule();
  const [kind, setKind] = useState<SourceKind>(rule?.sourceKind ?? 'course');
  const [source, setSource] = useState<PickRow | null>(rule ? { id: rule.sourceId, title: rule.sourceTitle || `#${rule.sourceId}` } : null);
  const [title, setTitle] = useState(rule?.title ?? '');
  const [issuer, setIssuer] = useState(rule?.issuer ?? '');
  const [body, setBody] = useState(rule?.body ?? '');
  const [validMonths, setValidMonths] = useState<number | null>(rule ? rule.validMonths : null);
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const [problem, setProblem] = useState<string | null>(null);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const locked = (rule?.issuedCount ?? 0) > 0;
  const load = useCallback((text: string) => pickSources(kind, text), [kind]);
  useEffect(() => () => { if (pdfUrl) URL.revokeObjectURL(pdfUrl); }, [pdfUrl]);

  const fields = (): CredentialRuleFields | null => {
    if (!source) { setProblem(t('needSource')); return null; }
    if (!title.trim()) { setProblem(t('needRuleTitle')); return null; }
    if (!issuer.trim()) { setProblem(t('needIssuer')); return null; }
    setProblem(null);
    return { sourceKind: kind, sourceId: source.id, title: title.trim(), issuer: issuer.trim(), body: body.trim(), validMonths, enabled };
  };
  const submit = () => {
    const f = fields();
    if (f) save.mutate({ ...(rule ? { id: rule.id } : {}), rule: f }, { onSuccess: () => { showMessage('success', t('saved')); onClose(); } });
  };
  const preview = () => {
    const f = fields();
    if (!f) return;
    setPreviewing(true);
    previewRule(f).then((file) => {
      const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
      setPdfUrl(URL.createObjectURL(new Blob([bytes], { type: file.contentType })));
    }, () => undefined).finally(() => setPreviewing(false));
  };

  return (
    <Modal open width={620} title={rule ? t('editRule', { title: rule.title }) : t('newRule')} onCancel={onClose} destroyOnHidden
      footer={(
        <Space>
          <Button onClick={preview} loading={previewing} data-testid="rule-preview">{t('preview')}</Button>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" onClick={submit} loading={save.isPending} data-testid="rule-save">{t('save')}</Button>
        </Space>
      )}>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <Form layout="vertical" onFinish={submit} style={{ flex: '1 1 100%', minWidth: 0 }}>
          <Form.Item label={t('ruleSource')} extra={locked ? t('sourceLocked') : undefined} required>
            <Space wrap>
              <Select<SourceKind> aria-label={t('ruleSourceKind')} value={kind} disabled={locked} style={{ width: 130 }}
                onChange={(k) => { setKind(k); setSource(null); }}
                options={(['course', 'task', 'exam'] as const).map((k) => ({ value: k, label: t(`src_${k}`) }))} />
              {locked ? <Input aria-label={t('ruleSource')} value={source?.title ?? ''} disabled style={{ width: 240 }} /> : (
                <PickSelect key={kind} id="rule-source" label={t('ruleSourcePick', { kind: t(`kind_${kind}`) })} load={load} value={source} onChange={setSource} width={240} />
              )}
            </Space>
          </Form.Item>
          <Form.Item label={t('ruleTitle')} htmlFor="rule-title" required>
            <Input id="rule-title" value={title} maxLength={60} showCount onChange={(e) => setTitle(e.target.value)} />
          </Form.Item>
          <Form.Item label={t('issuer')} htmlFor="rule-issuer" required>
            <Input id="rule-issuer" value={issuer} maxLength={60} onChange={(e) => setIssuer(e.target.value)} />
          </Form.Item>
          <Form.Item label={t('ruleBody')} htmlFor="rule-body" extra={t('ruleBodyHelp')}>
            <Input.TextArea id="rule-body" rows={3} value={body} maxLength={500} onChange={(e) => setBody(e.target.value)} />
          </Form.Item>
          <Form.Item label={t('validity')} htmlFor="rule-validity" extra={t('validityHelp')}>
            <InputNumber id="rule-validity" min={1} max={600} value={validMonths} onChange={(n) => setValidMonths(n ?? null)} />
          </Form.Item>
          <Checkbox checked={enabled} onChange={(e) => setEnabled(e.target.checked)}>{t('enabled')}</Checkbox>
          {(problem || save.isError) && <Alert type="error" showIcon message={problem ?? save.error?.message} style={{ marginTop: 12 }} />}
        </Form>
        {pdfUrl && (
          // A blob: PDF opens in its own tab (the portal's CSP keeps frames to 'self', so no inline frame).
          <Alert type="success" showIcon style={{ flex: '1 1 100%' }} data-testid="rule-preview-ready" message={t('previewReady')}
            action={(
              <Space>
                <a href={pdfUrl} target="_blank" rel="noopener noreferrer" data-testid="rule-preview-open">{t('previewOpen')}</a>
                <a href={pdfUrl} download="certificate-preview.pdf">{t('download')}</a>
              </Space>
            )} />
        )}
      </div>
    </Modal>
  );
}
