// /user/center/shop/shopAddress (spec learning §2 "Personal center" shop, §3 Address: receiver,
// phone, area, detailed address, label home/company/school, default flag): the address book managed
// here, not only at checkout. Add and edit in the shop's address dialog, delete after a confirm, make
// one the default. The server keeps at most MAX_ADDRESSES and checks every field again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAddress, listAddresses, updateAddress, useShopScope, type Address } from '../../../api/shop-orders';
import { showMessage } from '../../../components/feedback/feedback';
import { AddressDialog } from '../../../components/shop/address-dialog';
import { failureText, useShopTexts } from '../../../components/shop/shop-texts';
import { MAX_ADDRESSES } from '../../../../schemas/api/um';
import { CenterLayout } from '../components/center-layout';
import { useShopContentTexts } from '../components/shop-content-texts';
import { useCenterShopTexts } from '../components/shop-center-texts';
import '../components/shop-center.css';

const LABEL_TEXT = { home: 'home', company: 'company', school: 'schoolLabel' } as const;

function AddressCard({ address, onEdit, onChanged }: { address: Address; onEdit: () => void; onChanged: () => void }) {
  const s = useShopTexts();
  const t = useCenterShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      showMessage('success', done);
      onChanged();
    } catch (error) {
      showMessage('error', failureText(s, error, english));
    } finally {
      setBusy(false);
    }
  };
  const { id, receiver, phone, area, detail, label } = address;
  const fields = { receiver, phone, area, detail, label };
  return (
    <li className={`center-shop__card${address.isDefault ? ' center-shop__card--default' : ''}`} data-testid="center-address" data-default={address.isDefault}>
      <Space wrap>
        <strong>{address.receiver}</strong>
        <span>{address.phone}</span>
        {address.label ? <Tag>{s(LABEL_TEXT[address.label])}</Tag> : null}
        {address.isDefault ? <Tag color="blue" data-testid="center-address-default">{t('isDefault')}</Tag> : null}
      </Space>
      <div>{address.area}</div>
      <div>{address.detail}</div>
      <Space wrap style={{ marginTop: 4 }}>
        <Button size="small" autoInsertSpace={false} onClick={onEdit} aria-label={t('editOf', { receiver: address.receiver })}>{t('edit')}</Button>
        {address.isDefault ? null : (
          <Button
            size="small" loading={busy} data-testid="center-address-make-default" aria-label={t('makeDefaultOf', { receiver: address.receiver })}
            onClick={() => void run(() => updateAddress(id, { ...fields, isDefault: true }), t('defaultSet'))}
          >
            {t('makeDefault')}
          </Button>
        )}
        <Popconfirm title={t('deleteConfirm')} okText={t('confirm')} cancelText={t('cancel')} okButtonProps={{ danger: true }} onConfirm={() => run(() => deleteAddress(id), t('deleted'))}>
          {/* A plain button with a red confirm, as the other pages' deletes: antd's dark danger text read 4.3:1 (a11y gate). No space
              inserted in 编辑 / 删除: the name starts with the visible text (label-content-name-mismatch). */}
          <Button size="small" autoInsertSpace={false} disabled={busy} aria-label={t('deleteOf', { receiver: address.receiver })} data-testid="center-address-delete">{t('delete')}</Button>
        </Popconfirm>
      </Space>
    </li>
  );
}

export default function ShopAddressPage() {
  const sc = useShopContentTexts();
  const s = useShopTexts();
  const t = useCenterShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const scope = useShopScope();
  const client = useQueryClient();
  const addresses = useQuery({ queryKey: [...scope, 'addresses'], queryFn: () => listAddresses(), retry: false });
  const [dialog, setDialog] = useState<{ open: boolean; editing: Address | null }>({ open: false, editing: null });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: [...scope, 'addresses'] });
    void client.invalidateQueries({ queryKey: [...scope, 'center-summary'] });
  };
  const full = (addresses.data?.length ?? 0) >= MAX_ADDRESSES;

  let body;
  if (addresses.isPending) body = <div role="status" aria-busy="true" aria-label={t('loading')}><Skeleton active paragraph={{ rows: 4 }} /></div>;
  else if (addresses.isError) {
    body = <Alert type="error" showIcon title={failureText(s, addresses.error, english)} action={<Button size="small" onClick={() => void addresses.refetch()}>{t('retry')}</Button>} />;
  } else if (addresses.data.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<><div>{t('noAddresses')}</div><div className="center-shop__meta">{t('noAddressesHint')}</div></>} data-testid="center-addresses-empty" />;
  } else {
    body = (
      <ul className="center-shop__cards" data-testid="center-address-list">
        {addresses.data.map((a) => <AddressCard key={a.id} address={a} onEdit={() => setDialog({ open: true, editing: a })} onChanged={refresh} />)}
      </ul>
    );
  }
  return (
    <CenterLayout title={sc('shopAddress')} testId="shop-address">
      <div className="center-shop__head">
        <span className="center-shop__meta" data-testid="center-address-count">{t('addressCount', { n: addresses.data?.length ?? 0, max: MAX_ADDRESSES })}</span>
        <Button type="primary" disabled={full || addresses.isPending} title={full ? t('addressFull', { max: MAX_ADDRESSES }) : undefined} onClick={() => setDialog({ open: true, editing: null })} data-testid="center-address-add">
          {t('addAddress')}
        </Button>
      </div>
      {full ? <Alert type="info" showIcon title={t('addressFull', { max: MAX_ADDRESSES })} style={{ marginBottom: 12 }} /> : null}
      {body}
      <AddressDialog
        open={dialog.open} editing={dialog.editing} onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={() => { setDialog((d) => ({ ...d, open: false })); refresh(); }}
      />
    </CenterLayout>
  );
}
