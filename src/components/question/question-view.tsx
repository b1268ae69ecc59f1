// One question of a paper (issue 18: moved here from the exam feature so practice and marking can
// render it too): its number, kind, points and stem, and the control its kind takes. single and
// judge: radios; multiple: checkboxes; text (surveys) and short: a text box with a character count
// (max 1000); fill: one input per blank, inline where the stem has a run of underscores (____);
// composite: the passage, then its sub-questions numbered 1.1, 1.2 with their own answers.
import { Checkbox, Input, Radio } from 'antd';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import type { PaperQuestion, QuestionKind } from '../../api/exam';
import { useQuestionTexts, type QuestionText } from './texts';
import './question.css';

/** The text key of each kind's label. */
export const QUESTION_KIND_TEXT: Record<QuestionKind, QuestionText> = {
  single: 'kindSingle', multiple: 'kindMultiple', judge: 'kindJudge', text: 'kindText', fill: 'kindFill', short: 'kindShort', composite: 'kindComposite',
};

/** The longest written answer (short and text), in characters: the server's limit too. */
export const WRITTEN_ANSWER_MAX = 1000;

/** A blank in a fill question's stem: a run of three or more underscores (or full-width ＿). */
export const BLANK_MARK = /[_＿]{3,}/g;

/** How many blanks a fill question has: the server's count, else the stem's marks (at least one). */
export function blankCount(q: Pick<PaperQuestion, 'stem' | 'blanks'>): number {
  return q.blanks ?? Math.max(1, q.stem.match(BLANK_MARK)?.length ?? 0);
}

/** Whether a question is answered: a composite when every one of its sub-questions is. */
export function isAnswered(q: PaperQuestion, answers: Record<string, string[]>): boolean {
  if (q.kind === 'composite') {
    const children = q.children ?? [];
    return children.length > 0 && children.every((c) => (answers[String(c.id)] ?? []).length > 0);
  }
  return (answers[String(q.id)] ?? []).length > 0;
}

export interface QuestionViewProps {
  question: PaperQuestion;
  /** The number shown: 3, or 3.1 for a composite's sub-question. */
  number: number | string;
  /** This question's answer (a composite has none: its sub-questions' are in `answers`). */
  value: string[];
  /** Whether points are shown (not for a survey). */
  scored: boolean;
  disabled: boolean;
  onChange: (value: string[]) => void;
  /** A composite's sub-question answers by question id. */
  answers?: Record<string, string[]>;
  /** A composite's sub-question answer changed. */
  onAnswer?: (questionId: number, value: string[]) => void;
}

/** The answer of a fill question from its blanks: [] when every blank is empty. */
const fillValue = (blanks: string[]) => (blanks.some((b) => b.trim()) ? blanks : []);

function FillStem({ q, number, value, disabled, onChange, kindLabel }: {
  q: PaperQuestion; number: number | string; value: string[]; disabled: boolean; onChange: (v: string[]) => void; kindLabel: ReactNode;
}) {
  const t = useQuestionTexts();
  const n = blankCount(q);
  // Each input keeps its own draft, so typing is not re-rendered from the saved answers.
  const [draft, setDraft] = useState<string[]>(() => Array.from({ length: n }, (_, i) => value[i] ?? ''));
  const joined = value.join('\u0000');
  useEffect(() => { setDraft(Array.from({ length: n }, (_, i) => value[i] ?? '')); }, [joined, n]);
  const input = (i: number) => (
    <Input
      key={`blank-${i}`} className="question-blank" size="small" value={draft[i] ?? ''} maxLength={200} disabled={disabled}
      aria-label={t('blankOf', { q: number, n: i + 1 })} data-testid="question-blank"
      onChange={(e) => {
        const next = draft.slice();
        next[i] = e.target.value;
        setDraft(next);
        onChange(fillValue(next));
      }}
    />
  );
  const parts = q.stem.split(BLANK_MARK);
  const marks = parts.length - 1;
  return (
    <>
      {kindLabel}
      {parts.map((text, i) => (
        <Fragment key={i}>{text}{i < marks && i < n ? input(i) : null}</Fragment>
      ))}
      {/* Blanks the stem does not mark go after it. */}
      {Array.from({ length: Math.max(0, n - marks) }, (_, k) => input(marks + k))}
    </>
  );
}

