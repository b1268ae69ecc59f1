// One chapter in the work editor (issue 20 part V, myWorks/create): its title and its text in the
// rich-text editor, with the word count and autosave. A change is saved 1.5 s after the author stops
// typing (savePart; the server sanitises the HTML), and at once when the page asks (`flushRef`:
// before another chapter opens, before the work is submitted, on "Save"). The status says what
// happened; a failed save keeps the text in the page and says why, so nothing typed is lost.
import { Alert, Button, Input, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { ApiError } from '../../../api/client';
import { CHAPTER_TITLE_MAX, countWords, saveChapter, useMyChapter, type ChapterDetail } from '../../../api/creators';
import { RichTextEditor } from '../../../components/rich-text-editor/rich-text-editor';
import { RichText } from '../../../runtime/rich-text-view';
import type { WorksTexts } from './works-texts';

/** How long after the last keystroke a chapter is saved. */
export const AUTOSAVE_MS = 1500;

type Status = { kind: 'idle' } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'error'; message: string };

export function WorksChapterEditor({ t, contentId, chapterId, disabled, otherWords, flushRef, onSaved }: {
  t: WorksTexts;
  contentId: number;
  chapterId: number;
  disabled: boolean;
  /** Words of the work's other chapters (for the whole-work count). */
  otherWords: number;
  /** Set to a function that saves now (resolves false when the save failed). */
  flushRef: MutableRefObject<(() => Promise<boolean>) | null>;
  onSaved(chapter: ChapterDetail): void;
}) {
  const chapter = useMyChapter(chapterId);
  if (chapter.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (chapter.isError) {
    return <Alert type="error" showIcon title={chapter.error.message || t('loadFailed')} action={<Button size="small" onClick={() => void chapter.refetch()}>{t('retry')}</Button>} />;
  }
  return <ChapterForm key={chapter.data.id} t={t} contentId={contentId} loaded={chapter.data} disabled={disabled} otherWords={otherWords} flushRef={flushRef} onSaved={onSaved} />;
}

function ChapterForm({ t, contentId, loaded, disabled, otherWords, flushRef, onSaved }: {
  t: WorksTexts; contentId: number; loaded: ChapterDetail; disabled: boolean; otherWords: number;
  flushRef: MutableRefObject<(() => Promise<boolean>) | null>; onSaved(chapter: ChapterDetail): void;
}) {
  const [title, setTitle] = useState(loaded.title);
  const [words, setWords] = useState(loaded.wordCount);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // The latest text and whether it differs from what the server has: read by the timer and flush.
  const latest = useRef({ title: loaded.title, html: loaded.html, dirty: false });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const save = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) await inFlight.current;
    const now = latest.current;
    if (!now.dirty) return true;
    if (!now.title.trim()) {
      setStatus({ kind: 'error', message: t('chapterTitle') });
      return false;
    }
    now.dirty = false;
    setStatus({ kind: 'saving' });
    const run = saveChapter({ contentId, id: loaded.id, title: now.title.trim(), html: now.html }, { silent: true }).then((saved) => {
      setStatus(latest.current.dirty ? { kind: 'dirty' } : { kind: 'saved', at: dayjs().format('HH:mm:ss') });
      onSavedRef.current(saved);
      return true;
    }, (error: unknown) => {
      latest.current.dirty = true;
      setStatus({ kind: 'error', message: error instanceof ApiError || error instanceof Error ? error.message : String(error) });
      return false;
    }).finally(() => { inFlight.current = null; });
    inFlight.current = run;
    return run;
  }, [contentId, loaded.id, t]);

  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const flush = () => saveRef.current();
    flushRef.current = flush;
    return () => {
      // Leaving the chapter (another opens, the page closes): what is typed is saved.
      if (latest.current.dirty) void saveRef.current();
      if (flushRef.current === flush) flushRef.current = null;
    };
  }, [flushRef]);

  const changed = () => {
    latest.current.dirty = true;
    setStatus({ kind: 'dirty' });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), AUTOSAVE_MS);
  };

  const statusText = status.kind === 'saving' ? t('saving') : status.kind === 'saved' ? t('savedAt', { time: status.at })
    : status.kind === 'dirty' ? t('unsaved') : status.kind === 'error' ? t('saveFailed', { message: status.message }) : '';

  return (
    <section aria-label={title || t('chapterTitle')} data-testid="works-chapter-editor" data-id={loaded.id}>
      <label htmlFor="works-chapter-title" style={{ display: 'block', fontWeight: 500, marginBottom: 6 }}>{t('chapterTitle')}</label>
      <Input
        id="works-chapter-title" value={title} maxLength={CHAPTER_TITLE_MAX} disabled={disabled} data-testid="works-chapter-title"
        onChange={(e) => { setTitle(e.target.value); latest.current.title = e.target.value; changed(); }}
      />
      <div style={{ margin: '16px 0 6px', fontWeight: 500 }} id="works-chapter-body-label">{t('chapterBody')}</div>
      {disabled ? (
        <div role="group" className="rich-text-editor" style={{ padding: '12px 16px', minHeight: 200, lineHeight: 1.9 }} aria-labelledby="works-chapter-body-label" data-testid="works-body-readonly">
          <RichText html={loaded.html} />
        </div>
      ) : (
        <RichTextEditor
          initialHtml={loaded.html} label={t('chapterBody')} placeholder={t('bodyPlaceholder')} describedBy="works-chapter-count" testId="works-body"
          onChange={(html, text) => { latest.current.html = html; setWords(countWords(text)); changed(); }}
        />
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginTop: 8, fontSize: 13 }}>
        <span id="works-chapter-count" data-testid="works-word-count">{t('wordCount', { n: words, total: otherWords + words })}</span>
        <span role="status" aria-live="polite" data-testid="works-save-status" data-state={status.kind}>{statusText}</span>
      </div>
      {!disabled ? (
        <Button size="small" style={{ marginTop: 8 }} onClick={() => void save()} disabled={status.kind === 'saving'} data-testid="works-save-chapter">{t('saveNow')}</Button>
      ) : null}
    </section>
  );
}
