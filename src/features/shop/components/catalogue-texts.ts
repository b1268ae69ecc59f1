// Texts of part P's pages (issue 20; spec learning §9: English is available for the shop): the
// product lists by category, a product's content page, what I bought and the product center.
import { defineTexts, useTexts } from '../../../i18n/texts';

const CATALOGUE = defineTexts('shop-catalogue', {
  zh: {
    allProducts: '全部商品', categories: '商品分类', allCategories: '全部分类', search: '搜索商品', found: '共 {{n}} 件商品',
    sortLabel: '排序', sortNewest: '最新上架', sortPopular: '销量优先', sortPriceAsc: '价格从低到高', sortPriceDesc: '价格从高到低',
    noProducts: '暂无商品', noMatch: '没有找到与“{{q}}”相关的商品', noProductsInRange: '这个价格区间里没有商品', clearFilters: '清除筛选',
    loadFailed: '加载失败', retry: '重试', chooseCategory: '选择一个分类', categoryNotFound: '没有找到这个分类', categoryNotFoundHint: '它可能已被删除或隐藏。',
    productsN: '{{n}} 件商品', seeAll: '查看全部', browseAll: '浏览全部商品', productCenter: '产品中心', newest: '新品上架', featured: '精选分类',
    centerEmpty: '商城还没有上架商品', shopList: '商城', typeAll: '全部', type1: '图书', type2: '课程', type3: '文具', type4: '礼品卡',
    type8: '电子书', type9: '有声书', type10: '连载', typeReading: '数字阅读', typeFilter: '商品类型',
    productContent: '商品内容', grants: '购买后可获得', grantsNone: '这件商品没有可在线打开的内容：实物随订单配送，服务与合同按订单办理。',
    kind_course: '课程', kind_subject: '专题', kind_content: '资料', kind_book: '图书', lessons: '共 {{n}} 节', chapters: '共 {{n}} 章', items: '共 {{n}} 项',
    moreOutline: '还有 {{n}} 项，购买后在详情中查看', free: '试读', owned: '已购买', boughtOn: '{{date}} 购买', open: '打开', openKind: '打开{{kind}}',
    buy: '立即购买', price: '价格', productDetail: '商品详情', offSale: '该商品已下架，暂不能购买', notFound: '商品不存在', notFoundHint: '它可能已被删除，或链接有误。',
    backToProducts: '返回商品列表', outline: '目录', signInToBuy: '登录后购买',
    bought: '已购内容', boughtAll: '全部', bought_course: '课程', bought_book: '图书', bought_content: '资料', bought_goods: '实物与服务',
    boughtEmpty: '还没有买过东西', boughtEmptyKind: '还没有买过{{kind}}', goShopping: '去逛逛', viewOrder: '查看订单', noOpen: '没有在线内容，详见订单',
    paidAt: '购买时间 {{date}}',
  },
  en: {
    allProducts: 'All products', categories: 'Categories', allCategories: 'All categories', search: 'Search products', found_one: '{{n}} product', found_other: '{{n}} products',
    sortLabel: 'Sort', sortNewest: 'Newest', sortPopular: 'Best selling', sortPriceAsc: 'Price: low to high', sortPriceDesc: 'Price: high to low',
    noProducts: 'No products yet', noMatch: 'No products match "{{q}}"', noProductsInRange: 'No products in this price range', clearFilters: 'Clear filters',
    loadFailed: 'Could not load', retry: 'Retry', chooseCategory: 'Choose a category', categoryNotFound: 'This category was not found', categoryNotFoundHint: 'It may have been removed or hidden.',
    productsN_one: '{{n}} product', productsN_other: '{{n}} products', seeAll: 'See all', browseAll: 'Browse all products', productCenter: 'Product center', newest: 'New arrivals', featured: 'Featured categories',
    centerEmpty: 'Nothing is on sale yet', shopList: 'Shop', typeAll: 'All', type1: 'Books', type2: 'Courses', type3: 'Stationery', type4: 'Gift cards',
    type8: 'E-books', type9: 'Audiobooks', type10: 'Serials', typeReading: 'Digital reading', typeFilter: 'Product type',
    productContent: 'What you get', grants: 'Buying it gives you', grantsNone: 'Nothing to open online: goods ship with the order, services and contracts are arranged through it.',
    kind_course: 'Course', kind_subject: 'Learning path', kind_content: 'Resource', kind_book: 'Book', lessons_one: '{{n}} lesson', lessons_other: '{{n}} lessons',
    chapters_one: '{{n}} chapter', chapters_other: '{{n}} chapters', items_one: '{{n}} item', items_other: '{{n}} items',
    moreOutline: '{{n}} more; see them after buying', free: 'Free sample', owned: 'Purchased', boughtOn: 'Bought {{date}}', open: 'Open', openKind: 'Open the {{kind}}',
    buy: 'Buy now', price: 'Price', productDetail: 'Product details', offSale: 'This product is no longer on sale', notFound: 'Product not found', notFoundHint: 'It may have been removed, or the link is wrong.',
    backToProducts: 'Back to products', outline: 'Contents', signInToBuy: 'Sign in to buy',
    bought: 'My purchases', boughtAll: 'All', bought_course: 'Courses', bought_book: 'Books', bought_content: 'Resources', bought_goods: 'Goods and services',
    boughtEmpty: 'You have not bought anything yet', boughtEmptyKind: 'No {{kind}} bought yet', goShopping: 'Browse products', viewOrder: 'View order', noOpen: 'Nothing to open online; see the order',
    paidAt: 'Bought {{date}}',
  },
});

/** The `shop-catalogue` texts for the active language. */
export const useCatalogueTexts = () => useTexts(CATALOGUE);
