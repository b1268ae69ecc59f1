// A contract as the learner reads, confirms and downloads it (issue 20 part R): the filled-in text
// (plain text, paragraphs at blank lines: never HTML), the confirmation (typed name and a ticked
// box, both required; the server checks them again) and the PDF. Shared by the order detail page
// and the personal center's shopContract.
import { Alert, Button, Checkbox, Descriptions, Input, Modal, Skeleton, Tag } from 'antd';
import { useId, useState } from 'react';
import { showMessage } from '../feedback/feedback';
import { confirmContract, getContractPdf, saveContractFile, useContract, useShopChange, type ContractView } from '../../api/reservations';
import { formatTime } from './shop-parts';
import { useReserveFailure, useReserveTexts } from './reserve-texts';

/** The contract's text: the seller's plain text, split at blank lines. */
export function ContractText({ body }: { body: string }) {
  return (
    <div data-testid="contract-text" style={{ lineHeight: 1.8, maxHeight: 360, overflowY: 'auto', padding: '12px 16px', border: '1px solid var(--portal-border, #e5e7eb)', borderRadius: 6 }} tabIndex={0}>
      {body.split(/\n\s*\n/).map((para, i) => <p key={i} style={{ margin: '0 0 10px', whiteSpace: 'pre-wrap' }}>{para.trim()}</p>)}
    </div>
  );
}

/** The contract's state as a tag. */
export function ContractStateTag({ contract }: { contract: Pick<ContractView, 'state' | 'orderState'> }) {
  const t = useReserveTexts();
  if (contract.state === 'confirmed') return <Tag color="green" data-testid="contract-state">{t('contractDone')}</Tag>;
  if (contract.orderState !== 1) return <Tag data-testid="contract-state">{t('orderCancelled')}</Tag>;
  return <Tag color="orange" data-testid="contract-state">{t('contractPending')}</Tag>;
}

/** Downloads the contract as a PDF. */
export function ContractPdfButton({ id, size }: { id: number; size?: 'small' | 'middle' }) {
  const t = useReserveTexts();
  const failure = useReserveFailure();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveContractFile(await getContractPdf(id));
    } catch (error) {
      showMessage('error', failure(error));
    } finally {
      setBusy(false);
    }
  };
  return <Button size={size} loading={busy} onClick={() => void download()} data-testid="contract-pdf">{t('downloadPdf')}</Button>;
}

/** The confirmation form: a typed name and the ticked box, then 确认合同. */
export function ContractConfirmForm({ contract, onConfirmed }: { contract: ContractView; onConfirmed?: (c: ContractView) => void }) {
  const t = useReserveTexts();
  const failure = useReserveFailure();
  const nameId = useId();
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useShopChange(confirmContract);
  const submit = () => {
    const trimmed = name.trim();
    if (trimmed.length < 2 || trimmed.length > 30) return setProblem(t('needName'));
    if (!agreed) return setProblem(t('needAgree'));
    setProblem(null);
    confirm.mutate({ id: contract.id, signerName: trimmed, agreed }, {
      onSuccess: (c) => {
        showMessage('success', t('contractConfirmed'));
        onConfirmed?.(c);
      },
      onError: (error) => setProblem(failure(error)),
    });
  };
  if (contract.orderState !== 1) return <Alert type="info" showIcon title={t('contractOrderClosed')} />;
  return (
    <div data-testid="contract-confirm-form" style={{ display: 'flex', flexDirection: 'column', gap: 10, marginTop: 12 }}>
      <label htmlFor={nameId}>{t('signerName')}</label>
      <Input id={nameId} value={name} maxLength={30} placeholder={t('signerPh')} onChange={(e) => setName(e.target.value)} data-testid="contract-signer" style={{ maxWidth: 320 }} />
      <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="contract-agree">{t('agree')}</Checkbox>
      {problem ? <Alert type="error" showIcon title={problem} data-testid="contract-problem" /> : null}
      <div><Button type="primary" loading={confirm.isPending} onClick={submit} data-testid="contract-confirm">{t('confirmContract')}</Button></div>
    </div>
  );
}

/** The contract in a dialog: its details and text, the confirmation while pending, the PDF. */
export function ContractDialog({ id, open, onClose, onConfirmed }: { id: number | null; open: boolean; onClose: () => void; onConfirmed?: (c: ContractView) => void }) {
  const t = useReserveTexts();
  const query = useContract(open ? id : null);
  const c = query.data;
  return (
    <Modal open={open} onCancel={onClose} width={720} title={c?.title ?? t('contract')} footer={c ? [<ContractPdfButton key="pdf" id={c.id} />, <Button key="close" onClick={onClose}>{t('close')}</Button>] : null} destroyOnHidden>
      {query.isPending ? <Skeleton active /> : null}
      {query.isError ? <Alert type="error" title={t('loadFailed')} action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} /> : null}
      {c ? (
        <div data-testid="contract-dialog">
          <Descriptions size="small" column={2} style={{ marginBottom: 12 }} items={[
            { key: 'no', label: t('contractNo'), children: c.contractNo },
            { key: 'state', label: t('state'), children: <ContractStateTag contract={c} /> },
            { key: 'product', label: t('product'), children: c.productTitle },
            { key: 'created', label: t('createdAt'), children: formatTime(c.createdAt) },
            ...(c.signerName ? [{ key: 'signer', label: t('signedBy'), children: c.signerName }] : []),
            ...(c.confirmedAt ? [{ key: 'confirmed', label: t('confirmedAt'), children: formatTime(c.confirmedAt) }] : []),
          ]} />
          <ContractText body={c.body} />
          {c.state === 'pending' ? <ContractConfirmForm contract={c} {...(onConfirmed ? { onConfirmed } : {})} /> : null}
        </div>
      ) : null}
    </Modal>
  );
}
