// The paper's heartbeat and the invigilators' calls (issue 18 "Learners": the timer and autosave;
// "Teachers": myExamInvigilate; docs/api.md "Exams: heartbeat and invigilation"). Server routes
// validate with these; src/api/exam-invigilate.ts derives its types.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { Nullable } from './list';

const Id = (description: string) => Type.Integer({ minimum: 1, description });
const DateTime = Type.String({ format: 'date-time' });
const AttemptState = Type.Union([Type.Literal('open'), Type.Literal('submitted'), Type.Literal('expired')], {
  description: 'open: answering; submitted: handed in (by the learner or an invigilator); expired: closed at its deadline.',
});

/** What the paper reports: the page hidden or left (leave), back (return), the connection lost or back. */
export const PaperEventKind = Type.Union([Type.Literal('leave'), Type.Literal('return'), Type.Literal('offline'), Type.Literal('online')]);
export type PaperEventKind = Static<typeof PaperEventKind>;

/** The most events one heartbeat carries; a paper keeps the rest for the next one. */
export const MAX_EVENTS_PER_HEARTBEAT = 50;

export const PaperEventInput = Type.Object({
  kind: PaperEventKind,
  at: Type.String({ format: 'date-time', description: 'When it happened by the browser\'s clock; the server clamps it to the attempt\'s window.' }),
  detail: Type.Optional(Type.String({ maxLength: 200, description: 'A short note, e.g. how long the page was away.' })),
});
export type PaperEventInput = Static<typeof PaperEventInput>;

export const HeartbeatBody = Type.Object({
  tenantId: TenantIdParam,
  attemptId: Id('The attempt being answered.'),
  events: Type.Array(PaperEventInput, { maxItems: MAX_EVENTS_PER_HEARTBEAT, default: [], description: `At most ${MAX_EVENTS_PER_HEARTBEAT} events since the last heartbeat.` }),
});

/** The heartbeat's answer: the server clock and the attempt's deadline and state (closed: the paper goes to the result). */
export const HeartbeatResult = Type.Object({
  serverNow: Type.String({ format: 'date-time', description: 'The server clock, to correct the countdown (with half the round trip).' }),
  deadline: Nullable(Type.String({ format: 'date-time', description: 'The attempt\'s deadline; null: no limit.' })),
  state: AttemptState,
  forced: Type.Boolean({ description: 'Whether an invigilator handed the paper in.' }),
  reason: Nullable(Type.String({ description: 'The invigilator\'s reason when forced.' })),
});
export type HeartbeatResult = Static<typeof HeartbeatResult>;

// --- Invigilation ---
export const InvigilateExamsQuery = Type.Object({ tenantId: TenantIdParam });

/** A running exam (its window open) the caller invigilates, with its candidate counts. */
export const InvigilateExam = Type.Object({
  id: Type.Integer(), title: Type.String(), startTime: DateTime, endTime: Nullable(DateTime),
  duration: Type.Integer({ description: 'Answering time in minutes; 0: no limit.' }),
  answering: Type.Integer({ description: 'Candidates answering now (open attempts).' }),
  handedIn: Type.Integer({ description: 'Candidates whose latest attempt is closed.' }),
  candidates: Type.Integer({ description: 'Everyone who started it.' }),
});
export type InvigilateExam = Static<typeof InvigilateExam>;

export const CandidatesQuery = Type.Object({ tenantId: TenantIdParam, examId: Id('The exam to watch.') });

export const PaperEvent = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([
    Type.Literal('start'), Type.Literal('resume'), Type.Literal('leave'), Type.Literal('return'), Type.Literal('offline'),
    Type.Literal('online'), Type.Literal('force_submit'), Type.Literal('auto_submit'),
  ]),
  at: DateTime,
  detail: Nullable(Type.String()),
});
export type PaperEvent = Static<typeof PaperEvent>;

/** One candidate's latest attempt, as the invigilator sees it (invigilation is not blind: the name shows). */
export const Candidate = Type.Object({
  attemptId: Type.Integer(), userId: Type.Integer(), name: Type.String(),
  state: AttemptState, startedAt: DateTime, deadline: Nullable(DateTime), submittedAt: Nullable(DateTime),
  answered: Type.Integer({ description: 'Questions with a saved answer.' }),
  total: Type.Integer({ description: 'Questions to answer (a passage\'s sub-questions count, the passage not).' }),
  lastSeenAt: Nullable(DateTime),
  offline: Type.Boolean({ description: 'Answering, and no heartbeat or save for more than 45 seconds.' }),
  leaveCount: Type.Integer(),
  latestEvents: Type.Array(PaperEvent, { description: 'The three latest events, newest first.' }),
  forced: Type.Boolean({ description: 'Handed in by an invigilator.' }),
});
export type Candidate = Static<typeof Candidate>;

export const CandidateList = Type.Object({
  exam: InvigilateExam,
  serverNow: DateTime,
  candidates: Type.Array(Candidate, { description: 'Each candidate\'s latest attempt: answering first, then by start, newest first.' }),
});
export type CandidateList = Static<typeof CandidateList>;

export const AttemptEventsQuery = Type.Object({ tenantId: TenantIdParam, attemptId: Id('The attempt.') });
export const AttemptEvents = Type.Object({ attemptId: Type.Integer(), events: Type.Array(PaperEvent, { description: 'Oldest first, at most 500.' }) });
export type AttemptEvents = Static<typeof AttemptEvents>;

export const ForceSubmitBody = Type.Object({
  tenantId: TenantIdParam,
  attemptId: Id('The open attempt to hand in.'),
  reason: Type.String({ minLength: 1, maxLength: 200, description: 'Why; the learner\'s paper shows it.' }),
});
export const ForceSubmitResult = Type.Object({ attemptId: Type.Integer(), state: AttemptState });
export type ForceSubmitResult = Static<typeof ForceSubmitResult>;
