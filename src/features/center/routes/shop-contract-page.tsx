// /user/center/shop/shopContract (spec learning §2 "Personal center" shop; issue 20 part R): my
// contracts by tab: to confirm (orders still waiting) and confirmed, newest first. Each opens in a
// dialog to read it, confirm it (typed name, ticked box; its order may then be paid) and download
// it as a PDF.
import { Button, List, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ContractDialog, ContractPdfButton, ContractStateTag } from '../../../components/shop/contract-parts';
import { useReserveTexts } from '../../../components/shop/reserve-texts';
import { Money } from '../../../components/shop/shop-parts';
import { useMyContracts, type ContractTab, type ContractView } from '../../../api/reservations';
import { CenterLayout } from '../components/center-layout';
import { useShopContentTexts } from '../components/shop-content-texts';
import { shortTime, StudyList, usePaging } from '../components/study-list';

const TABS: readonly { key: ContractTab; label: 'tabPending' | 'tabConfirmed' }[] = [{ key: 'pending', label: 'tabPending' }, { key: 'confirmed', label: 'tabConfirmed' }];

const orderPath = (id: number) => `/sub_shop/order_detail/order_detail/${id}`;

function ContractRow({ item, onOpen }: { item: ContractView; onOpen: (id: number) => void }) {
  const t = useReserveTexts();
  return (
    <List.Item data-testid="center-contract" data-id={item.id} actions={[
      <Button key="open" size="small" type={item.state === 'pending' ? 'primary' : 'default'} onClick={() => onOpen(item.id)} data-testid="contract-open" aria-label={`${item.state === 'pending' ? t('readAndConfirm') : t('open')} ${item.title}`}>
        {item.state === 'pending' ? t('readAndConfirm') : t('open')}
      </Button>,
      <ContractPdfButton key="pdf" id={item.id} size="small" />,
      ...(item.state === 'confirmed' && item.orderState === 1 ? [<Link key="pay" to={`${orderPath(item.orderId)}?pay=1`}>{t('payNow')}</Link>] : []),
      <Link key="order" to={orderPath(item.orderId)} aria-label={`${t('viewOrder')} ${item.orderNo}`}>{t('viewOrder')}</Link>,
    ]}>
      <div className="portal-study__body">
        <span className="portal-study__title">{item.title}</span>
        <div className="portal-study__meta">{t('contractNo')}: {item.contractNo} · {t('product')}: {item.productTitle}</div>
        <div className="portal-study__meta">{item.confirmedAt ? `${t('signedBy')}: ${item.signerName ?? ''} · ${t('confirmedAt')}: ${shortTime(item.confirmedAt)}` : `${t('createdAt')}: ${shortTime(item.createdAt)}`}</div>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 6 }}>
          <ContractStateTag contract={item} />
          <Money value={item.price} />
        </div>
      </div>
    </List.Item>
  );
}

export default function ShopContractPage() {
  const sc = useShopContentTexts();
  const t = useReserveTexts();
  const [tab, setTab] = useState<ContractTab>('pending');
  const [openId, setOpenId] = useState<number | null>(null);
  const { page, onPage } = usePaging();
  const query = useMyContracts(tab, page.pageNo, page.pageSize);
  return (
    <CenterLayout title={sc('shopContract')} testId="shop-contract">
      <Tabs activeKey={tab} onChange={(k) => { setTab(k as ContractTab); onPage(1, page.pageSize); }} items={TABS.map((x) => ({ key: x.key, label: t(x.label) }))} />
      <StudyList
        query={query} page={page} onPage={onPage} testId="center-contracts"
        empty={{ text: t('noContracts'), linkText: t('goReserve'), to: '/product' }}
        rowKey={(c) => c.id} renderRow={(c) => <ContractRow item={c} onOpen={setOpenId} />}
      />
      <ContractDialog id={openId} open={openId !== null} onClose={() => setOpenId(null)} />
    </CenterLayout>
  );
}
