// One practice session, one question at a time (issue 18 "/paper"): answer, check, see right or
// wrong with the right answer and the explanation (a short question: the reference answer and the
// learner's own verdict), next; a progress bar; a summary at the end with the accuracy and "practise
// my wrong answers". A finished session opens as a review of every question.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Progress, Result, Skeleton, Space, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PaperQuestion } from '../../../api/exam';
import {
  answerPractice, assessPractice, finishPractice, getPracticeSession, practicePath, practiceSessionKey as sessionKey, sessionKind, startPractice,
  type AnswerResult, type PracticeFeedback, type PracticeQuestion, type PracticeSession,
} from '../../../api/practice';
import { QuestionView } from '../../../components/question/question-view';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { usePracticeTexts } from './texts';
import './practice.css';

export { practiceSessionKey as sessionKey } from '../../../api/practice';

/** A practised question as the shared renderer takes it: ids by position (children 101, 102…). */
export function paperQuestionOf(q: PracticeQuestion): PaperQuestion {
  const id = q.index + 1;
  return {
    id, kind: q.kind, stem: q.stem, options: q.options, score: 0, sort: q.index, ...(q.blanks ? { blanks: q.blanks } : {}),
    ...(q.kind === 'composite' ? {
      children: q.children.map((c, i) => ({ id: id * 100 + i + 1, kind: c.kind, stem: c.stem, options: c.options, score: 0, sort: i, ...(c.blanks ? { blanks: c.blanks } : {}) })),
    } : {}),
  } as PaperQuestion;
}

/** An answer as a reader sees it: "A. text" for keys, the blanks' words joined. */
function answerText(q: { kind: string; options: { key: string; text: string }[] }, value: string[] | string[][] | null, blankSep: string): string {
  if (!value || value.length === 0) return '';
  if (q.kind === 'fill') return (value as Array<string | string[]>).map((b) => (Array.isArray(b) ? b.join(' / ') : b)).join(blankSep);
  if (q.kind === 'short') return (value as string[]).join('');
  return (value as string[]).map((k) => {
    const o = q.options.find((x) => x.key === k);
    return o ? (q.kind === 'judge' ? o.text : `${k}. ${o.text}`) : k;
  }).join('  ');
}

/** What checking one answer showed, for a question or a composite's part. */
function FeedbackBody({ q, f, nested = false }: { q: { kind: string; options: { key: string; text: string }[] }; f: Omit<PracticeFeedback, 'parts'>; nested?: boolean }) {
  const t = usePracticeTexts();
  return (
    <div className={nested ? 'practice-feedback__part' : undefined}>
      {/* A composite's own answer is its parts' (below). */}
      {q.kind !== 'composite' && <div>{t('yourAnswer')}{t('colon')}{answerText(q, f.yourAnswer, t('blankSep')) || t('notAnswered')}</div>}
      {f.correctAnswer && <div data-testid="practice-correct-answer">{t('correctAnswer')}{t('colon')}{answerText(q, f.correctAnswer, t('blankSep'))}</div>}
      {f.reference && <div className="practice-feedback__reference"><strong>{t('reference')}{t('colon')}</strong>{f.reference}</div>}
      {/* A part without an explanation says nothing; a question says there is none. */}
      {(f.explanation || (!nested && q.kind !== 'composite')) && (
        <div className="practice-feedback__explanation"><strong>{t('explanation')}{t('colon')}</strong>{f.explanation || t('noExplanation')}</div>
      )}
    </div>
  );
}

function Feedback({ q, f, onAssess, assessing }: { q: PracticeQuestion; f: PracticeFeedback; onAssess?: (right: boolean) => void; assessing: boolean }) {
  const t = usePracticeTexts();
  const awaiting = f.correct === null;
  const selfJudged = q.kind === 'short' || (q.kind === 'composite' && q.children.every((c) => c.kind === 'short'));
  const title = awaiting ? t('assessAsk') : selfJudged ? t(f.correct ? 'selfRight' : 'selfWrong') : t(f.correct ? 'right' : 'wrong');
  return (
    <Alert
      className="practice-feedback" data-testid="practice-feedback" data-correct={awaiting ? 'pending' : String(f.correct)}
      type={awaiting ? 'info' : f.correct ? 'success' : 'error'} showIcon title={title}
      description={(
        <>
          <FeedbackBody q={q} f={f} />
          {f.parts?.map((p, i) => (
            <div key={i} className="practice-feedback__part">
              <Tag color={p.correct === null ? 'default' : p.correct ? 'success' : 'error'}>{t('partN', { n: i + 1 })}</Tag>
              <FeedbackBody q={q.children[i] ?? q} f={p} nested />
            </div>
          ))}
          {awaiting && onAssess && (
            <Space style={{ marginTop: 12 }}>
              <Button type="primary" loading={assessing} onClick={() => onAssess(true)} data-testid="practice-got-it">{t('gotIt')}</Button>
              <Button loading={assessing} onClick={() => onAssess(false)} data-testid="practice-missed-it">{t('missedIt')}</Button>
            </Space>
          )}
        </>
      )}
    />
  );
}

