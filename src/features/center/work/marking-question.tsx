// One short question on the marking page (issue 18 part E): the stem (and a composite's passage),
// the model answer folded away, the progress, and either the pending answers one at a time with
// the mark form, or the marked answers to revise.
import { Alert, Button, Collapse, Empty, InputNumber, Input, Progress, Result, Segmented, Skeleton, Space, Tag, Typography, message } from 'antd';
import dayjs from 'dayjs';
import { useState, type KeyboardEvent } from 'react';
import { useMarkingAnswers, useSaveMark, type MarkingAnswer, type MarkingListState, type MarkingQuestion } from '../../../api/exam-marking';
import { useMarkingTexts } from './marking-texts';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/** The score and comment of one answer; Enter (Shift+Enter: a new line in the comment) saves. */
function MarkForm({ answer, points, onSaved, submitText, onCancel }: {
  answer: MarkingAnswer; points: number; onSaved: () => void; submitText: string; onCancel?: () => void;
}) {
  const t = useMarkingTexts();
  const save = useSaveMark();
  const [score, setScore] = useState<number | null>(answer.score);
  const [comment, setComment] = useState(answer.comment ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const id = `mark-${answer.attemptId}-${answer.questionId}`;
  const focusScore = () => document.getElementById(`${id}-score`)?.focus();
  const half = Math.floor(points / 2);

  const submit = () => {
    if (save.isPending) return;
    if (score === null) {
      setProblem(t('needScore'));
      focusScore();
      return;
    }
    setProblem(null);
    save.mutate({ attemptId: answer.attemptId, questionId: answer.questionId, score, ...(comment.trim() ? { comment: comment.trim() } : {}) }, {
      onSuccess: () => {
        void message.success(t('saved'));
        onSaved();
      },
      onError: (error) => setProblem(error.message),
    });
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="portal-marking__form" data-testid="mark-form">
      <label htmlFor={`${id}-score`} className="portal-marking__label">{t('scoreOf', { n: points })}</label>
      <Space wrap>
        <InputNumber
          id={`${id}-score`} autoFocus min={0} max={points} precision={0} step={1} value={score}
          onChange={(v) => setScore(typeof v === 'number' ? v : null)} onKeyDown={onKey} data-testid="mark-score"
        />
        <Button onClick={() => setScore(0)} data-testid="mark-zero">{t('zero')}</Button>
        <Button onClick={() => setScore(half)} data-testid="mark-half">{t('half', { n: half })}</Button>
        <Button onClick={() => setScore(points)} data-testid="mark-full">{t('full', { n: points })}</Button>
      </Space>
      <label htmlFor={`${id}-comment`} className="portal-marking__label">{t('comment')}</label>
      <Input.TextArea
        id={`${id}-comment`} value={comment} maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }}
        onChange={(e) => setComment(e.target.value)} onKeyDown={onKey} data-testid="mark-comment"
      />
      {problem && <Alert type="error" showIcon title={problem} data-testid="mark-problem" />}
      <Space wrap>
        <Button type="primary" loading={save.isPending} onClick={submit} data-testid="mark-save">{submitText}</Button>
        {onCancel && <Button onClick={onCancel}>{t('cancel')}</Button>}
        <Typography.Text type="secondary">{t('keyHint')}</Typography.Text>
      </Space>
    </div>
  );
}

/** Who wrote an answer and when: 考生 n under blind marking, the name otherwise. */
function AnswerHead({ answer }: { answer: MarkingAnswer }) {
  const t = useMarkingTexts();
  return (
    <div className="portal-marking__answer-head">
      <strong data-testid="mark-candidate">{answer.candidate.name ?? t('candidate', { n: answer.candidate.number })}</strong>
      {answer.submittedAt && <Typography.Text type="secondary">{t('submittedAt', { time: time(answer.submittedAt) })}</Typography.Text>}
    </div>
  );
}

function AnswerText({ answer }: { answer: MarkingAnswer }) {
  const t = useMarkingTexts();
  return (
    <div className="portal-marking__answer" role="group" aria-label={t('answer')} data-testid="mark-answer">
      {answer.answer || <Typography.Text type="secondary">{t('blank')}</Typography.Text>}
    </div>
  );
}

