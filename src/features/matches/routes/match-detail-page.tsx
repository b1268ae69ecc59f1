// /match/detail/{id} (spec learning §2 "Ranking and competitions"; match links carry matchId in
// their params and the link rules resolve them to this path): a competition's status, windows and
// entrants, enrol / withdraw while enrolment is open, and three tabs: the schedule and rules (each
// stage: a submission with my entry and its form, or an exam round linking to /exam/detail/{examId}
// with my counted score), the scoreboard, and for judges the judging view. Rules: docs/growth.md.
import { Alert, Button, Popconfirm, Result, Skeleton, Space, Tabs, Tag } from 'antd';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useMatch, useMatchActions, type MatchDetail, type MatchStage } from '../../../api/matches';
import { showMessage } from '../../../components/feedback/feedback';
import { loginPath } from '../../../lib/login-path';
import { useQueryState } from '../../../lib/use-query-state';
import { RichText } from '../../../runtime/rich-text-view';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { JudgePanel } from '../components/judge-panel';
import { matchFacts, StatusTag, when } from '../components/match-parts';
import { useMatchTexts, type MatchTexts } from '../components/match-texts';
import { ScoreboardTable } from '../components/scoreboard-table';
import { SubmissionBlock } from '../components/submission-form';
import '../components/matches.css';

type Actions = ReturnType<typeof useMatchActions>;

const STAGE_STATE = { upcoming: 'stageUpcoming', open: 'stageOpen', closed: 'stageClosed' } as const;

/** Enrol, withdraw, or why neither is possible. */
function EnrolActions({ m, actions, t }: { m: MatchDetail; actions: Actions; t: MatchTexts }) {
  const signedIn = useUserStore(selectUserId) !== null;
  const location = useLocation();
  const full = m.entrantLimit !== null && m.entrantCount >= m.entrantLimit;
  if (m.enrolled) {
    return (
      <Space wrap>
        <Tag color="gold" data-testid="match-enrolled">{t('youAreEnrolled')}</Tag>
        {m.canWithdraw ? (
          <Popconfirm title={t('withdrawConfirm')} description={t('withdrawHint')} okText={t('confirm')} cancelText={t('cancel')}
            onConfirm={() => actions.withdraw.mutateAsync().then(() => showMessage('success', t('withdrawn')), () => undefined)}>
            <Button loading={actions.withdraw.isPending} data-testid="match-withdraw">{t('withdraw')}</Button>
          </Popconfirm>
        ) : null}
      </Space>
    );
  }
  if (m.canEnroll) {
    return (
      <Button type="primary" loading={actions.enroll.isPending} data-testid="match-enroll"
        onClick={() => actions.enroll.mutateAsync().then(() => showMessage('success', t('enrolled')), () => undefined)}>
        {t('enroll')}
      </Button>
    );
  }
  if (m.enrollOpen && !signedIn) {
    return <Link to={loginPath(`${location.pathname}${location.search}`)} data-testid="match-login">{t('loginToEnroll')}</Link>;
  }
  const why = m.enrollOpen ? (full ? 'full' : null) : new Date(m.now) < new Date(m.enrollStart) ? 'enrollNotOpen' : 'enrollClosed';
  return why ? <Tag data-testid="match-enroll-state">{t(why)}</Tag> : null;
}