/** The session's title in the reader's language: the source's name and what kind of practice it is. */
export function useSessionTitle(s: Pick<PracticeSession, 'title' | 'source' | 'examId'>): string {
  const t = usePracticeTexts();
  const kind = sessionKind(s);
  if (kind === 'book') return t('sourceBook');
  if (kind === 'set') return s.title;
  return t('sessionTitle', { title: s.title, source: t(kind === 'exam' ? 'sourceExam' : 'sourceCategory') });
}

const SessionHeading = ({ s }: { s: PracticeSession }) => <h1 data-testid="practice-title">{useSessionTitle(s)}</h1>;

function Summary({ s }: { s: PracticeSession }) {
  const t = usePracticeTexts();
  const navigate = useNavigate();
  const again = useMutation({ mutationFn: () => startPractice({ source: 'wrong' }), onSuccess: (next) => navigate(practicePath(next.id)) });
  const wrong = s.answeredCount - s.correctCount;
  return (
    <Result
      status="success" title={t('summary')} data-testid="practice-summary"
      subTitle={t('summaryMeta', { all: s.questionCount, done: s.answeredCount, right: s.correctCount })}
      extra={(
        <>
          <Progress type="circle" percent={s.accuracy ?? 0} format={(p) => `${p}%`} aria-label={t('accuracy')} data-testid="practice-accuracy" />
          <p>{t('accuracy')}{t('colon')}{s.accuracy ?? 0}%</p>
          {again.isError && <Alert type="error" showIcon title={again.error.message} style={{ marginBottom: 12 }} />}
          <Space wrap>
            {wrong > 0 && <Button type="primary" loading={again.isPending} onClick={() => again.mutate()} data-testid="practice-wrong-again">{t('practiseWrong')}</Button>}
            <Link to="/paper"><Button>{t('again')}</Button></Link>
            <Link to="/user/center/study/myTest"><Button>{t('myTest')}</Button></Link>
          </Space>
        </>
      )}
    />
  );
}

/** A finished session: every question with its feedback. */
function Review({ s }: { s: PracticeSession }) {
  const t = usePracticeTexts();
  return (
    <section aria-label={t('review')} data-testid="practice-review">
      <Summary s={s} />
      <h2 className="practice-section-title">{t('review')}</h2>
      <p>{t('reviewNote')}</p>
      {s.questions.map((q) => (
        <div key={q.index} className="practice-review__item">
          <QuestionView question={paperQuestionOf(q)} number={q.index + 1} value={q.feedback?.yourAnswer ?? []} scored={false} disabled onChange={() => {}} answers={partsOf(q, q.feedback)} />
          {q.feedback ? <Feedback q={q} f={q.feedback} assessing={false} /> : <Tag>{t('notAnswered')}</Tag>}
        </div>
      ))}
    </section>
  );
}

/** A composite's given parts as the renderer's answers by child id. */
function partsOf(q: PracticeQuestion, f: PracticeFeedback | null | undefined): Record<string, string[]> {
  const id = q.index + 1;
  return Object.fromEntries((f?.parts ?? []).map((p, i) => [String(id * 100 + i + 1), p.yourAnswer]));
}

