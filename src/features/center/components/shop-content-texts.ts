// The `center-shop-content` namespace (docs/i18n.md): the personal center's issue 20 entries (the
// shop section and the content section of spec learning §2 "Personal center").
import { defineTexts, useTexts } from '../../../i18n/texts';

const CENTER_SHOP_CONTENT = defineTexts('center-shop-content', {
  zh: {
    shop: '商城',
    shopMy: '我的商城', shopOrder: '我的订单', shopAddress: '收货地址', shopFavorite: '商品收藏', shopBookshelf: '我的书架',
    shopReserve: '我的预约', shopContract: '我的合同',
    content: '创作',
    myWorks: '我的作品', myFollow: '我的关注', contentComment: '我的书评',
  },
  en: {
    shop: 'Shop',
    shopMy: 'My shop', shopOrder: 'My orders', shopAddress: 'Addresses', shopFavorite: 'Saved products', shopBookshelf: 'My bookshelf',
    shopReserve: 'My reservations', shopContract: 'My contracts',
    content: 'Writing',
    myWorks: 'My works', myFollow: 'Following', contentComment: 'My reviews',
  },
});

export const useShopContentTexts = () => useTexts(CENTER_SHOP_CONTENT);
