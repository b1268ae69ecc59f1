// One question of the paper: its number, kind, points and stem, and the control its kind takes
// (radio for single and judge, checkboxes for multiple, a text box for open survey answers).
import { Checkbox, Input, Radio } from 'antd';
import { useEffect, useState } from 'react';
import type { PaperQuestion } from '../../../api/exam';
import { KIND_TEXT } from './exam-format';
import { useExamTexts } from './texts';

interface Props {
  question: PaperQuestion;
  number: number;
  value: string[];
  scored: boolean;
  disabled: boolean;
  onChange: (value: string[]) => void;
}

export function QuestionView({ question: q, number, value, scored, disabled, onChange }: Props) {
  const t = useExamTexts();
  // The text box keeps its own draft, so typing is not re-rendered from the saved answers.
  const [draft, setDraft] = useState(value.join(''));
  useEffect(() => { if (q.kind === 'text') setDraft(value.join('')); }, [q.kind, value]);
  const labelId = `exam-q-${q.id}-stem`;
  const options = q.options.map((o) => ({ value: o.key, label: q.kind === 'judge' ? o.text : `${o.key}. ${o.text}` }));
  let control;
  if (q.kind === 'multiple') {
    control = <Checkbox.Group className="exam-question__choices" aria-labelledby={labelId} options={options} value={value} disabled={disabled} onChange={(v) => onChange((v as string[]).slice().sort())} />;
  } else if (q.kind === 'text') {
    control = (
      <Input.TextArea
        aria-labelledby={labelId} value={draft} maxLength={1000} showCount rows={4} disabled={disabled} placeholder={t('textPlaceholder')}
        onChange={(e) => { setDraft(e.target.value); onChange(e.target.value.trim() ? [e.target.value] : []); }}
      />
    );
  } else {
    control = <Radio.Group className="exam-question__choices" aria-labelledby={labelId} options={options} value={value[0] ?? null} disabled={disabled} onChange={(e) => onChange([e.target.value as string])} />;
  }
  return (
    <section className="exam-question" id={`exam-q-${q.id}`} data-testid="exam-question" data-id={q.id} data-kind={q.kind}>
      <p className="exam-question__stem" id={labelId}>
        <span className="exam-question__kind">{number}. [{t(KIND_TEXT[q.kind])}]</span>
        {q.stem}
        {scored && <span>{t('points', { n: q.score })}</span>}
      </p>
      {control}
    </section>
  );
}