function StageBlock({ stage, index, m, actions, t }: { stage: MatchStage; index: number; m: MatchDetail; actions: Actions; t: MatchTexts }) {
  return (
    <section className="match-stage" data-testid="match-stage" data-id={stage.id} data-kind={stage.kind} data-state={stage.state} aria-labelledby={`stage-${stage.id}-title`}>
      <h3 className="match-stage__title" id={`stage-${stage.id}-title`}>{t('stageN', { n: index + 1 })} · {stage.title}</h3>
      <Tag>{stage.kind === 'exam' ? t('kindExam') : t('kindSubmission')}</Tag>
      <Tag color={stage.state === 'open' ? 'blue' : 'default'}>{t(STAGE_STATE[stage.state])}</Tag>
      <p className="match-meta">
        {[t('stageWindow', { from: when(stage.startTime), to: when(stage.endTime) }), stage.maxScore === null ? '' : t('maxScore', { n: stage.maxScore })].filter(Boolean).join(' · ')}
      </p>
      {stage.description ? <p style={{ margin: '8px 0' }}>{stage.description}</p> : null}
      {stage.kind === 'exam' ? (
        <div>
          {stage.description ? null : <p className="match-meta">{t('examHint')}</p>}
          {stage.examId !== null ? <Link to={`/exam/detail/${stage.examId}`} data-testid="match-exam-link">{t('examLink', { title: stage.examTitle ?? '' })}</Link> : null}
          {m.enrolled ? <p style={{ marginTop: 8 }} data-testid="match-exam-score">{stage.myExamScore === null ? t('noExamScore') : t('myExamScore', { n: stage.myExamScore })}</p> : null}
        </div>
      ) : m.enrolled ? (
        <>
          <SubmissionBlock key={`${stage.id}-${stage.mine?.revision ?? 0}-${stage.mine?.score ?? ''}`} stage={stage} pending={actions.submit.isPending} t={t}
            onSubmit={(work) => actions.submit.mutateAsync({ stageId: stage.id, ...work })} />
          {!stage.canSubmit && !stage.mine ? <p className="match-meta">{stage.state === 'upcoming' ? t('stageNotOpenNote') : t('stageClosedNote')}</p> : null}
        </>
      ) : stage.state === 'open' ? <p className="match-meta">{t('notEnrolledNote')}</p> : null}
    </section>
  );
}

export default function MatchDetailPage() {
  const t = useMatchTexts();
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const query = useMatch(id, valid);
  const actions = useMatchActions(id);
  const { params, update } = useQueryState();

  if (!valid) return <Result status="warning" title={t('badId')} subTitle={t('badIdHint')} extra={<Link to="/match">{t('toList')}</Link>} />;
  if (query.isPending) return <div className="match-page"><Skeleton active paragraph={{ rows: 10 }} /></div>;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.code === 404;
    return (
      <Result status={missing ? '404' : 'error'} title={missing ? t('notFound') : t('loadFailed')} subTitle={query.error.message}
        extra={<Space><Button onClick={() => void query.refetch()}>{t('retry')}</Button><Link to="/match">{t('toList')}</Link></Space>} />
    );
  }
  const m = query.data;
  const tabs = [
    {
      key: 'info', label: t('tabInfo'),
      children: (
        <div>
          <h2 style={{ fontSize: 18 }}>{t('schedule')}</h2>
          {m.stages.map((s, i) => <StageBlock key={s.id} stage={s} index={i} m={m} actions={actions} t={t} />)}
          <h2 style={{ fontSize: 18 }}>{t('rules')}</h2>
          {m.rules ? <RichText html={m.rules} /> : <p>{t('noRules')}</p>}
        </div>
      ),
    },
    { key: 'board', label: t('tabBoard'), children: <ScoreboardTable matchId={m.id} t={t} /> },
    ...(m.isJudge ? [{
      key: 'judge', label: t('tabJudge'),
      children: <JudgePanel matchId={m.id} ended={m.status === 'ended'} onScore={(body) => actions.score.mutateAsync(body)} t={t} />,
    }] : []),
  ];
  const tab = tabs.find((x) => x.key === params.get('tab'))?.key ?? 'info';
  return (
    <div className="match-page" data-testid="match-detail" data-id={m.id} data-status={m.status}>
      <div className="match-head">
        <h1 className="match-title" style={{ display: 'inline', marginInlineEnd: 8 }}>{m.title}</h1>
        <StatusTag status={m.status} t={t} />
        {m.summary ? <p style={{ margin: '12px 0 4px' }}>{m.summary}</p> : null}
        <p className="match-meta" data-testid="match-facts">{matchFacts(m, t).join(' · ')}</p>
        <div className="match-head__actions">
          <EnrolActions m={m} actions={actions} t={t} />
          {m.myPlace !== null ? (
            <Tag color="green" data-testid="match-my-place">
              {t('myPlace', { n: m.myPlace })}{m.myPlacePoints ? ` · ${t('myPlacePoints', { n: m.myPlacePoints })}` : ''}
            </Tag>
          ) : null}
        </div>
        {m.isJudge ? <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('youAreJudge')} /> : null}
      </div>
      <Tabs activeKey={tab} onChange={(key) => update({ tab: key === 'info' ? undefined : key })} items={tabs} />
    </div>
  );
}
