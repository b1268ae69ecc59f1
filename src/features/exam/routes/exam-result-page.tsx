// /exam/examResult and /exam/result (spec learning §2 "Exams": query type 3 shows a survey result,
// otherwise an exam result). An exam: the score, pass or not, and the review with each answer, the
// correct answer and the points gained. A survey: a thank-you, when it was sent and the answers
// given, with no score, pass or right answer (a survey has none; issue 13), in its own words
// (我的回答, 返回问卷详情, 我的问卷). The server shows neither before the hand-in. issue 18: while short
// answers await marking the score says 待阅卷 with the machine part; once marked each short answer
// shows its mark and comment; fill shows each blank, a composite its sub-questions 1.1, 1.2.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { getExamResult, type ExamResult, type ReviewQuestion, type ReviewSubQuestion } from '../../../api/exam';
import { useAppStore } from '../../../stores/app-store';
import { answerText, examTime, KIND_TEXT, positiveId } from '../components/exam-format';
import { useExamTexts } from '../components/texts';
import { usePageTitle } from '../../../components/use-page-title';
import '../components/exam.css';
import '../../../components/question/question.css';

function Review({ q, n, scored }: { q: ReviewQuestion | ReviewSubQuestion; n: string; scored: boolean }) {
  const t = useExamTexts(scored ? 'exam' : 'survey');
  // A short answer (or a composite with one) not marked yet has no points to show: 待阅卷.
  const awaiting = scored && (q.kind === 'short' || q.kind === 'composite') && q.gained === null;
  const right = scored && q.gained !== null && q.gained === q.score && q.score > 0;
  const mine = q.yourAnswer.some((v) => v !== '') ? answerText(q.kind, q.options, q.yourAnswer) : t('notAnswered');
  const tag = !scored ? null : awaiting
    ? <Tag style={{ marginLeft: 8 }} color="processing" data-testid="exam-review-awaiting">{t('awaiting')}</Tag>
    : <Tag style={{ marginLeft: 8 }} color={right ? 'success' : q.gained ? 'warning' : 'error'}>{t('gained', { n: q.gained ?? 0 })} / {q.score}</Tag>;
  const children = 'children' in q ? q.children : undefined;
  if (q.kind === 'composite') {
    // spec: a composite is a passage with sub-questions, each reviewed on its own (1.1, 1.2).
    return (
      <section className="exam-question exam-question--composite" data-testid="exam-review" data-id={q.id} data-kind={q.kind}>
        <p className="exam-question__stem"><span className="exam-question__kind">{n}. [{t(KIND_TEXT[q.kind])}]</span>{tag}</p>
        <div className="question-passage">{q.stem}</div>
        <div className="question-children">
          {(children ?? []).map((c, i) => <Review key={c.id} q={c} n={`${n}.${i + 1}`} scored={scored} />)}
        </div>
      </section>
    );
  }
  const choice = q.kind === 'single' || q.kind === 'multiple' || q.kind === 'judge';
  return (
    <section className="exam-question" data-testid="exam-review" data-id={q.id} data-kind={q.kind} data-right={scored && !awaiting ? right : undefined}>
      <p className="exam-question__stem">
        <span className="exam-question__kind">{n}. [{t(KIND_TEXT[q.kind])}]</span>{q.stem}
        {tag}
      </p>
      {choice && (
        <ol type="A" style={{ margin: 0, paddingLeft: 24 }}>
          {q.options.map((o) => <li key={o.key}>{o.text}</li>)}
        </ol>
      )}
      <div
        className={`exam-review__answer${scored && !awaiting && q.kind !== 'short' ? (right ? ' exam-review__answer--right' : ' exam-review__answer--wrong') : ''}`}
        style={q.kind === 'short' ? { whiteSpace: 'pre-wrap' } : undefined}
      >{t('yourAnswer')}：{mine}</div>
      {scored && q.correctAnswer && (
        <div className="exam-review__answer">
          {t('correctAnswer')}：{q.kind === 'fill' ? q.correctAnswer.map((a, i) => `(${i + 1}) ${a}`).join('  ') : answerText(q.kind, q.options, q.correctAnswer)}
        </div>
      )}
      {scored && q.mark && (
        <div className="exam-review__answer" data-testid="exam-review-mark">
          {t('markedBy')}：{t('gained', { n: q.mark.score })} / {q.score}{q.mark.comment ? ` · ${t('markComment')}：${q.mark.comment}` : ''}
        </div>
      )}
      {scored && q.reference && <div className="exam-review__answer">{t('referenceAnswer')}：{q.reference}</div>}
      {scored && q.explanation && <div className="exam-review__answer">{t('explanation')}：{q.explanation}</div>}
    </section>
  );
}

