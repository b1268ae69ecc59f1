// The `rich-text-editor` namespace (docs/i18n.md): the chapter editor's toolbar and link dialog.
import { defineTexts, useTexts } from '../../i18n/texts';

const RICH_TEXT_EDITOR = defineTexts('rich-text-editor', {
  zh: {
    toolbar: '格式工具栏', bold: '加粗', italic: '斜体', heading: '小标题', bulletList: '项目列表', numberList: '编号列表', quote: '引用',
    link: '插入链接', unlink: '取消链接', linkTitle: '插入链接', linkUrl: '链接地址', linkHint: '以 https:// 开头的网址，或本站以 / 开头的地址',
    linkBad: '请填写以 http:// 或 https:// 开头的网址，或以 / 开头的本站地址。', ok: '确定', cancel: '取消',
  },
  en: {
    toolbar: 'Formatting', bold: 'Bold', italic: 'Italic', heading: 'Heading', bulletList: 'Bulleted list', numberList: 'Numbered list', quote: 'Quote',
    link: 'Insert link', unlink: 'Remove link', linkTitle: 'Insert a link', linkUrl: 'Link address', linkHint: 'An address starting with https://, or a page of this site starting with /',
    linkBad: 'Enter an address starting with http:// or https://, or a page of this site starting with /.', ok: 'OK', cancel: 'Cancel',
  },
});

export const useRichTextEditorTexts = () => useTexts(RICH_TEXT_EDITOR);
