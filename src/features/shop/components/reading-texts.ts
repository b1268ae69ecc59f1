// Texts of the shop's reading area (/sub_shop/noval, /sub_shop/noval/{id}, /content/bookshelf).
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    reading: '读书', tabAll: '全部', type8: '电子书', type9: '有声书', type10: '连载', search: '搜索书名', found: '共 {{n}} 本',
    noBooks: '暂无读物', noMatch: '没有找到与“{{q}}”相关的读物', clearSearch: '清除搜索', loadFailed: '加载失败', retry: '重试',
    notFound: '读物不存在', notFoundHint: '编号 {{id}} 的读物不存在，可能已被删除或不是电子书、有声书或连载。', backToList: '返回读书',
    chapters: '目录', chapterCount: '共 {{n}} 章', episodeCount: '共 {{n}} 集', freeCount: '前 {{n}} 章免费试读', free: '免费', locked: '未解锁',
    lockedChapter: '{{title}}（未解锁）', owned: '已购买', buyNow: '立即购买', productPage: '商品详情', startReading: '开始阅读', continueReading: '继续阅读：{{title}}',
    startListening: '开始收听', offSale: '该读物已下架，暂不能购买', providerOffSale: '该商家已下架，暂不能购买其商品',
    lockTitle: '购买后即可阅读全部章节', lockHint: '《{{title}}》前 {{n}} 章可免费试读，购买后解锁全部 {{all}} 章。',
    lockGuest: '已经购买过？', signIn: '登录后阅读', chapterOf: '第 {{n}} 章 / 共 {{all}} 章', episodeOf: '第 {{n}} 集 / 共 {{all}} 集', previous: '上一章', next: '下一章', previousEpisode: '上一集', nextEpisode: '下一集',
    freeEpisodes: '前 {{n}} 集免费试听', finished: '已读到最后一章',
    play: '播放本集', playing: '已交给播放器', noText: '本章只有音频，点击“播放本集”收听。', chapterFailed: '本章加载失败', noChapters: '这本书还没有章节',
    provider: '出版方', bookshelf: '我的书架', shelfEmpty: '书架还是空的', shelfEmptyHint: '购买电子书、有声书或连载后，它们会出现在这里。', goReading: '去读书',
    boughtAt: '购于 {{date}}', read: '阅读', listen: '收听', lastRead: '上次读到：{{title}}',
  },
  en: {
    reading: 'Reading', tabAll: 'All', type8: 'E-books', type9: 'Audiobooks', type10: 'Serials', search: 'Search titles', found_one: '{{n}} title', found_other: '{{n}} titles',
    noBooks: 'No titles yet', noMatch: 'No titles match "{{q}}"', clearSearch: 'Clear search', loadFailed: 'Could not load', retry: 'Retry',
    notFound: 'Title not found', notFoundHint: 'There is no e-book, audiobook or serial with id {{id}}; it may have been removed.', backToList: 'Back to reading',
    chapters: 'Contents', chapterCount_one: '{{n}} chapter', chapterCount_other: '{{n}} chapters', episodeCount_one: '{{n}} episode', episodeCount_other: '{{n}} episodes', freeCount_one: 'First chapter free', freeCount_other: 'First {{n}} chapters free', free: 'Free', locked: 'Locked',
    lockedChapter: '{{title}} (locked)', owned: 'Purchased', buyNow: 'Buy now', productPage: 'Product page', startReading: 'Start reading', continueReading: 'Continue: {{title}}',
    startListening: 'Start listening', offSale: 'This title is no longer on sale', providerOffSale: 'This seller has been taken off shelf; its products cannot be bought',
    lockTitle: 'Buy the book to read every chapter', lockHint: 'The first {{n}} chapters of "{{title}}" are free; buying unlocks all {{all}}.',
    lockGuest: 'Already bought it?', signIn: 'Sign in to read', chapterOf: 'Chapter {{n}} of {{all}}', episodeOf: 'Episode {{n}} of {{all}}', previous: 'Previous', next: 'Next', previousEpisode: 'Previous episode', nextEpisode: 'Next episode',
    freeEpisodes_one: 'First episode free', freeEpisodes_other: 'First {{n}} episodes free', finished: 'You reached the last chapter',
    play: 'Play episode', playing: 'Sent to the player', noText: 'This chapter is audio only; press "Play episode" to listen.', chapterFailed: 'Could not load this chapter', noChapters: 'This book has no chapters yet',
    provider: 'Publisher', bookshelf: 'My bookshelf', shelfEmpty: 'Your bookshelf is empty', shelfEmptyHint: 'E-books, audiobooks and serials you buy appear here.', goReading: 'Browse reading',
    boughtAt: 'Bought {{date}}', read: 'Read', listen: 'Listen', lastRead: 'Last read: {{title}}',
  },
};

/** The `shop-reading` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('shop-reading', TEXTS);

export type ReadingTextKey = keyof typeof TEXTS.zh;

/** The reading texts for the active language. */
export const useReadingTexts = () => useTexts(NAMESPACE);
