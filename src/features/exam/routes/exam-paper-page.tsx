// /exam/paper/{id} (spec learning §2 "Exams"; sign-in required): the sitting. The questions in one
// column; beside them the countdown from the server deadline, the autosave state, the answer card
// (answered questions marked, a click scrolls to the question) and 交卷, which asks for a
// confirmation that counts the unanswered questions. Time-up hands the paper in by itself; leaving
// or reloading resumes the same attempt (start resumes the open one). After the hand-in the page
// moves on to the result. Issue 18 part D: the countdown runs in a Web Worker against the server's
// clock and warns at 5 and 1 minute (a live region); the autosave says 已自动保存 hh:mm:ss / 保存中 /
// 离线; an attempt closed elsewhere (the deadline sweep, an invigilator) is learnt at the next
// heartbeat and the page goes to the result saying why. A survey says all of it in its own words (提交问卷, 确认提交问卷？, 返回问卷详情;
// issue 13), also when it cannot open, where the detail tells its type.
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Alert, Button, Modal, Result, Skeleton, message, type ButtonProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { getExamDetail, resultPath } from '../../../api/exam';
import { useAppStore } from '../../../stores/app-store';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { clock, examTime, positiveId } from '../components/exam-format';
import { isAnswered, QuestionView } from '../../../components/question/question-view';
import { usePaperTimerTexts } from '../components/paper-texts';
import { useExamTexts } from '../components/texts';
import { usePaperSession } from '../hooks/use-paper-session';
import '../components/exam.css';

/** The countdown turns red in the last five minutes (the worker warns at 5 and at 1 minute). */
const WARN_MS = 5 * 60_000;
/** Further off than a day, the deadline shows as a date: a survey open for a month read 743:35:02. */
const DATE_AFTER_MS = 24 * 3600_000;

export default function ExamPaperPage() {
  const id = positiveId(useParams().id);
  const t = useExamTexts();
  if (id === null) return <Result status="404" title={t('notFound')} extra={<Link to="/examList">{t('backList')}</Link>} />;
  return <Paper examId={id} />;
}