/** A marked answer: its mark and comment, and the form to change them. */
function MarkedItem({ answer, points }: { answer: MarkingAnswer; points: number }) {
  const t = useMarkingTexts();
  const [editing, setEditing] = useState(false);
  return (
    <li className="portal-marking__item" data-testid="marked-item" data-attempt={answer.attemptId}>
      <div className="portal-marking__marked">
        <AnswerHead answer={answer} />
        <AnswerText answer={answer} />
        {editing ? <MarkForm answer={answer} points={points} submitText={t('save')} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} /> : (
          <div className="portal-marking__mark">
            <Tag color="blue">{t('score')} {answer.score} / {points}</Tag>
            {answer.comment && <span>{answer.comment}</span>}
            <Typography.Text type="secondary">
              {answer.markedBy ? t('markedBy', { name: answer.markedBy, time: time(answer.markedAt) }) : t('autoZero')}
            </Typography.Text>
            <Button size="small" onClick={() => setEditing(true)} data-testid="marked-edit">{t('edit')}</Button>
          </div>
        )}
      </div>
    </li>
  );
}

/** The pane of one question: pending answers one at a time, or the marked list. */
export function MarkingQuestionPane({ examId, question, onNextQuestion }: { examId: number; question: MarkingQuestion; onNextQuestion: (() => void) | null }) {
  const t = useMarkingTexts();
  // Pending first: a question with nothing left says so and offers the next one.
  const [view, setView] = useState<MarkingListState>('pending');
  const answers = useMarkingAnswers(examId, question.questionId, view);
  const pendingCount = question.total - question.marked;
  const current = view === 'pending' ? answers.data?.items[0] : undefined;

  return (
    <div className="portal-marking__question" data-testid="marking-question">
      {question.passage && (
        <div className="portal-marking__passage"><Typography.Text type="secondary">{t('passage')}</Typography.Text><p>{question.passage}</p></div>
      )}
      <p className="portal-marking__stem" data-testid="marking-stem">{question.stem} <Tag>{t('points', { n: question.points })}</Tag></p>
      <Collapse size="small" items={[{
        key: 'reference', label: t('reference'),
        children: <p className="portal-marking__reference" data-testid="marking-reference">{question.reference || t('noReference')}</p>,
      }]} />
      <div className="portal-marking__progress">
        <span data-testid="marking-progress">{t('progress', { marked: question.marked, total: question.total })}</span>
        <Progress percent={question.total ? Math.round((question.marked / question.total) * 100) : 100} showInfo={false} size="small" aria-label={t('progress', { marked: question.marked, total: question.total })} />
      </div>
      <Segmented<MarkingListState>
        value={view} onChange={setView} data-testid="marking-view"
        options={[{ value: 'pending', label: `${t('pending')} (${pendingCount})` }, { value: 'marked', label: `${t('marked')} (${question.marked})` }]}
      />
      {answers.isPending ? <Skeleton active /> : answers.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} description={answers.error.message}
          action={<Button size="small" onClick={() => void answers.refetch()}>{t('retry')}</Button>} />
      ) : view === 'pending' ? (
        current ? (
          <div className="portal-marking__current" data-testid="marking-current" data-attempt={current.attemptId}>
            <AnswerHead answer={current} />
            <AnswerText answer={current} />
            <Typography.Text type="secondary">{t('remaining', { n: answers.data.items.length })}</Typography.Text>
            <MarkForm key={`${current.attemptId}-${current.questionId}`} answer={current} points={question.points} submitText={t('saveNext')} onSaved={() => undefined} />
          </div>
        ) : (
          <Result status="success" title={t('questionDone')} data-testid="marking-question-done"
            extra={onNextQuestion ? <Button type="primary" onClick={onNextQuestion}>{t('nextQuestion')}</Button> : null} />
        )
      ) : answers.data.items.length === 0 ? <Empty description={t('noMarked')} /> : (
        <ul className="portal-marking__list" data-testid="marked-list">
          {answers.data.items.map((a) => <MarkedItem key={`${a.attemptId}-${a.questionId}`} answer={a} points={question.points} />)}
        </ul>
      )}
    </div>
  );
}
