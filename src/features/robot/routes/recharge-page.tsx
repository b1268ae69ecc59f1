// /robot/goRecharge (spec learning §2 "AI area", sign-in required; issue 21 part F, docs/ai.md F):
// the balance with the prices, the packages the tenant sells (shop products), buy → the shop's own
// confirm and pay pages, which bring the learner back here (?paid=<order id>), and the ledger.
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RETURN_QUERY } from '../../../lib/login-path';
import { useAppLanguage } from '../../../i18n/texts';
import { RECHARGE_PATH, useCreditBalance, useCreditLedger, useCreditPackages, refreshCredits, type CreditPackage, type LedgerRow } from '../api/credits';
import { useCreditsTexts } from '../components/credits-texts';
import '../components/recharge.css';

const yuan = (n: number) => `¥${n.toFixed(n % 1 === 0 ? 0 : 2)}`;

function Balance() {
  const t = useCreditsTexts();
  const balance = useCreditBalance();
  if (balance.isPending) return <Card className="recharge-card"><Skeleton active paragraph={{ rows: 2 }} /></Card>;
  if (balance.isError) {
    return <Alert type="error" showIcon title={t('loadFailed', { message: balance.error.message })} action={<Button size="small" onClick={() => void balance.refetch()}>{t('retry')}</Button>} />;
  }
  const b = balance.data;
  return (
    <Card className="recharge-card recharge-balance" data-testid="recharge-balance">
      <div>
        <div className="recharge-label">{t('balance')}</div>
        <div className="recharge-amount">{t('points', { n: b.balance })}</div>
        {b.dailyFreeAnswers > 0 ? <div className="recharge-muted">{t('freeToday', { n: b.freeAnswersLeft })}</div> : null}
      </div>
      <div>
        <h2 className="recharge-subtitle">{t('pricesTitle')}</h2>
        <ul className="recharge-prices">
          {(['answer', 'writing', 'application', 'image', 'speech'] as const).map((use) => <li key={use}>{t(`price_${use}`, { n: b.prices[use] })}</li>)}
        </ul>
      </div>
    </Card>
  );
}

function Packages() {
  const t = useCreditsTexts();
  const navigate = useNavigate();
  const packages = useCreditPackages();
  const buy = (p: CreditPackage) => {
    // The shop's own confirm and pay pages; paying brings the learner back here.
    void navigate(`/sub_shop/order_confirm/order_confirm?prodId=${p.prodId}&quantity=1&${RETURN_QUERY}=${encodeURIComponent(RECHARGE_PATH)}`);
  };
  let body;
  if (packages.isPending) body = <Skeleton active />;
  else if (packages.isError) {
    body = <Alert type="error" showIcon title={t('loadFailed', { message: packages.error.message })} action={<Button size="small" onClick={() => void packages.refetch()}>{t('retry')}</Button>} />;
  } else if (packages.data.length === 0) body = <Empty description={t('noPackages')} />;
  else {
    body = (
      <ul className="recharge-packages" data-testid="recharge-packages">
        {packages.data.map((p) => (
          <li key={p.prodId} className="recharge-package" data-testid="recharge-package">
            <div className="recharge-package-credits">{t('points', { n: p.credits })}</div>
            <div className="recharge-package-title">{p.title}</div>
            <div>
              <span className="recharge-price">{yuan(p.price)}</span>
              {p.retailPrice !== null && p.retailPrice > p.price ? <s className="recharge-muted"> {t('retail', { price: yuan(p.retailPrice) })}</s> : null}
            </div>
            <div className="recharge-muted">{t('unit', { price: yuan(Math.round((p.price / p.credits) * 10000) / 100) })}</div>
            {p.summary ? <p className="recharge-muted recharge-summary">{p.summary}</p> : null}
            {/* No space inserted between two characters (购 买): the name starts with the visible text (WCAG 2.5.3). */}
            <Button type="primary" block autoInsertSpace={false} disabled={p.stock <= 0} onClick={() => buy(p)} aria-label={p.stock > 0 ? t('buyLabel', { title: p.title, price: yuan(p.price) }) : undefined}>
              {p.stock <= 0 ? t('soldOut') : t('buy')}
            </Button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="recharge-packages-title" className="recharge-section">
      <h2 id="recharge-packages-title" className="recharge-subtitle">{t('packagesTitle')}</h2>
      {body}
      <p className="recharge-muted">{t('payNote')} <Link to="/sub_shop/order/order">{t('ordersLink')}</Link></p>
    </section>
  );
}

/** "消费 · 绘图 ×2", "充值", "退回 · 绘图". */
function whatOf(t: ReturnType<typeof useCreditsTexts>, row: LedgerRow): string {
  const kind = t(`kind_${row.kind}`);
  if (!row.use) return kind;
  const use = t(`use_${row.use}`);
  return `${kind} · ${use}${row.units > 1 ? ` ×${row.units}` : ''}${row.kind === 'charge' && row.amount === 0 ? ` (${t('free')})` : ''}`;
}

export function Ledger() {
  const t = useCreditsTexts();
  const language = useAppLanguage();
  const [pageNo, setPageNo] = useState(1);
  const ledger = useCreditLedger(pageNo);
  const time = (iso: string) => new Date(iso).toLocaleString(language.startsWith('en') ? 'en-GB' : 'zh-CN', { dateStyle: 'short', timeStyle: 'short' });
  let body;
  if (ledger.isPending) body = <Skeleton active />;
  else if (ledger.isError) {
    body = <Alert type="error" showIcon title={t('loadFailed', { message: ledger.error.message })} action={<Button size="small" onClick={() => void ledger.refetch()}>{t('retry')}</Button>} />;
  } else {
    body = (
      <Table<LedgerRow>
        rowKey="id" size="small" dataSource={ledger.data.list} data-testid="recharge-ledger"
        locale={{ emptyText: <Empty description={t('ledgerEmpty')} /> }}
        pagination={{ current: pageNo, pageSize: 10, total: ledger.data.total, onChange: setPageNo, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { key: 'time', title: t('col_time'), render: (_, r) => time(r.createdAt), width: 150 },
          { key: 'what', title: t('col_what'), render: (_, r) => <><Tag>{whatOf(t, r)}</Tag> {r.note}</> },
          { key: 'change', title: t('col_change'), align: 'right', width: 90, render: (_, r) => <span className={r.amount > 0 ? 'recharge-plus' : undefined}>{r.amount > 0 ? `+${r.amount}` : r.amount}</span> },
          { key: 'after', title: t('col_after'), align: 'right', width: 90, dataIndex: 'balanceAfter' },
        ]}
      />
    );
  }
  return (
    <section aria-labelledby="recharge-ledger-title" className="recharge-section">
      <h2 id="recharge-ledger-title" className="recharge-subtitle">{t('ledgerTitle')}</h2>
      {body}
    </section>
  );
}

export default function RechargePage() {
  const t = useCreditsTexts();
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const paid = params.get('paid');
  // Back from the shop's pay page: the balance and the ledger are read again.
  useEffect(() => {
    if (paid) void refreshCredits(client);
  }, [paid, client]);
  return (
    <div className="recharge-page" data-testid="recharge-page">
      <h1 className="recharge-title">{t('title')}</h1>
      <p className="recharge-muted">{t('intro')}</p>
      {paid ? <Alert type="success" showIcon closable title={t('topUpDone')} onClose={() => setParams({}, { replace: true })} data-testid="recharge-paid" style={{ marginBottom: 16 }} /> : null}
      <Balance />
      <Packages />
      <Ledger />
    </div>
  );
}
