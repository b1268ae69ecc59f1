// A sitting on the paper page (issue 18 part D): starts (or resumes) the attempt and keeps its
// answers; the autosave queue (answer-queue.ts) keeps every change on the device before sending
// and retries until the server acknowledges it; the countdown runs in a Web Worker against the
// server's clock (paper-timer.ts, paper-clock.ts) and hands the paper in at time-up; the heartbeat
// (paper-presence.ts) reports leaving and coming back, re-syncs the clock, and learns when the
// attempt was closed elsewhere (the deadline sweep, an invigilator's force-submit).
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { startExam, submitExam, saveExamAnswers, type ExamResult, type Paper } from '../../../api/exam';
import { sendHeartbeat, type HeartbeatResult } from '../../../api/exam-invigilate';
import { AnswerQueue, readQueue, type FailureKind, type SaveStatus } from './answer-queue';
import { ClockSync, remainingMs, sampleOf, type WarnAt } from './paper-clock';
import { PaperPresence } from './paper-presence';
import { startPaperTimer, type PaperTimer } from './paper-timer';

export type { SaveStatus } from './answer-queue';
export { SAVE_DELAY_MS } from './answer-queue';
export { AUTO_SUBMIT_LEAD_MS } from './paper-clock';

/** How long after a failed time-up hand-in it is tried again. */
export const SUBMIT_RETRY_MS = 5000;

/** Codes that mean the attempt is closed: the result is what is left to see. */
const CLOSED_CODES = new Set(['ATTEMPT_EXPIRED', 'ALREADY_SUBMITTED']);

/**
 * How a failed save is handled: the attempt closed; a refused answer (not in the paper, too long, not
 * found: trying again cannot help); anything else (no connection, signed out, the server busy) is
 * tried again and the answers stay queued.
 */
export function classifySaveError(error: unknown): FailureKind {
  if (!(error instanceof ApiError) || error.status !== 200) return 'retry';
  if (error.errorCode && CLOSED_CODES.has(error.errorCode)) return 'closed';
  return [400, 403, 404].includes(error.code) ? 'refused' : 'retry';
}

/** How the attempt ended: handed in here, at time-up, or closed elsewhere (forced: by an invigilator). */
export interface Finished {
  attemptId: number;
  result: ExamResult | null;
  timeUp: boolean;
  forced: boolean;
  reason: string | null;
}

export interface PaperSession {
  paper: Paper | null;
  /** Why the paper could not open (not started, over, no attempts left…). */
  error: ApiError | Error | null;
  answers: Record<string, string[]>;
  status: SaveStatus;
  /** ms left by the server clock; null: no limit. */
  remaining: number | null;
  /** The last warning crossed (5 or 1 minute left), for the page's live region. */
  warning: WarnAt | null;
  submitting: boolean;
  submitError: string | null;
  /** The hand-in result (or the closed attempt id to show) once done. */
  finished: Finished | null;
  setAnswer: (questionId: number, value: string[]) => void;
  submit: () => Promise<void>;
  hasUnsaved: () => boolean;
}