function WrittenAnswer({ q, value, disabled, onChange, labelId }: {
  q: PaperQuestion; value: string[]; disabled: boolean; onChange: (v: string[]) => void; labelId: string;
}) {
  const t = useQuestionTexts();
  // The text box keeps its own draft, so typing is not re-rendered from the saved answers.
  const [draft, setDraft] = useState(value.join(''));
  const saved = value.join('');
  useEffect(() => { setDraft(saved); }, [saved]);
  return (
    <Input.TextArea
      aria-labelledby={labelId}
      value={draft} maxLength={WRITTEN_ANSWER_MAX} showCount rows={q.kind === 'short' ? 6 : 4} disabled={disabled}
      placeholder={t(q.kind === 'short' ? 'shortPlaceholder' : 'textPlaceholder')} data-testid="question-written"
      onChange={(e) => { setDraft(e.target.value); onChange(e.target.value.trim() ? [e.target.value] : []); }}
    />
  );
}

export function QuestionView(props: QuestionViewProps) {
  const { question: q, number, value, scored, disabled, onChange, answers, onAnswer } = props;
  const t = useQuestionTexts();
  const labelId = `exam-q-${q.id}-stem`;
  const kindLabel = <span className="exam-question__kind">{number}. [{t(QUESTION_KIND_TEXT[q.kind])}]</span>;
  const points = scored && q.score > 0 ? <span>{t('points', { n: q.score })}</span> : null;

  if (q.kind === 'composite') {
    return (
      <section className="exam-question exam-question--composite" id={`exam-q-${q.id}`} data-testid="exam-question" data-id={q.id} data-kind={q.kind} aria-labelledby={labelId}>
        <p className="exam-question__stem" id={labelId}>{kindLabel}{t('passage')}{points}</p>
        <div className="question-passage" data-testid="question-passage">{q.stem}</div>
        <div className="question-children">
          {(q.children ?? []).map((c, i) => (
            <QuestionView
              key={c.id} question={c} number={`${number}.${i + 1}`} scored={scored} disabled={disabled}
              value={answers?.[String(c.id)] ?? []} onChange={(v) => onAnswer?.(c.id, v)}
            />
          ))}
        </div>
      </section>
    );
  }

  const options = q.options.map((o) => ({ value: o.key, label: q.kind === 'judge' ? o.text : `${o.key}. ${o.text}` }));
  let control: ReactNode = null;
  if (q.kind === 'multiple') {
    control = <Checkbox.Group className="exam-question__choices" aria-labelledby={labelId} options={options} value={value} disabled={disabled} onChange={(v) => onChange((v as string[]).slice().sort())} />;
  } else if (q.kind === 'text' || q.kind === 'short') {
    control = <WrittenAnswer q={q} value={value} disabled={disabled} onChange={onChange} labelId={labelId} />;
  } else if (q.kind === 'single' || q.kind === 'judge') {
    // A name of its own: antd's generated one is the same for every group under test ("test-id"), and
    // radios sharing a name uncheck each other when the page re-renders.
    control = <Radio.Group className="exam-question__choices" name={`exam-q-${q.id}`} aria-labelledby={labelId} options={options} value={value[0] ?? null} disabled={disabled} onChange={(e) => onChange([e.target.value as string])} />;
  }
  return (
    <section className="exam-question" id={`exam-q-${q.id}`} data-testid="exam-question" data-id={q.id} data-kind={q.kind}>
      <p className="exam-question__stem" id={labelId}>
        {q.kind === 'fill'
          ? <FillStem q={q} number={number} value={value} disabled={disabled} onChange={onChange} kindLabel={kindLabel} />
          : <>{kindLabel}{q.stem}</>}
        {points}
      </p>
      {control}
    </section>
  );
}
