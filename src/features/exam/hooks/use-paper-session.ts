// A sitting on the paper page: starts (or resumes) the attempt, keeps the answers, autosaves them,
// counts down from the server deadline and hands the paper in (by the learner, or by itself when
// time is up). Unsaved answers are also kept in localStorage, so a reload or a lost connection
// loses none: they are re-applied and saved when the page opens again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { saveExamAnswers, startExam, submitExam, type AnswerInput, type ExamResult, type Paper } from '../../../api/exam';

/** How long after the last change the answers are saved. */
export const SAVE_DELAY_MS = 600;
/** How long after a failed save (no connection) it is tried again. */
export const RETRY_MS = 5000;
/** Time-up hands the paper in this early, so its last answers reach the server before the deadline. */
export const AUTO_SUBMIT_LEAD_MS = 1000;

export type SaveStatus = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'offline' } | { kind: 'refused'; message: string };

/** Codes that mean the attempt is closed: the result is what is left to see. */
const CLOSED_CODES = new Set(['ATTEMPT_EXPIRED', 'ALREADY_SUBMITTED']);

const backupKey = (attemptId: number) => `exam-pending:${attemptId}`;

function readBackup(attemptId: number): Record<string, string[]> {
  try {
    const raw = window.localStorage.getItem(backupKey(attemptId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed as Record<string, string[]> : {};
  } catch {
    return {};
  }
}

function writeBackup(attemptId: number, pending: Map<number, string[]>) {
  try {
    if (pending.size === 0) window.localStorage.removeItem(backupKey(attemptId));
    else window.localStorage.setItem(backupKey(attemptId), JSON.stringify(Object.fromEntries(pending)));
  } catch {
    // Storage full or blocked: the answers still live in memory and are saved to the server.
  }
}

export interface PaperSession {
  paper: Paper | null;
  /** Why the paper could not open (not started, over, no attempts left…). */
  error: ApiError | Error | null;
  answers: Record<string, string[]>;
  status: SaveStatus;
  /** ms left by the server clock; null: no limit. */
  remaining: number | null;
  submitting: boolean;
  submitError: string | null;
  /** The hand-in result (or the closed attempt id to show) once done. */
  finished: { attemptId: number; result: ExamResult | null; timeUp: boolean } | null;
  setAnswer: (questionId: number, value: string[]) => void;
  submit: () => Promise<void>;
  hasUnsaved: () => boolean;
}

export function usePaperSession(examId: number): PaperSession {
  const [paper, setPaper] = useState<Paper | null>(null);
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [now, setNow] = useState(() => Date.now());
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [finished, setFinished] = useState<PaperSession['finished']>(null);
  const pending = useRef(new Map<number, string[]>());
  const offset = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef(false);
  const done = useRef(false);
  const attemptId = paper?.attemptId;

  useEffect(() => {
    let live = true;
    startExam(examId).then((p) => {
      if (!live) return;
      const backup = readBackup(p.attemptId);
      for (const [id, value] of Object.entries(backup)) if (Array.isArray(value)) pending.current.set(Number(id), value);
      offset.current = Date.parse(p.serverNow) - Date.now();
      setAnswers({ ...p.answers, ...backup });
      setPaper(p);
    }, (e: unknown) => { if (live) setError(e instanceof Error ? e : new Error(String(e))); });
    return () => { live = false; };
  }, [examId]);

  const closeWith = useCallback((id: number, result: ExamResult | null, timeUp: boolean) => {
    done.current = true;
    clearTimeout(timer.current);
    pending.current.clear();
    writeBackup(id, pending.current);
    setFinished({ attemptId: id, result, timeUp });
  }, []);

  const flush = useCallback(async () => {
    if (attemptId === undefined || inFlight.current || done.current || pending.current.size === 0) return;
    const batch = [...pending.current.entries()];
    inFlight.current = true;
    setStatus({ kind: 'saving' });
    try {
      const saved = await saveExamAnswers(attemptId, batch.map(([questionId, value]) => ({ questionId, value })));
      // An answer changed again while saving stays pending.
      for (const [id, value] of batch) if (pending.current.get(id) === value) pending.current.delete(id);
      writeBackup(attemptId, pending.current);
      setStatus({ kind: 'saved', at: new Date(saved.savedAt) });
    } catch (e) {
      if (e instanceof ApiError && e.status === 200 && e.errorCode && CLOSED_CODES.has(e.errorCode)) {
        setStatus({ kind: 'refused', message: e.message });
        closeWith(attemptId, null, e.errorCode === 'ATTEMPT_EXPIRED');
      } else if (e instanceof ApiError && e.status === 200) {
        // A refused answer (not in the paper, too long): drop it, say why.
        for (const [id] of batch) pending.current.delete(id);
        writeBackup(attemptId, pending.current);
        setStatus({ kind: 'refused', message: e.message });
      } else {
        setStatus({ kind: 'offline' });
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void flush(), RETRY_MS);
      }
    } finally {
      inFlight.current = false;
    }
    if (pending.current.size > 0 && !done.current && !timer.current) timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
  }, [attemptId, closeWith]);

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => { timer.current = undefined; void flush(); }, SAVE_DELAY_MS);
  }, [flush]);

  const setAnswer = useCallback((questionId: number, value: string[]) => {
    if (attemptId === undefined || done.current) return;
    pending.current.set(questionId, value);
    writeBackup(attemptId, pending.current);
    setAnswers((old) => ({ ...old, [String(questionId)]: value }));
    schedule();
  }, [attemptId, schedule]);

  // Answers kept from an earlier visit are saved as soon as the paper is open.
  useEffect(() => { if (attemptId !== undefined && pending.current.size > 0) schedule(); }, [attemptId, schedule]);
  // Back online: save at once.
  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = useCallback(async (timeUp = false) => {
    if (attemptId === undefined || done.current || (submitting && !timeUp)) return;
    clearTimeout(timer.current);
    setSubmitting(true);
    setSubmitError(null);
    const last: AnswerInput[] = [...pending.current.entries()].map(([questionId, value]) => ({ questionId, value }));
    try {
      closeWith(attemptId, await submitExam(attemptId, last), timeUp);
    } catch (e) {
      if (e instanceof ApiError && e.errorCode && CLOSED_CODES.has(e.errorCode)) closeWith(attemptId, null, timeUp || e.errorCode === 'ATTEMPT_EXPIRED');
      else {
        setSubmitError(e instanceof Error ? e.message : String(e));
        // Time-up keeps trying until the connection is back; the server closes the attempt anyway.
        if (timeUp) timer.current = setTimeout(() => void submitRef.current(true), RETRY_MS);
      }
    } finally {
      setSubmitting(false);
    }
  }, [attemptId, closeWith, submitting]);
  const submitRef = useRef(submit);
  submitRef.current = submit;

  const deadline = paper?.deadline ? Date.parse(paper.deadline) : null;
  const remaining = deadline === null ? null : Math.max(0, deadline - (now + offset.current));

  // The countdown ticks every second; at time-up the paper hands itself in.
  useEffect(() => {
    if (deadline === null || finished) return undefined;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [deadline, finished]);
  const autoFired = useRef(false);
  useEffect(() => {
    if (remaining === null || remaining > AUTO_SUBMIT_LEAD_MS || done.current || autoFired.current) return;
    autoFired.current = true;
    void submitRef.current(true);
  }, [remaining]);

  return {
    paper, error, answers, status, remaining, submitting, submitError, finished, setAnswer,
    submit: () => submit(false), hasUnsaved: () => pending.current.size > 0,
  };
}