/** Runs session `id`: loading, error, the current question, its feedback, the summary. */
export function PracticeRunner({ id }: { id: number }) {
  const t = usePracticeTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const queryClient = useQueryClient();
  const key = sessionKey(tenantId, userId, id);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => getPracticeSession(id, signal), retry: false, staleTime: Infinity });
  const s = query.data;
  const [current, setCurrent] = useState<number | null>(null);
  const [drafts, setDrafts] = useState<Record<number, string[]>>({});
  const [partDrafts, setPartDrafts] = useState<Record<number, Record<string, string[]>>>({});
  const [done, setDone] = useState(false);

  // Resume at the first question not checked yet.
  useEffect(() => {
    if (s && current === null) setCurrent(Math.max(0, s.questions.findIndex((q) => q.feedback === null)));
  }, [s, current]);

  const apply = (r: AnswerResult) => queryClient.setQueryData<PracticeSession>(key, (old) => old && {
    ...old, answeredCount: r.answeredCount, correctCount: r.correctCount, accuracy: r.accuracy,
    questions: old.questions.map((q) => (q.index === r.index ? { ...q, feedback: r.feedback } : q)),
  });
  const check = useMutation({
    mutationFn: (q: PracticeQuestion) => {
      if (q.kind === 'composite') {
        const given = partDrafts[q.index] ?? {};
        return answerPractice(id, q.index, [], q.children.map((_, i) => given[String((q.index + 1) * 100 + i + 1)] ?? []));
      }
      return answerPractice(id, q.index, drafts[q.index] ?? []);
    },
    onSuccess: apply,
  });
  const assess = useMutation({ mutationFn: ({ index, right }: { index: number; right: boolean }) => assessPractice(id, index, right), onSuccess: apply });
  const finish = useMutation({
    mutationFn: () => finishPractice(id),
    onSuccess: (next) => { queryClient.setQueryData(key, next); setDone(true); },
  });
  const paper = useMemo(() => s?.questions.map(paperQuestionOf) ?? [], [s]);

  if (query.isPending) return <><h1>{t('paperTitle')}</h1><div role="status" aria-busy="true" aria-label={t('loading')}><Skeleton active paragraph={{ rows: 6 }} /></div></>;
  if (query.isError) {
    return (
      <>
        <h1>{t('paperTitle')}</h1>
        <Alert type="error" showIcon title={query.error.message || t('loadFailed')} data-testid="practice-error" action={<Button size="small" onClick={() => void query.refetch()}>{t('retry')}</Button>} />
      </>
    );
  }
  const session = query.data;
  if (done) return <><SessionHeading s={session} /><Summary s={session} /></>;
  if (session.finishedAt) return <><SessionHeading s={session} /><Review s={session} /></>;
  const index = current ?? 0;
  const q = session.questions[index]!;
  const last = index === session.questions.length - 1;
  const checked = q.feedback !== null;
  const draft = drafts[q.index] ?? [];
  const parts = partDrafts[q.index] ?? {};
  const hasAnswer = q.kind === 'composite' ? Object.values(parts).some((v) => v.some((x) => x.trim())) : draft.some((x) => x.trim());
  const error = check.error ?? assess.error ?? finish.error;
  return (
    <section className="practice-runner" data-testid="practice-runner" data-index={index}>
      <SessionHeading s={session} />
      {session.requested !== null && <Alert type="warning" showIcon title={t('fewer', { n: session.questionCount, asked: session.requested })} data-testid="practice-fewer" style={{ marginBottom: 12 }} />}
      <div className="practice-runner__progress">
        <span data-testid="practice-progress">{t('progress', { n: index + 1, all: session.questionCount })}</span>
        <Progress percent={Math.round((session.answeredCount * 100) / session.questionCount)} showInfo={false} aria-label={t('answeredOf', { done: session.answeredCount, all: session.questionCount })} />
        <span>{t('answeredOf', { done: session.answeredCount, all: session.questionCount })}</span>
      </div>
      <QuestionView
        key={q.index} question={paper[index]!} number={index + 1} scored={false} disabled={checked || check.isPending}
        value={checked ? q.feedback!.yourAnswer : draft} onChange={(v) => setDrafts((d) => ({ ...d, [q.index]: v }))}
        answers={checked ? partsOf(q, q.feedback) : parts} onAnswer={(childId, v) => setPartDrafts((d) => ({ ...d, [q.index]: { ...(d[q.index] ?? {}), [String(childId)]: v } }))}
      />
      {q.feedback && <Feedback q={q} f={q.feedback} assessing={assess.isPending} onAssess={(right) => assess.mutate({ index: q.index, right })} />}
      {error && <Alert type="error" showIcon title={error.message} data-testid="practice-refused" style={{ marginTop: 12 }} />}
      <Space className="practice-runner__actions" wrap>
        <Button disabled={index === 0} onClick={() => { check.reset(); setCurrent(index - 1); }}>{t('prev')}</Button>
        {!checked && (
          <Button type="primary" disabled={!hasAnswer} loading={check.isPending} onClick={() => check.mutate(q)} data-testid="practice-check">
            {check.isPending ? t('checking') : t('check')}
          </Button>
        )}
        {checked && !last && <Button type="primary" onClick={() => { check.reset(); setCurrent(index + 1); }} data-testid="practice-next">{t('next')}</Button>}
        {(last || session.answeredCount === session.questionCount) && (
          <Button type={checked ? 'primary' : 'default'} loading={finish.isPending} onClick={() => finish.mutate()} data-testid="practice-finish">{t('finish')}</Button>
        )}
      </Space>
    </section>
  );
}
