// /sub_shop/cart (spec learning §2 "Shop"; §3 Cart: cartData grouped by provider, the totals):
// lines grouped by provider, a quantity stepper, check / check all / delete, the totals the server
// computed, and checkout. A refused quantity change puts the old quantity back (spec §4).
import { DeleteOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { deleteCart, getCart, modifyCart, publishCartCount, useShopScope, type CartLine, type CartView } from '../api/shop-api';
import { QuantityStepper } from '../components/quantity-stepper';
import { Money, Panel, productPath, SECONDARY_TEXT, ShopPage, Thumb, formatPrice } from '../components/shop-parts';
import { failureText, useShopTexts } from '../components/shop-texts';

const lineBuyable = (l: CartLine) => l.unavailable === null;

/** The tag of a line that cannot be bought now. */
function UnavailableTag({ line }: { line: CartLine }) {
  const t = useShopTexts();
  if (line.unavailable === null) return null;
  const text = line.unavailable === 'stockShort' ? t('stockShort', { n: line.stock })
    : line.unavailable === 'soldOut' ? t('soldOut') : line.unavailable === 'providerOffShelf' ? t('providerOffShelf') : t('offShelf');
  return <Tag color="red" data-testid="line-unavailable">{text}</Tag>;
}

export default function CartPage() {
  const t = useShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const navigate = useNavigate();
  const client = useQueryClient();
  const key = [...useShopScope(), 'cart'];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => getCart({ signal }), retry: false });
  const view = query.data;
  useEffect(() => {
    if (view) publishCartCount(view.itemCount);
  }, [view]);

  /** Runs a cart change; the answer is the new cart. Resolves false (after saying why) when refused. */
  const change = async (work: () => Promise<CartView>, afterFailure = ''): Promise<boolean> => {
    try {
      client.setQueryData(key, await work());
      return true;
    } catch (error) {
      showMessage('error', `${failureText(t, error, english)}${afterFailure}`);
      // Someone else may have changed it: read it again so the page shows the truth.
      void query.refetch();
      return false;
    }
  };

  if (query.isPending) return <ShopPage title={t('cart')} testId="cart-page"><Panel><Skeleton active /></Panel></ShopPage>;
  if (query.isError || !view) {
    return (
      <ShopPage title={t('cart')} testId="cart-page">
        <Panel><Empty description={failureText(t, query.error, english)}><Button onClick={() => void query.refetch()}>{t('retry')}</Button></Empty></Panel>
      </ShopPage>
    );
  }
  const lines = view.cartData.flatMap((g) => g.cartList);
  if (lines.length === 0) {
    return (
      <ShopPage title={t('cart')} testId="cart-page">
        <Panel><Empty description={t('cartEmpty')} data-testid="cart-empty"><Link to="/product"><Button type="primary">{t('goShopping')}</Button></Link></Empty></Panel>
      </ShopPage>
    );
  }
  const allChecked = lines.every((l) => l.checked);
  const someChecked = lines.some((l) => l.checked);
  const checkedIds = lines.filter((l) => l.checked).map((l) => l.id);
  const setChecked = (targets: CartLine[], checked: boolean) => change(() => modifyCart(targets.map((l) => ({ id: l.id, checked }))));
  const checkout = () => {
    const ids = lines.filter((l) => l.checked && lineBuyable(l)).map((l) => l.id);
    if (ids.length === 0) {
      showMessage('warning', t('nothingChecked'));
      return;
    }
    navigate(`/sub_shop/order_confirm/order_confirm?cartIds=${ids.join(',')}`);
  };

  return (
    <ShopPage title={`${t('cart')} (${view.itemCount})`} testId="cart-page">
      {/* A visual column header, not a table row: role="row" outside a table/grid is invalid ARIA
          (axe aria-required-parent and aria-required-children, WCAG 1.3.1); each line's controls
          carry their own names. */}
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 20px', color: SECONDARY_TEXT, fontSize: 13 }}>
        <Checkbox checked={allChecked} indeterminate={someChecked && !allChecked} onChange={(e) => void setChecked(lines, e.target.checked)} data-testid="check-all">{t('checkAll')}</Checkbox>
        <span style={{ flex: 1 }} />
        <span style={{ width: 110, textAlign: 'right' }}>{t('unitPrice')}</span>
        <span style={{ width: 130, textAlign: 'center' }}>{t('quantity')}</span>
        <span style={{ width: 110, textAlign: 'right' }}>{t('subtotal')}</span>
        <span style={{ width: 60, textAlign: 'center' }}>{t('operation')}</span>
      </div>
      {view.cartData.map((group) => {
        const groupChecked = group.cartList.every((l) => l.checked);
        return (
          <Panel key={group.providerId} testId="cart-group" style={{ padding: '12px 20px' }}>
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, paddingBottom: 8, borderBottom: '1px solid var(--portal-fill, #f0f0f0)' }}>
              <Checkbox
                checked={groupChecked} indeterminate={!groupChecked && group.cartList.some((l) => l.checked)}
                aria-label={t('checkGroup', { name: group.providerName })} onChange={(e) => void setChecked(group.cartList, e.target.checked)}
              />
              <strong data-testid="cart-provider">{group.providerName}</strong>
              {group.providerState === 1 || group.providerState === -1 ? <Tag>{t('providerOffShelf')}</Tag> : null}
            </div>
            {group.cartList.map((line) => (
              <div key={line.id} data-testid="cart-line" data-id={line.id} style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '12px 0', opacity: lineBuyable(line) ? 1 : 0.7 }}>
                <Checkbox checked={line.checked} aria-label={t('checkLine', { title: line.title })} onChange={(e) => void setChecked([line], e.target.checked)} />
                <Thumb src={line.cover} alt={line.title} to={productPath(line.prodId)} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Link to={productPath(line.prodId)} style={{ color: 'inherit', fontWeight: 500 }}>{line.title}</Link>
                  <div style={{ marginTop: 6 }}><UnavailableTag line={line} /></div>
                </div>
                <div style={{ width: 110, textAlign: 'right' }}>
                  <div>{formatPrice(line.price)}</div>
                  {line.retPrice > line.price ? <s style={{ color: SECONDARY_TEXT, fontSize: 12 }}>{formatPrice(line.retPrice)}</s> : null}
                </div>
                <div style={{ width: 130, display: 'flex', justifyContent: 'center' }}>
                  <QuantityStepper
                    value={line.quantity} max={line.stock} label={t('quantityOf', { title: line.title })}
                    disabled={line.unavailable === 'offShelf' || line.unavailable === 'providerOffShelf'}
                    onCommit={(quantity) => change(() => modifyCart([{ id: line.id, quantity }]), english ? `. ${t('quantityRestored', { n: line.quantity })}.` : `；${t('quantityRestored', { n: line.quantity })}`)}
                  />
                </div>
                <div style={{ width: 110, textAlign: 'right' }} data-testid="line-total"><Money value={line.totalPrice} /></div>
                <div style={{ width: 60, textAlign: 'center' }}>
                  <Popconfirm title={t('deleteConfirm')} okText={t('confirm')} cancelText={t('cancel')} onConfirm={() => change(() => deleteCart([line.id]))}>
                    <Button type="text" icon={<DeleteOutlined />} aria-label={`${t('delete')} ${line.title}`} />
                  </Popconfirm>
                </div>
              </div>
            ))}
          </Panel>
        );
      })}
      <div
        data-testid="cart-summary"
        style={{ position: 'sticky', bottom: 0, display: 'flex', alignItems: 'center', gap: 16, padding: '12px 20px', background: 'var(--portal-surface, #fff)', borderRadius: 8, boxShadow: '0 -2px 8px rgba(0,0,0,0.06)' }}
      >
        <Checkbox checked={allChecked} indeterminate={someChecked && !allChecked} onChange={(e) => void setChecked(lines, e.target.checked)}>{t('checkAll')}</Checkbox>
        <Popconfirm
          title={t('deleteCheckedConfirm', { n: checkedIds.length })} okText={t('confirm')} cancelText={t('cancel')} disabled={checkedIds.length === 0}
          onConfirm={() => change(() => deleteCart(checkedIds)).then((done) => { if (done) showMessage('success', t('deleted')); })}
        >
          <Button type="link" disabled={checkedIds.length === 0}>{t('deleteChecked')}</Button>
        </Popconfirm>
        <span style={{ flex: 1 }} />
        <span data-testid="checked-count">{t('checkedSummary', { n: view.checkedItemCount })}</span>
        <span>{t('total')}<Money value={view.checkedPrice} strong /></span>
        {view.checkedSaving > 0 ? <span style={{ color: SECONDARY_TEXT, fontSize: 12 }}>{t('saving', { amount: formatPrice(view.checkedSaving) })}</span> : null}
        <Button type="primary" size="large" danger onClick={checkout} disabled={view.checkedProductCount === 0} data-testid="checkout">{t('checkout')}</Button>
      </div>
    </ShopPage>
  );
}
