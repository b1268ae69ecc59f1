// /user/center/shop/shopFavorite (spec learning §2 "Personal center" shop): the products I saved
// with the product page's 收藏 toggle, the latest first, each as it is now (price, stock, off shelf or
// sold out), with remove and add to cart (only what can be bought).
import { Button, List, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFavorites, useSaveFavorite, type FavoriteItem } from '../../../api/center-shop';
import { addCart, publishCartCount } from '../../../api/shop-orders';
import { showMessage } from '../../../components/feedback/feedback';
import { formatPrice, Money, productPath, SECONDARY_TEXT, Thumb } from '../../../components/shop/shop-parts';
import { failureText, useShopTexts } from '../../../components/shop/shop-texts';
import { CenterLayout } from '../components/center-layout';
import { useShopContentTexts } from '../components/shop-content-texts';
import { useCenterShopTexts, type CenterShopText } from '../components/shop-center-texts';
import { shortTime, StudyList, usePaging } from '../components/study-list';
import '../components/shop-center.css';

const READING = new Set([8, 9, 10]);
/** spec learning §2 "Product link": types 8, 9, 10 open the reader, others the product page. */
const linkOf = (f: FavoriteItem) => (READING.has(f.productType) ? `/sub_shop/noval/${f.prodId}` : productPath(f.prodId));

const AVAILABILITY: Record<FavoriteItem['availability'], { text: CenterShopText; color: string }> = {
  onSale: { text: 'onSale', color: 'green' }, soldOut: { text: 'soldOut', color: 'orange' },
  offShelf: { text: 'offShelf', color: 'default' }, providerOffShelf: { text: 'providerOffShelf', color: 'default' },
};

function FavoriteRow({ item }: { item: FavoriteItem }) {
  const t = useCenterShopTexts();
  const s = useShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const save = useSaveFavorite();
  const [adding, setAdding] = useState(false);
  const to = linkOf(item);
  const state = AVAILABILITY[item.availability];
  const add = async () => {
    setAdding(true);
    try {
      const count = await addCart(item.prodId, 1);
      publishCartCount(count.itemCount);
      showMessage('success', t('added'));
    } catch (error) {
      showMessage('error', failureText(s, error, english));
    } finally {
      setAdding(false);
    }
  };
  const remove = () => save.mutate({ prodId: item.prodId, favorite: false }, {
    onSuccess: () => showMessage('success', t('unfavorited')),
    onError: (error) => showMessage('error', failureText(s, error, english)),
  });
  return (
    <List.Item
      data-testid="center-favorite" data-product-id={item.prodId}
      actions={[
        <Button key="cart" size="small" type="primary" disabled={item.availability !== 'onSale'} loading={adding} onClick={() => void add()} data-testid="center-favorite-cart" aria-label={t('addToCartOf', { title: item.title })}>
          {t('addToCart')}
        </Button>,
        <Button key="remove" size="small" loading={save.isPending} onClick={remove} data-testid="center-favorite-remove" aria-label={t('unfavoriteOf', { title: item.title })}>
          {t('unfavorite')}
        </Button>,
      ]}
    >
      <div className="portal-study__row">
        <Thumb src={item.cover} alt={item.title} size={72} to={to} />
        <div className="portal-study__body">
          <Link to={to} className="portal-study__title">{item.title}</Link>
          <div className="portal-study__meta">{item.providerName} · {t('savedAt', { time: shortTime(item.savedAt) })}</div>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 6, flexWrap: 'wrap' }}>
            <Money value={item.price} />
            {item.retPrice !== null ? <s style={{ color: SECONDARY_TEXT, fontSize: 12 }}>{formatPrice(item.retPrice)}</s> : null}
            <Tag color={state.color} data-testid="center-favorite-state">{t(state.text)}</Tag>
            {item.availability === 'onSale' ? <span className="center-shop__meta">{t('stockN', { n: item.stock })}</span> : null}
          </div>
        </div>
      </div>
    </List.Item>
  );
}

export default function ShopFavoritePage() {
  const sc = useShopContentTexts();
  const t = useCenterShopTexts();
  const { page, onPage } = usePaging();
  const query = useFavorites(page);
  return (
    <CenterLayout title={sc('shopFavorite')} testId="shop-favorite">
      <StudyList
        query={query} page={page} onPage={onPage} testId="center-favorites"
        empty={{ text: t('noFavorites'), linkText: t('findProducts'), to: '/product' }}
        rowKey={(f) => f.prodId} renderRow={(f) => <FavoriteRow item={f} />}
      />
    </CenterLayout>
  );
}