export function usePaperSession(examId: number): PaperSession {
  const [paper, setPaper] = useState<Paper | null>(null);
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [remaining, setRemaining] = useState<number | null>(null);
  const [warning, setWarning] = useState<WarnAt | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [finished, setFinished] = useState<Finished | null>(null);
  const clockSync = useRef(new ClockSync());
  const deadline = useRef<number | null>(null);
  const queue = useRef<AnswerQueue | null>(null);
  const timer = useRef<PaperTimer | null>(null);
  const presence = useRef<PaperPresence | null>(null);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const done = useRef(false);
  const submitRef = useRef<(timeUp: boolean) => Promise<void>>(async () => {});
  const attemptId = paper?.attemptId;

  useEffect(() => {
    let live = true;
    const sentAt = Date.now();
    startExam(examId).then((p) => {
      if (!live) return;
      clockSync.current.add(sampleOf(p.serverNow, sentAt, Date.now()));
      deadline.current = p.deadline ? Date.parse(p.deadline) : null;
      setRemaining(remainingMs(deadline.current, clockSync.current.offset(), Date.now()));
      // Answers kept on this device from an earlier visit win over the server's (the queue saves them at once).
      const kept = readQueue(typeof window === 'undefined' ? null : window.localStorage, p.attemptId);
      setAnswers({ ...p.answers, ...Object.fromEntries(kept.map(([id, value]) => [String(id), value])) });
      setPaper(p);
    }, (e: unknown) => { if (live) setError(e instanceof Error ? e : new Error(String(e))); });
    return () => { live = false; };
  }, [examId]);

  const closeWith = useCallback((finish: Finished) => {
    if (done.current) return;
    done.current = true;
    clearTimeout(retry.current);
    queue.current?.close();
    timer.current?.stop();
    presence.current?.stop();
    setFinished(finish);
  }, []);

  // The attempt's machinery: the queue, the countdown and the heartbeat, for as long as the page is open.
  useEffect(() => {
    if (attemptId === undefined) return undefined;
    const q = new AnswerQueue({
      attemptId,
      send: (batch) => saveExamAnswers(attemptId, batch),
      classify: classifySaveError,
      onStatus: setStatus,
      onClosed: (e) => {
        if (e instanceof ApiError) setStatus({ kind: 'refused', message: e.message });
        closeWith({ attemptId, result: null, timeUp: e instanceof ApiError && e.errorCode === 'ATTEMPT_EXPIRED', forced: false, reason: null });
      },
    });
    queue.current = q;
    q.flushSoon();

    const t = startPaperTimer((report) => {
      if (report.type === 'tick') setRemaining(report.remaining);
      else if (report.type === 'warn') setWarning(report.at);
      else if (report.type === 'due') void submitRef.current(true);
    });
    timer.current = t;
    t.sync(deadline.current, clockSync.current.offset());

    const onAnswer = (answer: HeartbeatResult, sample: ReturnType<typeof sampleOf>) => {
      if (done.current) return;
      if (answer.state !== 'open') {
        closeWith({ attemptId, result: null, timeUp: answer.state === 'expired', forced: answer.forced, reason: answer.reason });
        return;
      }
      deadline.current = answer.deadline ? Date.parse(answer.deadline) : null;
      t.sync(deadline.current, clockSync.current.add(sample));
    };
    const p = new PaperPresence({ send: (events) => sendHeartbeat(attemptId, events), onAnswer });
    presence.current = p;
    p.start();

    const onVisibility = () => {
      p.update({ hidden: document.hidden });
      // Back in view: tick at once (a throttled page may have missed seconds); the return's beat re-syncs.
      if (!document.hidden) t.sync(deadline.current, clockSync.current.offset());
    };
    const onBlur = () => p.update({ blurred: true });
    const onFocus = () => p.update({ blurred: false });
    const onOnline = () => { q.online(); p.record('online'); };
    const onOffline = () => { q.offline(); p.record('offline'); };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      q.dispose();
      t.stop();
      p.stop();
      clearTimeout(retry.current);
    };
  }, [attemptId, closeWith]);

  const setAnswer = useCallback((questionId: number, value: string[]) => {
    if (attemptId === undefined || done.current) return;
    queue.current?.set(questionId, value);
    setAnswers((old) => ({ ...old, [String(questionId)]: value }));
  }, [attemptId]);

  const submit = useCallback(async (timeUp = false) => {
    if (attemptId === undefined || done.current || (submitting && !timeUp)) return;
    clearTimeout(retry.current);
    setSubmitting(true);
    setSubmitError(null);
    // The answers not yet acknowledged travel with the submit (it accepts them until the deadline).
    const last = queue.current?.drain() ?? [];
    try {
      const result = await submitExam(attemptId, last);
      closeWith({ attemptId, result, timeUp, forced: false, reason: null });
    } catch (e) {
      if (e instanceof ApiError && e.errorCode && CLOSED_CODES.has(e.errorCode)) {
        closeWith({ attemptId, result: null, timeUp: timeUp || e.errorCode === 'ATTEMPT_EXPIRED', forced: false, reason: null });
      } else {
        setSubmitError(e instanceof Error ? e.message : String(e));
        // Time-up keeps trying until the connection is back; the server closes the attempt anyway.
        if (timeUp) retry.current = setTimeout(() => void submitRef.current(true), SUBMIT_RETRY_MS);
      }
    } finally {
      setSubmitting(false);
    }
  }, [attemptId, closeWith, submitting]);
  submitRef.current = submit;

  return {
    paper, error, answers, status, remaining, warning, submitting, submitError, finished, setAnswer,
    submit: () => submit(false), hasUnsaved: () => queue.current?.hasPending() ?? false,
  };
}