function Paper({ examId }: { examId: number }) {
  const navigate = useNavigate();
  const s = usePaperSession(examId);
  // A paper that could not open does not say its type: the detail (cached from the page before) does.
  const tenantId = useAppStore((st) => st.tenantId);
  const signedIn = useUserStore(selectSignedIn);
  const detail = useQuery({
    queryKey: ['exam', tenantId, 'detail', examId, signedIn] as const,
    queryFn: ({ signal }) => getExamDetail(examId, signal),
    enabled: s.error !== null,
  });
  const type = s.paper?.type ?? detail.data?.exam.type ?? 'exam';
  const t = useExamTexts(type);
  const [confirming, setConfirming] = useState(false);
  const [current, setCurrent] = useState<number | null>(null);
  const timerText = usePaperTimerTexts();

  // issue 18: a composite counts once, answered when all its sub-questions are.
  const answeredCount = useMemo(() => (s.paper ? s.paper.questions.filter((q) => isAnswered(q, s.answers)).length : 0), [s.paper, s.answers]);

  // Unsaved answers: the browser asks before the page goes away (they are kept locally anyway).
  useEffect(() => {
    const onLeave = (event: BeforeUnloadEvent) => { if (s.hasUnsaved()) event.preventDefault(); };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [s]);

  // Once handed in, move on to the result, once. The notice is antd's static message: it outlives
  // this page, which the navigation unmounts.
  const left = useRef(false);
  useEffect(() => {
    if (!s.finished || !s.paper || left.current) return;
    left.current = true;
    const { forced, reason, timeUp, result } = s.finished;
    if (forced) void message.warning({ content: reason ? timerText('forced', { reason }) : timerText('forcedNoReason'), duration: 8 });
    else if (timeUp) void message.info(t('timeUp'));
    else if (!result) void message.info(timerText('closedElsewhere'));
    void navigate(resultPath(s.finished.attemptId, s.paper.type), { replace: true });
  }, [s.finished, s.paper, navigate, t, timerText]);

  if (s.error) {
    return (
      <div className="exam-page">
        <Result status="warning" title={s.error.message} data-testid="exam-paper-refused" extra={<Link to={`/exam/detail/${examId}`}>{t('backDetail')}</Link>} />
      </div>
    );
  }
  if (!s.paper) return <div className="exam-page" aria-busy="true"><Skeleton active paragraph={{ rows: 10 }} /></div>;

  const { paper } = s;
  const scored = type === 'exam';
  const total = paper.questions.length;
  const unanswered = total - answeredCount;
  const locked = s.submitting || s.finished !== null;
  const warn = s.remaining !== null && s.remaining <= WARN_MS;
  const farOff = s.remaining !== null && s.remaining > DATE_AFTER_MS && paper.deadline !== null;
  const statusText = s.status.kind === 'saving' ? timerText('saving')
    : s.status.kind === 'saved' ? timerText('savedAt', { time: dayjs(s.status.at).format('HH:mm:ss') })
      : s.status.kind === 'offline' ? timerText('offline') : s.status.kind === 'refused' ? s.status.message : '';
  const survey = type === 'survey';
  const warningText = s.warning === null || s.finished ? null
    : s.warning === 60_000 ? timerText(survey ? 'warn1Survey' : 'warn1') : timerText(survey ? 'warn5Survey' : 'warn5');

  const goTo = (questionId: number) => {
    setCurrent(questionId);
    document.getElementById(`exam-q-${questionId}`)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="exam-page" data-testid="exam-paper" data-attempt={paper.attemptId}>
      <h1 className="exam-title" style={{ marginBottom: 16 }}>{paper.title}</h1>
      <div className="exam-paper">
        <div className="exam-card">
          {paper.questions.map((q, i) => (
            <QuestionView
              key={q.id} question={q} number={i + 1} scored={scored} disabled={locked}
              value={s.answers[String(q.id)] ?? []} onChange={(value) => { setCurrent(q.id); s.setAnswer(q.id, value); }}
              answers={s.answers} onAnswer={(id, value) => { setCurrent(q.id); s.setAnswer(id, value); }}
            />
          ))}
        </div>
        <aside className="exam-paper__side">
          <div className="exam-card">
            <div>{t(farOff ? 'dueAt' : 'remaining')}</div>
            <div className={`exam-paper__clock${warn ? ' exam-paper__clock--warn' : ''}${farOff ? ' exam-paper__clock--date' : ''}`} role="timer" aria-live="off" data-testid="exam-clock">
              {s.remaining === null ? t('noDeadline') : farOff ? examTime(paper.deadline) : clock(s.remaining)}
            </div>
            <div className={`exam-paper__status${s.status.kind === 'offline' || s.status.kind === 'refused' ? ' exam-paper__status--warn' : ''}`} role="status" data-testid="exam-save-status">{statusText}</div>
            {/* Each warning is announced as it comes (antd's Alert is role="alert"; the clock itself is aria-live off: once a second is noise). */}
            {warningText && <Alert key={s.warning} style={{ marginTop: 8 }} type="warning" showIcon title={warningText} data-testid="exam-time-warning" />}
          </div>
          <nav className="exam-card" aria-label={t('navigator')}>
            <div style={{ marginBottom: 12 }}>{t('navigator')} · <span data-testid="exam-answered">{t('answered', { done: answeredCount, all: total })}</span></div>
            <div className="exam-nav" data-testid="exam-nav">
              {paper.questions.map((q, i) => (
                <button
                  key={q.id} type="button" onClick={() => goTo(q.id)} aria-current={current === q.id}
                  data-answered={isAnswered(q, s.answers)}
                  aria-label={`${i + 1}`}
                >{i + 1}</button>
              ))}
            </div>
            <Button type="primary" block size="large" style={{ marginTop: 16 }} loading={s.submitting} disabled={s.finished !== null} onClick={() => setConfirming(true)} data-testid="exam-submit">
              {t('submit')}
            </Button>
            {s.submitError && <Alert style={{ marginTop: 12 }} type="error" showIcon title={s.submitError} data-testid="exam-submit-error" />}
          </nav>
        </aside>
      </div>
      <Modal
        open={confirming} title={t('confirmTitle')} okText={t('confirmOk')} cancelText={t('continue')}
        onCancel={() => setConfirming(false)} onOk={() => { setConfirming(false); void s.submit(); }}
        okButtonProps={{ 'data-testid': 'exam-confirm-submit' } as ButtonProps}
      >
        <p data-testid="exam-confirm-text">{unanswered > 0 ? t('confirmMissing', { n: unanswered }) : t('confirmAll', { n: total })}</p>
      </Modal>
    </div>
  );
}
