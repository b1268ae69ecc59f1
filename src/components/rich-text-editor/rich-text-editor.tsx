// A rich-text editor for long text (issue 20 part V: a creator's chapters): an editable region with
// a labelled toolbar (bold, italic, heading, bulleted and numbered lists, quote, link). Everything
// is reachable by keyboard: Tab reaches each toolbar button and the text; Ctrl/⌘+B and +I work in
// the text. Pasting keeps the text and its plain structure and drops scripts, styles and event
// handlers (the portal's rich-text policy, src/runtime/rich-text.ts); the server sanitises again on
// save. The editor is uncontrolled after it mounts: `initialHtml` fills it, `onChange` reports
// the HTML and plain text as the author types; remount it (a new key) to load other text.
import { LinkOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Tooltip } from 'antd';
import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { sanitizeRichText } from '../../runtime/rich-text';
import { useRichTextEditorTexts } from './rich-text-editor-texts';
import './rich-text-editor.css';

/** What a toolbar button does: a document command and, for blocks, its argument. */
const TOOLS = [
  { key: 'bold', command: 'bold', glyph: 'B', style: { fontWeight: 700 } },
  { key: 'italic', command: 'italic', glyph: 'I', style: { fontStyle: 'italic' } },
  { key: 'heading', command: 'formatBlock', value: 'h3', glyph: 'H' },
  { key: 'bulletList', command: 'insertUnorderedList', glyph: '•≡' },
  // One character, as B, I and H: "1." read as text the button's name did not contain (axe label-content-name-mismatch).
  { key: 'numberList', command: 'insertOrderedList', glyph: '⒈' },
  { key: 'quote', command: 'formatBlock', value: 'blockquote', glyph: '“”' },
] as const;

/** Runs a document command on the selection; false where the browser has none (jsdom). */
function run(command: string, value?: string): boolean {
  if (typeof document.execCommand !== 'function') return false;
  return document.execCommand(command, false, value);
}

