// The product page's 收藏 toggle (issue 20 part T): saves the product to the personal center's
// 商品收藏 (/user/center/shop/shopFavorite). A guest is sent to sign in first (`onNeedUser`).
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFavoriteState, useSaveFavorite } from '../../api/center-shop';
import { showMessage } from '../feedback/feedback';
import { failureText, useShopTexts } from './shop-texts';

/** 收藏 / 已收藏 as a pressed toggle; `signedIn` false asks `onNeedUser` instead of saving. */
export function FavoriteToggle({ prodId, signedIn, onNeedUser }: { prodId: number; signedIn: boolean; onNeedUser: () => void }) {
  const t = useShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const state = useFavoriteState(prodId, signedIn);
  const save = useSaveFavorite();
  // Until the state arrives it reads 收藏: saving is idempotent, so a click then is never wrong.
  const saved = state.data?.favorite === true;
  const toggle = () => {
    if (!signedIn) return onNeedUser();
    save.mutate({ prodId, favorite: !saved }, {
      onSuccess: (s) => showMessage('success', s.favorite ? t('favoriteAdded') : t('favoriteRemoved')),
      onError: (error) => showMessage('error', failureText(t, error, english)),
    });
  };
  return (
    <Button
      size="large" icon={saved ? <HeartFilled /> : <HeartOutlined />} aria-pressed={saved} loading={save.isPending}
      onClick={toggle} data-testid="favorite-toggle"
    >
      {saved ? t('favorited') : t('favorite')}
    </Button>
  );
}
