// /task/detail/{id} (spec learning §2 "Details"; issue 19 part A): the task's description, window
// and completion rule; its contents in order with kind, required flag and my progress; join, open a
// content (startTaskContent gives the route, carrying userTaskId, so the study counts for the task),
// and finish once the rule is met. A team task shows my team and its members' progress. Guests read
// the page and are offered sign-in. Outside the window nothing can be started or finished.
import { Alert, Button, Empty, Progress, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useTaskActions, useTaskDetail, type TaskContentItem, type TaskDetail, type TaskTeamInfo } from '../../../api/tasks';
import { showMessage } from '../../../components/feedback/feedback';
import { usePageTitle } from '../../../components/use-page-title';
import { loginPath } from '../../../lib/login-path';
import { RichText } from '../../../runtime/rich-text-view';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { useTaskTexts, type TaskText } from '../components/task-texts';
import '../components/tasks.css';

type T = ReturnType<typeof useTaskTexts>;

const positive = (raw: string | undefined) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);
const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
const WINDOW_COLOR = { open: 'green', upcoming: 'blue', closed: 'default' } as const;

/** The kind label of a task content: its content kind (video, document…), or course / exam. */
function kindText(c: TaskContentItem, t: T): string {
  if (c.kind === 'course') return t('kindCourse');
  if (c.kind === 'exam') return t('kindExam');
  const map: Record<string, TaskText> = { video: 'kindVideo', audio: 'kindAudio', article: 'kindArticle', pdf: 'kindPdf', link: 'kindLink' };
  return t(map[c.contentKind ?? ''] ?? 'kindContent');
}

function windowText(task: TaskDetail, t: T): string {
  if (!task.endTime) return `${t('from', { start: time(task.startTime) })} · ${t('always')}`;
  return t('range', { start: time(task.startTime), end: time(task.endTime) });
}

/** One content row: position, kind, title, required, my state, and the way to study it. */
function ContentRow({ c, task, t, onOpen, opening }: { c: TaskContentItem; task: TaskDetail; t: T; onOpen: (c: TaskContentItem) => void; opening: boolean }) {
  const mine = task.mine;
  // A finished task's contents stay open for review; otherwise only inside the window.
  const canOpen = mine !== null && (mine.state === 'finished' || task.windowState === 'open');
  let state;
  if (!mine) state = null;
  else if (c.done) state = <Tag color="success">{t('done')}</Tag>;
  else if (c.percentage > 0 || c.startedAt) state = <Progress percent={c.percentage} size="small" aria-label={t('inProgress', { p: c.percentage })} format={() => t('inProgress', { p: c.percentage })} />;
  else state = <Tag>{t('notStarted')}</Tag>;
  return (
    <li className="task-content" data-testid="task-content" data-id={c.id} data-done={c.done ? 'true' : 'false'}>
      <span className="task-content__sort">{c.sort}</span>
      <Tag color="blue">{kindText(c, t)}</Tag>
      <span className="task-content__title">
        {c.title}
        {c.duration > 0 ? <span className="task-detail__meta"> · {t('duration', { m: Math.max(1, Math.round(c.duration / 60)) })}</span> : null}
      </span>
      <Tag color={c.required ? 'orange' : 'default'}>{c.required ? t('required') : t('optional')}</Tag>
      <span className="task-content__state">{state}</span>
      {canOpen && (
        <Button onClick={() => onOpen(c)} loading={opening} data-testid="task-content-open" aria-label={t('openLabel', { action: c.done ? t('review') : t('study'), title: c.title })}>
          {c.done ? t('review') : t('study')}
        </Button>
      )}
    </li>
  );
}

