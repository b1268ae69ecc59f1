// /sub_admin/aiCredits (issue 21 part F, ours; docs/ai.md F): the back office's AI 点数: the prices
// of each use, the welcome grant and the daily free questions; the learners with their balances,
// and an adjustment (grant or deduct) with a reason the learner reads in the ledger. The server
// decides who may (asBackOfficeAdmin); a learner who opens the address is told plainly.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { useAppLanguage } from '../../../i18n/texts';
import { useAppStore } from '../../../stores/app-store';
import { ReadState } from '../bank/bank-frame';
import { adjustCredits, getCreditRules, listCreditAccounts, saveCreditRules, type CreditAccountRow, type CreditRules } from './credits-api';
import { useAdminCreditsTexts } from './credits-texts';

const USES = ['answer', 'writing', 'application', 'image', 'speech'] as const;

function RulesForm({ rules }: { rules: CreditRules }) {
  const t = useAdminCreditsTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const client = useQueryClient();
  const [draft, setDraft] = useState(rules);
  useEffect(() => setDraft(rules), [rules]);
  const save = useMutation({
    mutationFn: () => saveCreditRules(draft),
    onSuccess: (saved) => {
      showMessage('success', t('saved'));
      client.setQueryData(['admin-ai-credits', 'rules', tenantId], saved);
    },
  });
  const num = (label: string, value: number, max: number, set: (v: number) => void, id: string) => (
    <div key={id} style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <label htmlFor={id}>{label}</label>
      <InputNumber id={id} min={0} max={max} precision={0} value={value} onChange={(v) => set(v ?? 0)} style={{ width: 160 }} />
    </div>
  );
  return (
    <section aria-labelledby="ai-credit-rules-title">
      <h2 id="ai-credit-rules-title" style={{ fontSize: 16 }}>{t('rulesTitle')}</h2>
      <p>{t('rulesHint')}</p>
      <Space wrap size="large" align="end" data-testid="ai-credit-rules">
        {USES.map((use) => num(t(`price_${use}`), draft.prices[use], 10_000, (v) => setDraft({ ...draft, prices: { ...draft.prices, [use]: v } }), `ai-price-${use}`))}
        {num(t('welcomeGrant'), draft.welcomeGrant, 100_000, (v) => setDraft({ ...draft, welcomeGrant: v }), 'ai-welcome')}
        {num(t('dailyFreeAnswers'), draft.dailyFreeAnswers, 1000, (v) => setDraft({ ...draft, dailyFreeAnswers: v }), 'ai-daily-free')}
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate()} data-testid="ai-credit-rules-save">{t('save')}</Button>
      </Space>
    </section>
  );
}

function AdjustDialog({ row, onClose }: { row: CreditAccountRow | null; onClose: () => void }) {
  const t = useAdminCreditsTexts();
  const language = useAppLanguage();
  const client = useQueryClient();
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  useEffect(() => {
    setAmount(null);
    setReason('');
  }, [row]);
  const adjust = useMutation({
    mutationFn: () => adjustCredits({ userId: row!.userId, amount: amount ?? 0, reason, lang: language.startsWith('en') ? 'en' : 'zh' }),
    onSuccess: (done) => {
      showMessage('success', t('adjusted', { balance: done.balance }));
      void client.invalidateQueries({ queryKey: ['admin-ai-credits', 'accounts'] });
      onClose();
    },
  });
  return (
    <Modal
      open={row !== null} title={row ? t('adjustTitle', { name: row.name }) : ''} onCancel={onClose} onOk={() => adjust.mutate()}
      okText={t('confirm')} cancelText={t('cancel')} confirmLoading={adjust.isPending} destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('amount')} htmlFor="ai-adjust-amount">
          <InputNumber id="ai-adjust-amount" min={-100_000} max={100_000} precision={0} value={amount} onChange={setAmount} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('reason')} htmlFor="ai-adjust-reason">
          <Input id="ai-adjust-reason" value={reason} maxLength={100} showCount placeholder={t('reasonPh')} onChange={(e) => setReason(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Accounts() {
  const t = useAdminCreditsTexts();
  const language = useAppLanguage();
  const tenantId = useAppStore((s) => s.tenantId);
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<CreditAccountRow | null>(null);
  const accounts = useQuery({
    queryKey: ['admin-ai-credits', 'accounts', tenantId, search, pageNo],
    queryFn: ({ signal }) => listCreditAccounts({ ...(search ? { searchValue: search } : {}), pageNo, pageSize: 10 }, signal),
    placeholderData: keepPreviousData,
  });
  const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString(language.startsWith('en') ? 'en-GB' : 'zh-CN', { dateStyle: 'short', timeStyle: 'short' }) : t('never'));
  return (
    <section aria-labelledby="ai-credit-accounts-title" style={{ marginTop: 24 }}>
      <h2 id="ai-credit-accounts-title" style={{ fontSize: 16 }}>{t('accountsTitle')}</h2>
      <Input.Search
        aria-label={t('search')} placeholder={t('search')} allowClear style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(v) => { setSearch(v.trim()); setPageNo(1); }}
      />
      {accounts.data ? (
        <Table<CreditAccountRow>
          rowKey="userId" size="small" dataSource={accounts.data.list} data-testid="ai-credit-accounts"
          pagination={{ current: pageNo, pageSize: 10, total: accounts.data.total, onChange: setPageNo, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { key: 'account', title: t('col_account'), dataIndex: 'account' },
            { key: 'name', title: t('col_name'), dataIndex: 'name' },
            { key: 'balance', title: t('col_balance'), dataIndex: 'balance', align: 'right' },
            { key: 'spent', title: t('col_spent'), dataIndex: 'spent', align: 'right' },
            { key: 'updated', title: t('col_updated'), render: (_, r) => time(r.updatedAt) },
            { key: 'actions', title: t('col_actions'), render: (_, r) => <Button size="small" onClick={() => setEditing(r)} aria-label={`${t('adjust')} ${r.account}`}>{t('adjust')}</Button> },
          ]}
        />
      ) : <ReadState query={accounts} />}
      <AdjustDialog row={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

export default function AdminCreditsPage() {
  const t = useAdminCreditsTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const rules = useQuery({ queryKey: ['admin-ai-credits', 'rules', tenantId], queryFn: ({ signal }) => getCreditRules(signal), retry: false });
  return (
    <div className="admin-page" style={{ padding: '24px 0 48px' }} data-testid="admin-ai-credits">
      <nav aria-label={t('title')} style={{ marginBottom: 8 }}><Link to="/sub_admin/myAdmin">{t('back')}</Link></nav>
      <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>{t('title')}</h1>
      {rules.data ? (
        <>
          <RulesForm rules={rules.data} />
          <Alert type="info" showIcon title={t('packagesHint')} style={{ marginTop: 16 }} />
          <Accounts />
        </>
      ) : <ReadState query={rules} />}
    </div>
  );
}