function Summary({ r, survey }: { r: ExamResult; survey: boolean }) {
  const t = useExamTexts(survey ? 'survey' : 'exam');
  if (survey) {
    return (
      <Result
        status="success" title={t('resultTitle')} subTitle={t('thanks')} data-testid="survey-result"
        extra={(
          <>
            <p>{t('submittedAt')}：{examTime(r.submittedAt)}</p>
            {r.state === 'expired' && <Alert type="info" showIcon title={t('expiredNote')} />}
          </>
        )}
      />
    );
  }
  if (r.markingState === 'pending') {
    // issue 18: short answers await a person: 待阅卷 with the machine part, no score or pass yet.
    return (
      <div style={{ textAlign: 'center' }} data-testid="exam-result-summary" data-marking="pending">
        <div>{t('yourScore')}</div>
        <div className="exam-result__score" data-testid="exam-score">{t('awaiting')}</div>
        <p data-testid="exam-awaiting-note">{t('awaitingNote', { n: r.objectiveScore ?? 0 })}</p>
        <p>{t('submittedAt')}：{examTime(r.submittedAt)}</p>
        {r.state === 'expired' && <Alert type="warning" showIcon title={t('expiredNote')} />}
      </div>
    );
  }
  return (
    <div style={{ textAlign: 'center' }} data-testid="exam-result-summary" data-marking={r.markingState}>
      <div>{t('yourScore')}</div>
      <div className="exam-result__score" data-testid="exam-score">{r.score ?? 0}</div>
      {r.passed !== null && <Tag color={r.passed ? 'success' : 'error'} style={{ fontSize: 16, padding: '4px 12px' }} data-testid="exam-pass">{t(r.passed ? 'pass' : 'fail')}</Tag>}
      <p>{t('resultMeta', { total: r.totalScore ?? '—', pass: r.passScore ?? '—', correct: r.correctCount ?? 0, all: r.questionCount })}</p>
      <p>{t('submittedAt')}：{examTime(r.submittedAt)}</p>
      {r.state === 'expired' && <Alert type="warning" showIcon title={t('expiredNote')} />}
    </div>
  );
}

export default function ExamResultPage() {
  const [params] = useSearchParams();
  const id = positiveId(params.get('id') ?? params.get('attemptId'));
  const tenantId = useAppStore((s) => s.tenantId);
  const query = useQuery({
    queryKey: ['exam', tenantId, 'result', id] as const,
    queryFn: ({ signal }) => getExamResult(id!, signal),
    enabled: id !== null,
  });
  // spec learning §2: examResult with type 3 is a survey result. Once the result is here the
  // attempt's own type decides, so an address that says otherwise cannot show a survey a score.
  const survey = query.data ? query.data.type === 'survey' : params.get('type') === '3';
  const t = useExamTexts(survey ? 'survey' : 'exam');
  usePageTitle(survey ? t('titleResultSurvey') : undefined);
  if (id === null) {
    return <div className="exam-page"><Result status="warning" title={t('noResult')} extra={<Link to={survey ? '/surveyList' : '/examList'}>{t('backList')}</Link>} /></div>;
  }
  if (query.isPending) return <div className="exam-page"><Skeleton active paragraph={{ rows: 8 }} /></div>;
  if (query.isError) {
    return (
      <div className="exam-page">
        <Alert type="error" showIcon title={query.error.message || t('loadFailed')} action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} data-testid="exam-result-error" />
      </div>
    );
  }
  const r = query.data;
  return (
    <div className="exam-page" data-testid="exam-result" data-type={survey ? 'survey' : 'exam'}>
      <h1 className="exam-title" style={{ marginBottom: 16 }}>{survey ? r.title : `${t('resultTitle')} · ${r.title}`}</h1>
      <div className="exam-card"><Summary r={r} survey={survey} /></div>
      <div className="exam-card" style={{ marginTop: 24 }}>
        <h2>{t('review')}</h2>
        {r.questions.map((q, i) => <Review key={q.id} q={q} n={String(i + 1)} scored={!survey} />)}
      </div>
      <p style={{ marginTop: 24, textAlign: 'center' }}>
        <Link to={`/exam/detail/${r.examId}`}>{t('backDetail')}</Link>
        {' · '}
        <Link to={survey ? '/user/center/study/myNewSurvey' : '/user/center/study/myNewExam'}>{t('myExams')}</Link>
        {!survey && r.state !== 'open' && (
          <>
            {' · '}
            {/* issue 18: /exam/practice practises the wrong answers of a finished exam (it says why when there are none). */}
            <Link to={`/exam/practice?examId=${r.examId}`} data-testid="practise-wrong">{t('practiseWrong')}</Link>
            {' · '}
            <Link to="/exam/examHistory">{t('allAttempts')}</Link>
          </>
        )}
      </p>
    </div>
  );
}