/** My team of a team task and every member's progress. */
function TeamPanel({ team, t }: { team: TaskTeamInfo; t: T }) {
  const stateText: Record<string, TaskText> = { none: 'stateNone', joined: 'stateJoined', started: 'stateStarted', finished: 'stateFinished' };
  return (
    <section className="task-panel" data-testid="task-team" aria-labelledby="task-team-title">
      <h2 className="task-section-title" id="task-team-title">{t('myTeam', { name: team.name })}</h2>
      <p className="task-detail__meta">{t('teamProgress', { done: team.finishedCount, total: team.memberCount })}</p>
      <ul className="task-team__members">
        {team.members.map((m) => (
          <li key={m.userId} className="task-team__member" data-testid="task-team-member">
            <div>
              <strong>{m.name}</strong>{' '}
              {m.role === 'leader' ? <Tag color="gold">{t('leader')}</Tag> : null}
              {m.me ? <Tag color="blue">{t('me')}</Tag> : null}
              <span className="task-detail__meta"> {t(stateText[m.state] ?? 'stateNone')}</span>
            </div>
            <Progress percent={m.percentage} size="small" aria-label={`${m.name} ${m.percentage}%`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function TaskDetailPage() {
  const t = useTaskTexts();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { id: rawId } = useParams();
  const id = positive(rawId);
  const signedIn = useUserStore(selectUserId) !== null;
  const { detail, contents } = useTaskDetail(id);
  const actions = useTaskActions();
  usePageTitle(detail.data?.title);

  const back = <Link to="/taskList" data-testid="task-detail-back">‹ {t('back')}</Link>;
  const notFound = id === null || (detail.error instanceof ApiError && detail.error.errorCode === 'TASK_NOT_FOUND');

  let body;
  if (notFound) {
    body = <Empty description={<><strong>{t('notFound')}</strong><br />{t('notFoundHint', { id: rawId ?? '' })}</>} />;
  } else if (detail.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} data-testid="task-detail-loading" />;
  } else if (detail.isError) {
    body = <Alert type="error" showIcon message={t('loadFailed')} action={<Button onClick={() => void detail.refetch()}>{t('retry')}</Button>} />;
  } else {
    const task = detail.data;
    const mine = task.mine;
    const list = contents.data ?? [];
    const onOpen = (c: TaskContentItem) => {
      if (!mine) return;
      actions.open.mutate({ userTaskId: mine.id, taskContentId: c.id }, { onSuccess: (answer) => void navigate(answer.route) });
    };
    const onJoin = () => actions.join.mutate(task.id, { onSuccess: () => showMessage('success', t('joinedOk')) });
    const onFinish = () => {
      if (!mine) return;
      actions.finish.mutate(mine.id, {
        onSuccess: (answer) => showMessage('success', answer.points > 0 ? t('finishedOkPoints', { n: answer.points }) : t('finishedOk')),
      });
    };
    const rule = task.finishRule === 'at_least' ? t('ruleAtLeast', { n: task.finishMin ?? 1 }) : t('ruleAll', { n: task.requiredCount || task.contentCount });

    let action;
    if (!signedIn) {
      action = <Button type="primary" size="large" onClick={() => void navigate(loginPath(`${pathname}${search}`))} data-testid="task-sign-in">{t('loginToJoin')}</Button>;
    } else if (!mine) {
      action = task.canJoin
        ? <Button type="primary" size="large" loading={actions.join.isPending} onClick={onJoin} data-testid="task-join">{t('join')}</Button>
        : <Alert type="info" showIcon message={task.joinBlocked ?? t('closedNote')} data-testid="task-join-blocked" />;
    } else {
      const finished = mine.state === 'finished';
      action = (
        <div style={{ flex: 1, minWidth: 260 }} data-testid="task-mine" data-state={mine.state}>
          <div className="task-detail__meta">{t('myProgress')} · {t('progressText', { done: mine.progress.needDone, need: mine.progress.needCount })}</div>
          <Progress percent={mine.progress.percentage} aria-label={t('myProgress')} status={finished ? 'success' : 'active'} />
          <div className="task-detail__actions">
            {finished
              ? <Tag color="success" data-testid="task-finished">{t('finishedAt', { time: time(mine.finishedAt!) })}</Tag>
              : (
                <Button
                  type="primary" size="large" onClick={onFinish} loading={actions.finish.isPending} data-testid="task-finish"
                  disabled={!mine.progress.ruleMet || task.windowState !== 'open'}
                >
                  {t('finish')}
                </Button>
              )}
            {!finished && !mine.progress.ruleMet ? <span className="task-detail__meta">{t('notYet')}</span> : null}
            {!finished && task.windowState === 'closed' ? <Tag>{t('closedNote')}</Tag> : null}
          </div>
        </div>
      );
    }

    let contentList;
    if (contents.isPending) contentList = <Skeleton active paragraph={{ rows: 3 }} />;
    else if (contents.isError) contentList = <Alert type="error" showIcon message={t('loadFailed')} action={<Button onClick={() => void contents.refetch()}>{t('retry')}</Button>} />;
    else if (list.length === 0) contentList = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noContents')} />;
    else {
      contentList = (
        <ol className="task-contents" aria-label={t('contentList')}>
          {list.map((c) => <ContentRow key={c.id} c={c} task={task} t={t} onOpen={onOpen} opening={actions.open.isPending && actions.open.variables?.taskContentId === c.id} />)}
        </ol>
      );
    }

    body = (
      <article data-testid="task-detail" data-task-id={task.id} data-window={task.windowState}>
        <div className="task-detail__head">
          {task.cover ? <img className="task-detail__cover" src={task.cover} alt="" /> : null}
          <div className="task-detail__info">
            <h1 className="task-title">{task.title}</h1>
            <div>
              <Tag color={WINDOW_COLOR[task.windowState]}>{t(task.windowState)}</Tag>
              <Tag>{task.mode === 'team' ? t('team') : t('personal')}</Tag>
              {task.assigned ? <Tag color="purple">{t('assigned')}</Tag> : null}
            </div>
            <p className="task-detail__meta">{t('windowLine', { text: windowText(task, t) })}</p>
            <p className="task-detail__meta">{rule} · {t('joined', { n: task.joinCount })}</p>
            {task.summary ? <p style={{ margin: 0 }}>{task.summary}</p> : null}
            {task.windowState === 'upcoming' && !mine ? <Alert type="info" showIcon message={t('upcomingNote')} /> : null}
            <div className="task-detail__actions">{action}</div>
          </div>
        </div>
        {task.body ? (
          <section className="task-panel" aria-labelledby="task-body-title">
            <h2 className="task-section-title" id="task-body-title">{t('description')}</h2>
            <RichText html={task.body} className="task-body" />
          </section>
        ) : null}
        <section className="task-panel" aria-labelledby="task-contents-title">
          <h2 className="task-section-title" id="task-contents-title">{t('contentList')}</h2>
          {signedIn && !mine && list.length > 0 ? <p className="task-detail__meta">{t('joinFirst')}</p> : null}
          {contentList}
        </section>
        {task.team ? <TeamPanel team={task.team} t={t} /> : null}
      </article>
    );
  }

  return (
    <div className="task-page" data-testid="task-detail-page">
      <nav style={{ margin: '0 0 16px' }} aria-label={t('title')}>{back}</nav>
      {body}
    </div>
  );
}
