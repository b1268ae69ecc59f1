// The article editor of myArticle (issue 19 part H): title, optional summary, and the text as HTML
// with a formatting toolbar (bold, italic, heading, list, quote, link wrap the selection) and a
// preview. The server sanitises the HTML on save; the preview sanitises here, since it shows text
// not saved yet. Save as a draft, or publish (a published article stays published when saved).
import { Alert, Button, Drawer, Input, Segmented, Skeleton, Space, type GetRef } from 'antd';
import { useRef, useState } from 'react';
import {
  ARTICLE_BODY_MAX, ARTICLE_SUMMARY_MAX, ARTICLE_TITLE_MAX, saveArticle, useArticleMutation, useMyArticle, type MyArticle,
} from '../../../api/sharing';
import { showMessage } from '../../../components/feedback/feedback';
import { RichText } from '../../../runtime/rich-text-view';
import { useCenterSharingTexts } from './sharing-texts';

type Texts = ReturnType<typeof useCenterSharingTexts>;
type TextAreaRef = GetRef<typeof Input.TextArea>;

/** The toolbar's wraps: what goes before and after the selection (or the placeholder when none). */
const WRAPS = {
  bold: ['<strong>', '</strong>'],
  italic: ['<em>', '</em>'],
  heading: ['<h2>', '</h2>'],
  list: ['<ul>\n  <li>', '</li>\n</ul>'],
  quote: ['<blockquote>', '</blockquote>'],
  link: ['<a href="https://">', '</a>'],
} as const;
type Wrap = keyof typeof WRAPS;

/** Wraps the selection [start, end) of `text`; returns the new text and the new selection. */
export function wrapSelection(text: string, start: number, end: number, wrap: Wrap, placeholder: string) {
  const [before, after] = WRAPS[wrap];
  const inner = text.slice(start, end) || placeholder;
  return { text: `${text.slice(0, start)}${before}${inner}${after}${text.slice(end)}`, start: start + before.length, end: start + before.length + inner.length };
}

/** The visible text of HTML (whether anything would show). */
const hasText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '' || /<img\s/i.test(html);

/** The editor drawer: a new article (id null) or one of mine. */
export function ArticleEditor({ id, open, onClose }: { id: number | null; open: boolean; onClose: () => void }) {
  const t = useCenterSharingTexts();
  const article = useMyArticle(open ? id : null);
  return (
    <Drawer open={open} onClose={onClose} title={id === null ? t('editorNew') : t('editorEdit')} size={720} destroyOnHidden data-testid="article-editor">
      {id !== null && article.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {id !== null && article.isError ? (
        <Alert type="error" showIcon title={article.error.message || t('loadFailed')} action={<Button size="small" onClick={() => void article.refetch()}>{t('retry')}</Button>} />
      ) : null}
      {id === null || article.data ? <EditorForm key={id ?? 'new'} t={t} article={article.data ?? null} onClose={onClose} /> : null}
    </Drawer>
  );
}

function EditorForm({ t, article, onClose }: { t: Texts; article: MyArticle | null; onClose: () => void }) {
  const [title, setTitle] = useState(article?.title ?? '');
  const [summary, setSummary] = useState(article?.summary ?? '');
  const [body, setBody] = useState(article?.body ?? '');
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [problem, setProblem] = useState<string | null>(null);
  const area = useRef<TextAreaRef>(null);
  const save = useArticleMutation((publish: boolean) => saveArticle({
    ...(article ? { id: article.id } : {}), title: title.trim(), summary: summary.trim(), body, publish,
  }).then((saved) => {
    showMessage('success', publish ? t('publishedOk') : article?.state === 'published' ? t('updatedOk') : t('saved'));
    return saved;
  }), onClose);

  const submit = (publish: boolean) => {
    if (!title.trim()) return setProblem(t('needTitle'));
    if (publish && !hasText(body)) return setProblem(t('needBody'));
    setProblem(null);
    save.mutate(publish);
  };

  const apply = (wrap: Wrap) => {
    const el = area.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? body.length;
    const next = wrapSelection(body, start, end, wrap, t(wrap));
    setBody(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.start, next.end);
    });
  };

  const published = article?.state === 'published';
  return (
    <form onSubmit={(e) => { e.preventDefault(); submit(published); }} aria-label={article ? t('editorEdit') : t('editorNew')}>
      <label htmlFor="article-title" style={{ display: 'block', fontWeight: 500, margin: '0 0 6px' }}>{t('titleLabel')}</label>
      <Input
        id="article-title" value={title} maxLength={ARTICLE_TITLE_MAX} showCount placeholder={t('titlePlaceholder')}
        onChange={(e) => setTitle(e.target.value)} data-testid="article-title"
      />
      <label htmlFor="article-summary" style={{ display: 'block', fontWeight: 500, margin: '16px 0 6px' }}>{t('summaryLabel')}</label>
      <Input.TextArea
        id="article-summary" value={summary} maxLength={ARTICLE_SUMMARY_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }}
        placeholder={t('summaryHint')} onChange={(e) => setSummary(e.target.value)}
      />
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, margin: '16px 0 6px', flexWrap: 'wrap' }}>
        <label htmlFor="article-body" style={{ fontWeight: 500 }}>{t('bodyLabel')}</label>
        <Segmented
          aria-label={t('bodyLabel')} value={mode} onChange={(v) => setMode(v as 'edit' | 'preview')}
          options={[{ value: 'edit', label: t('bodyEdit') }, { value: 'preview', label: t('bodyPreview') }]}
        />
      </div>
      {mode === 'edit' ? (
        <>
          <Space.Compact role="toolbar" aria-label={t('toolbar')} style={{ marginBottom: 8, flexWrap: 'wrap' }}>
            {(Object.keys(WRAPS) as Wrap[]).map((w) => (
              <Button key={w} size="small" onClick={() => apply(w)} data-testid={`article-tool-${w}`}>{t(w)}</Button>
            ))}
          </Space.Compact>
          <Input.TextArea
            id="article-body" ref={area} value={body} maxLength={ARTICLE_BODY_MAX} autoSize={{ minRows: 12, maxRows: 24 }}
            onChange={(e) => setBody(e.target.value)} aria-describedby="article-body-hint" data-testid="article-body"
            style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
          />
        </>
      ) : (
        <div data-testid="article-preview" style={{ minHeight: 240, padding: 16, border: '1px solid var(--portal-border, #d9d9d9)', borderRadius: 6, lineHeight: 1.8 }}>
          {hasText(body) ? <RichText html={body} /> : <p style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))', margin: 0 }}>{t('emptyPreview')}</p>}
        </div>
      )}
      <p id="article-body-hint" style={{ margin: '6px 0 0', color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))', fontSize: 13 }}>{t('bodyHint')}</p>
      {problem ? <Alert type="warning" showIcon title={problem} style={{ marginTop: 12 }} role="alert" /> : null}
      <Space style={{ marginTop: 20 }}>
        {published ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="article-update">{t('update')}</Button>
        ) : (
          <>
            <Button onClick={() => submit(false)} loading={save.isPending && save.variables === false} data-testid="article-save-draft">{t('saveDraft')}</Button>
            <Button type="primary" onClick={() => submit(true)} loading={save.isPending && save.variables === true} data-testid="article-publish">{t('saveAndPublish')}</Button>
          </>
        )}
        <Button onClick={onClose}>{t('cancel')}</Button>
      </Space>
    </form>
  );
}
