// An entrant's work for one submission stage: what was sent (with the judge's score and comment once
// given) and, while the stage is open and the work unscored, the form: title (2–60), text (≤ 5000,
// stored as paragraphs of sanitised rich text) and up to 9 files through the upload flow.
import { Alert, Button, Descriptions, Input } from 'antd';
import { useState } from 'react';
import { MATCH_FILES_MAX, MATCH_TEXT_MAX, MATCH_TITLE_MAX, MATCH_TITLE_MIN, type MatchFile, type MatchStage } from '../../../api/matches';
import { FileAttachments, FileLinks } from '../../../components/file-attachments';
import { showMessage } from '../../../components/feedback/feedback';
import { RichText } from '../../../runtime/rich-text-view';
import { when } from './match-parts';
import type { MatchTexts } from './match-texts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\'': '&#39;' };

/** Plain text as rich text: one paragraph per line, every character escaped. */
export function textToHtml(text: string): string {
  return text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean)
    .map((line) => `<p>${line.replace(/[&<>"']/g, (c) => ESCAPES[c]!)}</p>`).join('');
}

/** Rich text back to plain text, a line per paragraph (to revise what was sent). */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks = [...doc.body.querySelectorAll('p, li, h1, h2, h3, h4, div')].filter((el) => !el.querySelector('p, li, div'));
  return (blocks.length ? blocks.map((el) => el.textContent ?? '') : [doc.body.textContent ?? '']).join('\n');
}

/** Characters as people count them (code points, as the server does). */
export const charCount = (text: string) => [...text].length;

export function SubmissionBlock({ stage, onSubmit, pending, t }: {
  stage: MatchStage;
  onSubmit: (work: { title: string; content: string; attachments: MatchFile[] }) => Promise<unknown>;
  pending: boolean;
  t: MatchTexts;
}) {
  const mine = stage.mine;
  const [title, setTitle] = useState(mine?.title ?? '');
  const [text, setText] = useState(() => (mine ? htmlToText(mine.content) : ''));
  const [files, setFiles] = useState<MatchFile[]>(mine?.attachments ?? []);
  const textLength = charCount(text.replace(/\s+/g, ''));
  const idBase = `match-stage-${stage.id}`;

  const send = () => {
    const name = title.trim();
    const n = charCount(name);
    // Ours (spec learning §5 "other rules: not shown"); the server checks the same.
    if (n < MATCH_TITLE_MIN || n > MATCH_TITLE_MAX) return showMessage('warning', t('titleLength', { min: MATCH_TITLE_MIN, max: MATCH_TITLE_MAX }));
    if (charCount(text) > MATCH_TEXT_MAX) return showMessage('warning', t('textTooLong', { n: MATCH_TEXT_MAX, count: charCount(text) }));
    if (textLength === 0 && files.length === 0) return showMessage('warning', t('emptyWork'));
    void onSubmit({ title: name, content: textToHtml(text), attachments: files }).then(() => showMessage('success', mine ? t('updated') : t('submitted')), () => undefined);
  };

  return (
    <div className="match-work" data-testid="match-work" data-stage={stage.id}>
      {mine ? (
        <div data-testid="my-work" style={{ marginBottom: 12 }}>
          <h4 style={{ margin: '0 0 4px', fontSize: 15 }}>{t('myWorkTitle', { title: mine.title })}</h4>
          <p className="match-meta">{t('submittedAt', { time: when(mine.submittedAt) })} · {t('revision', { n: mine.revision })}</p>
          {mine.score !== null ? (
            <Descriptions bordered size="small" column={1} style={{ margin: '8px 0' }} items={[
              { key: 'score', label: t('score'), children: <strong data-testid="my-work-score">{t('scoreOf', { score: mine.score, max: stage.maxScore ?? 0 })}</strong> },
              { key: 'comment', label: t('judgeComment'), children: mine.judgeComment || t('noComment') },
            ]} />
          ) : <Alert type="info" showIcon style={{ margin: '8px 0' }} title={t('waitingScore')} />}
          {mine.content ? <RichText html={mine.content} /> : null}
          {mine.attachments.length ? <FileLinks files={mine.attachments} testId="my-work-files" /> : null}
        </div>
      ) : null}
      {stage.canSubmit ? (
        <form aria-label={t('mySubmission')} onSubmit={(e) => { e.preventDefault(); send(); }}>
          <label htmlFor={`${idBase}-title`} style={{ display: 'block', marginBottom: 4 }}>
            {t('workTitle')} <span className="match-meta">{t('workTitleHint', { min: MATCH_TITLE_MIN, max: MATCH_TITLE_MAX })}</span>
          </label>
          <Input id={`${idBase}-title`} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={MATCH_TITLE_MAX} showCount data-testid="match-work-title" />
          <label htmlFor={`${idBase}-text`} style={{ display: 'block', margin: '12px 0 4px' }}>{t('workText')}</label>
          <Input.TextArea
            id={`${idBase}-text`} value={text} onChange={(e) => setText(e.target.value)} maxLength={MATCH_TEXT_MAX} showCount
            autoSize={{ minRows: 5, maxRows: 16 }} placeholder={t('workTextPlaceholder', { n: MATCH_TEXT_MAX })} data-testid="match-work-text"
          />
          <div style={{ margin: '12px 0 4px' }}>{t('files', { n: MATCH_FILES_MAX })}</div>
          <FileAttachments value={files} onChange={setFiles} max={MATCH_FILES_MAX} testId="match-work-files" />
          <Button type="primary" htmlType="submit" loading={pending} style={{ marginTop: 12 }} data-testid="match-work-submit">
            {mine ? t('resubmit') : t('submit')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