/** A link address the policy keeps: http(s) or a site path. */
export const linkAllowed = (url: string) => /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i.test(url.trim());

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Pasted content as the editor inserts it: HTML sanitised by the policy with styles, classes and
 * ids removed (text and structure stay, the source's look does not); plain text as paragraphs.
 */
export function pastedHtml(html: string, text: string): string {
  if (html.trim()) {
    const template = document.createElement('template');
    template.innerHTML = sanitizeRichText(html);
    template.content.querySelectorAll('*').forEach((el) => {
      el.removeAttribute('style');
      el.removeAttribute('class');
      el.removeAttribute('id');
    });
    return template.innerHTML;
  }
  return text.split(/\r?\n\s*\r?\n/).map((block) => `<p>${escapeHtml(block).replace(/\r?\n/g, '<br>')}</p>`).join('');
}

export interface RichTextEditorProps {
  /** The text it starts with (HTML; sanitised before it is shown). */
  initialHtml: string;
  /** The HTML and plain text after each change. */
  onChange(html: string, text: string): void;
  /** The accessible name of the text region. */
  label: string;
  /** Shown while the text is empty. */
  placeholder?: string;
  /** Ids of elements describing the region (a word count, a hint). */
  describedBy?: string;
  testId?: string;
}

export function RichTextEditor({ initialHtml, onChange, label, placeholder, describedBy, testId = 'rich-text-editor' }: RichTextEditorProps) {
  const t = useRichTextEditorTexts();
  const region = useRef<HTMLDivElement>(null);
  const saved = useRef<Range | null>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [empty, setEmpty] = useState(true);
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('https://');
  const linkId = useId();

  useEffect(() => {
    const el = region.current;
    if (!el) return;
    el.innerHTML = sanitizeRichText(initialHtml);
    setEmpty(el.textContent?.trim() === '');
    // Only on mount: the editor owns its text after that (remount to load other text).
  }, []);

  const changed = () => {
    const el = region.current;
    if (!el) return;
    setEmpty(el.textContent?.trim() === '' && !el.querySelector('img'));
    onChange(el.innerHTML, el.innerText ?? el.textContent ?? '');
  };

  const refreshState = () => {
    if (typeof document.queryCommandState !== 'function') return;
    setActive({ bold: document.queryCommandState('bold'), italic: document.queryCommandState('italic') });
  };

  const apply = (tool: (typeof TOOLS)[number]) => {
    region.current?.focus();
    // A block already of this kind goes back to a paragraph (heading and quote toggle).
    const block = 'value' in tool ? (document.queryCommandValue?.('formatBlock') ?? '').toLowerCase() : '';
    run(tool.command, 'value' in tool ? (block === tool.value ? 'p' : tool.value) : undefined);
    changed();
    refreshState();
  };

  const openLink = () => {
    const selection = window.getSelection();
    saved.current = selection && selection.rangeCount > 0 && region.current?.contains(selection.anchorNode) ? selection.getRangeAt(0).cloneRange() : null;
    setHref('https://');
    setLinking(true);
  };

  const insertLink = () => {
    if (!linkAllowed(href)) return;
    setLinking(false);
    region.current?.focus();
    const selection = window.getSelection();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
    const url = href.trim();
    if (selection && !selection.isCollapsed) run('createLink', url);
    else run('insertHTML', `<a href="${escapeHtml(url).replace(/"/g, '&quot;')}">${escapeHtml(url)}</a>`);
    changed();
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault();
    const html = pastedHtml(e.clipboardData.getData('text/html'), e.clipboardData.getData('text/plain'));
    if (!run('insertHTML', html)) {
      // No editing commands (jsdom): append, so the text is never lost.
      region.current?.insertAdjacentHTML('beforeend', html);
    }
    changed();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
      e.preventDefault();
      openLink();
    }
  };

  const linkOk = linkAllowed(href);
  return (
    <div className="rich-text-editor" data-testid={testId}>
      <div role="toolbar" aria-label={t('toolbar')} className="rich-text-editor__toolbar">
        {TOOLS.map((tool) => (
          <Tooltip key={tool.key} title={t(tool.key)}>
            <Button
              size="small" type="text" aria-label={t(tool.key)} aria-pressed={tool.key === 'bold' || tool.key === 'italic' ? Boolean(active[tool.key]) : undefined}
              onMouseDown={(e) => e.preventDefault() /* keep the selection in the text */} onClick={() => apply(tool)} data-testid={`${testId}-${tool.key}`}
            >
              <span aria-hidden="true" style={'style' in tool ? tool.style : undefined}>{tool.glyph}</span>
            </Button>
          </Tooltip>
        ))}
        <Tooltip title={t('link')}>
          <Button size="small" type="text" aria-label={t('link')} onMouseDown={(e) => e.preventDefault()} onClick={openLink} data-testid={`${testId}-link`}>
            <LinkOutlined aria-hidden="true" />
          </Button>
        </Tooltip>
      </div>
      <div className="rich-text-editor__frame">
        {empty && placeholder ? <div className="rich-text-editor__placeholder" aria-hidden="true">{placeholder}</div> : null}
        <div
          ref={region} className="rich-text-editor__text" contentEditable suppressContentEditableWarning role="textbox" aria-multiline="true"
          aria-label={label} aria-describedby={describedBy} tabIndex={0} onInput={changed} onPaste={onPaste} onKeyDown={onKeyDown}
          onKeyUp={refreshState} onMouseUp={refreshState} data-testid={`${testId}-text`}
        />
      </div>
      <Modal
        open={linking} title={t('linkTitle')} onCancel={() => setLinking(false)} onOk={insertLink} okText={t('ok')} cancelText={t('cancel')}
        okButtonProps={{ disabled: !linkOk }} destroyOnHidden
      >
        <label htmlFor={linkId} style={{ display: 'block', marginBottom: 6 }}>{t('linkUrl')}</label>
        <Input
          id={linkId} value={href} onChange={(e) => setHref(e.target.value)} onPressEnter={insertLink} autoFocus
          status={linkOk ? undefined : 'error'} aria-describedby={`${linkId}-hint`} data-testid={`${testId}-link-url`}
        />
        <p id={`${linkId}-hint`} style={{ margin: '6px 0 0', fontSize: 13 }}>{linkOk ? t('linkHint') : t('linkBad')}</p>
      </Modal>
    </div>
  );
}
