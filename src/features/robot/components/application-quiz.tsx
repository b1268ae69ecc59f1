// A quiz run's questions answered on the page (issue 21 part D): single choice by radio, a cloze
// by typing; 提交答案 checks every answer, shows the score, each right answer and its explanation
// (the sentence it came from); 重新作答 clears them. Nothing is sent: the answers are in the run.
import { Button, Input, Modal, Radio } from 'antd';
import { useState, type ReactNode } from 'react';
import type { QuizQuestion } from '../api/assistant';
import { useApplicationTexts } from './application-texts';

const LETTERS = ['A', 'B', 'C', 'D'];

/** A typed answer as compared: NFKC, lower case, without spaces and punctuation. */
export const normalizeAnswer = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[\s\p{P}]/gu, '');

/** Whether an answer is right: the letter for single choice, the term (normalised) for a cloze. */
export const isRight = (q: QuizQuestion, answer: string | undefined) =>
  answer !== undefined && answer !== '' && (q.type === 'single' ? answer === q.answer : normalizeAnswer(answer) === normalizeAnswer(q.answer));

/** The quiz; `asked` is how many the learner asked for (a short material gives fewer), `footer` goes under it. */
export function ApplicationQuiz({ questions, asked, footer }: { questions: QuizQuestion[]; asked?: number; footer?: ReactNode }) {
  const t = useApplicationTexts();
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [checked, setChecked] = useState(false);
  const right = questions.filter((q, i) => isRight(q, answers[i])).length;
  const submit = () => {
    const missing = questions.filter((_, i) => !answers[i]?.trim()).length;
    if (missing === 0) setChecked(true);
    else Modal.confirm({ title: t('unanswered', { n: missing }), onOk: () => setChecked(true) });
  };
  return (
    <section className="assistant-panel" aria-labelledby="quiz-title" data-testid="application-quiz">
      <h2 id="quiz-title">{t('quiz')}</h2>
      <p className="application-meta" style={{ marginBottom: 12 }}>{t('quizHint')}</p>
      {asked !== undefined && asked > questions.length && <p className="application-meta" style={{ marginBottom: 12 }} data-testid="quiz-fewer">{t('fewer', { n: questions.length, asked })}</p>}
      {checked && <p className="quiz-score" role="status" data-testid="quiz-score">{t('score', { right, total: questions.length })}</p>}
      <ol className="quiz-list">
        {questions.map((q, i) => {
          const answer = answers[i];
          const ok = isRight(q, answer);
          const shown = q.type === 'single' ? `${q.answer}. ${q.options[LETTERS.indexOf(q.answer)] ?? ''}` : q.answer;
          return (
            <li key={i} className="quiz-item">
              <fieldset>
                <legend><span className="quiz-item__kind">{i + 1}. {q.type === 'single' ? t('single') : t('cloze')}</span>{q.stem}</legend>
                {q.type === 'single' ? (
                  <Radio.Group className="quiz-item__options" value={answer} disabled={checked} onChange={(e) => setAnswers({ ...answers, [i]: e.target.value as string })}>
                    {q.options.map((option, j) => <Radio key={j} value={LETTERS[j]}>{LETTERS[j]}. {option}</Radio>)}
                  </Radio.Group>
                ) : (
                  <Input
                    value={answer ?? ''} disabled={checked} style={{ maxWidth: 320 }} aria-label={t('blank', { n: i + 1 })}
                    onChange={(e) => setAnswers({ ...answers, [i]: e.target.value })}
                  />
                )}
                {checked && (
                  <div className={`quiz-item__check quiz-item__check--${ok ? 'right' : 'wrong'}`}>
                    {ok ? t('correct') : t('wrong', { answer: shown })}
                    {q.explanation && <p className="quiz-item__explain">{t('explanation', { text: q.explanation })}</p>}
                  </div>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="application-actions" style={{ marginTop: 16 }}>
        {checked ? <Button onClick={() => { setAnswers({}); setChecked(false); }}>{t('again')}</Button> : <Button type="primary" onClick={submit}>{t('submit')}</Button>}
      </div>
      {footer}
    </section>
  );
}
