// /homeWork/detail?id= and /zuoye/detail?id= (spec learning §2; issue 18 "Homework"): an assignment
// with its instructions and attachments, the deadline counting down on the server's clock, and my
// submission: the editor and file upload while I may submit, then its state, and the mark and
// comment once the teacher has marked it; returned work shows the reason and opens the editor again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Input, Result, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import {
  getHomework, HOMEWORK_FILES_MAX, HOMEWORK_TEXT_MAX, submitHomework, type HomeworkDetail, type HomeworkFile, type HomeworkStatus,
} from '../../../api/homework';
import { FileAttachments, FileLinks } from '../../../components/file-attachments';
import { showMessage } from '../../../components/feedback/feedback';
import { RichText } from '../../../runtime/rich-text-view';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { useHomeworkTexts } from '../components/texts';

type Texts = ReturnType<typeof useHomeworkTexts>;

const STATUS: Record<HomeworkStatus, { key: 'statusTodo' | 'statusSubmitted' | 'statusReturned' | 'statusMarked'; color: string }> = {
  todo: { key: 'statusTodo', color: 'default' },
  submitted: { key: 'statusSubmitted', color: 'processing' },
  returned: { key: 'statusReturned', color: 'warning' },
  marked: { key: 'statusMarked', color: 'success' },
};

/** The time left as "2 天 3 小时" / "3 h 20 min". */
export function timeLeft(ms: number, t: Texts): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return t('lessThanMinute');
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts = d > 0 ? [t('days', { n: d }), h > 0 ? t('hours', { n: h }) : ''] : [h > 0 ? t('hours', { n: h }) : '', t('minutes', { n: m })];
  return parts.filter(Boolean).join(' ');
}

/** The deadline and a countdown against the server clock (the offset measured when the detail arrived). */
function Countdown({ deadline, offset, t }: { deadline: string; offset: number; t: Texts }) {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset), 30_000);
    return () => clearInterval(timer);
  }, [offset]);
  const left = new Date(deadline).getTime() - now;
  return (
    <span data-testid="homework-countdown">
      {dayjs(deadline).format('YYYY-MM-DD HH:mm')}{' '}
      {left > 0 ? <Tag color={left < 86_400_000 ? 'orange' : 'blue'}>{t('left', { time: timeLeft(left, t) })}</Tag> : <Tag color="red">{t('overdue')}</Tag>}
    </span>
  );
}

export default function HomeworkDetailPage() {
  const t = useHomeworkTexts();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const queryKey = ['homework', tenantId, userId, 'detail', id] as const;
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const detail = await getHomework(id, { silent: true, signal });
      return { detail, offset: new Date(detail.now).getTime() - Date.now() };
    },
    enabled: valid, retry: false,
  });

  if (!valid) {
    return <Result status="warning" title={t('badId')} subTitle={t('badIdHint')} extra={<Link to="/user/center/study/myHomework">{t('myHomework')}</Link>} />;
  }
  if (query.isPending) return <div className="portal-homework" style={{ maxWidth: 960, margin: '24px auto', padding: '0 16px' }}><Skeleton active paragraph={{ rows: 8 }} /></div>;
  if (query.isError) {
    const error = query.error;
    const forbidden = error instanceof ApiError && error.code === 403;
    return (
      <Result
        status={forbidden ? '403' : error instanceof ApiError && error.code === 404 ? '404' : 'error'}
        title={forbidden ? t('notMember') : t('loadFailed')}
        subTitle={error.message}
        extra={<Space><Button onClick={() => void query.refetch()}>{t('retry')}</Button><Link to="/user/center/study/myHomework">{t('myHomework')}</Link></Space>}
      />
    );
  }
  const { detail, offset } = query.data;
  return (
    <div className="portal-homework" data-testid="homework-detail" style={{ maxWidth: 960, margin: '24px auto', padding: '0 16px' }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>{detail.title}</Typography.Title>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }} items={[
        { key: 'class', label: t('classLabel'), children: <Link to={`/classes/detail/${detail.classesId}`}>{detail.classesTitle}</Link> },
        {
          key: 'deadline', label: t('deadline'),
          children: (
            <span>
              {detail.deadline ? <Countdown deadline={detail.deadline} offset={offset} t={t} /> : t('noDeadline')}
              {detail.allowLate ? <Tag style={{ marginInlineStart: 8 }}>{t('lateAllowed')}</Tag> : null}
              {detail.state === 'closed' ? <Tag color="red">{t('closed')}</Tag> : null}
            </span>
          ),
        },
        { key: 'points', label: t('points'), children: t('pointsValue', { n: detail.totalScore }) },
      ]} />
      {detail.isTeacher ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('teacherView')}
          action={<Link to={`/user/center/work/myWork?homeworkId=${detail.id}`}>{t('toMarking')}</Link>} />
      ) : null}
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('instructions')}</h2>} style={{ marginBottom: 16 }}>
        {detail.instructions ? <RichText html={detail.instructions} /> : <p>{t('noInstructions')}</p>}
        {detail.attachments.length ? (
          <>
            <h3 style={{ fontSize: 14, marginTop: 16 }}>{t('attachments')}</h3>
            <FileLinks files={detail.attachments} testId="homework-attachments" />
          </>
        ) : null}
      </Card>
      {detail.isMember ? <MySubmission detail={detail} queryKey={queryKey} t={t} /> : detail.isTeacher ? null : <Alert type="warning" title={t('notMemberNote')} />}
    </div>
  );
}

/** My submission: its state, mark and comment, and the editor while I may submit. */
function MySubmission({ detail, queryKey, t }: { detail: HomeworkDetail; queryKey: readonly unknown[]; t: Texts }) {
  const mine = detail.mine;
  const status: HomeworkStatus = mine?.state ?? 'todo';
  const client = useQueryClient();
  // A returned submission opens the editor with what was sent, to revise.
  const [content, setContent] = useState(mine?.state === 'returned' ? mine.content : '');
  const [files, setFiles] = useState<HomeworkFile[]>(mine?.state === 'returned' ? mine.files : []);
  const submit = useMutation({
    mutationFn: () => submitHomework(detail.id, content.trim(), files),
    onSuccess: (next) => {
      client.setQueryData(queryKey, (old: { detail: HomeworkDetail; offset: number } | undefined) => ({ detail: next, offset: old?.offset ?? 0 }));
      void client.invalidateQueries({ queryKey: (queryKey as unknown[]).slice(0, 3) });
      showMessage('success', t('submitted'));
    },
  });
  const empty = content.trim() === '' && files.length === 0;
  const late = detail.overdue && detail.allowLate;
  return (
    <Card
      data-testid="my-submission"
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('mySubmission')} <Tag color={STATUS[status].color} data-testid="my-submission-status">{t(STATUS[status].key)}</Tag></h2>}
    >
      {mine ? (
        <div style={{ marginBottom: 16 }}>
          <p style={{ opacity: 0.85 }}>
            {t('submittedAt', { time: dayjs(mine.submittedAt).format('YYYY-MM-DD HH:mm') })} · {t('revision', { n: mine.revision })}
            {mine.late ? <> <Tag color="orange">{t('late')}</Tag></> : null}
          </p>
          {mine.state === 'marked' ? (
            <Descriptions bordered size="small" column={1} data-testid="my-mark" style={{ marginBottom: 12 }} items={[
              { key: 'score', label: t('score'), children: <strong data-testid="my-score">{t('scoreValue', { score: mine.score ?? 0, total: detail.totalScore })}</strong> },
              { key: 'comment', label: t('comment'), children: <span data-testid="my-comment">{mine.comment || t('noComment')}</span> },
            ]} />
          ) : null}
          {mine.state === 'returned' ? (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('returnedTitle')} description={<span data-testid="my-comment">{mine.comment}</span>} />
          ) : null}
          {mine.state === 'submitted' ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('waiting')} /> : null}
          {mine.state !== 'returned' ? (
            <>
              {mine.content ? <p style={{ whiteSpace: 'pre-wrap' }} data-testid="my-content">{mine.content}</p> : null}
              {mine.files.length ? <FileLinks files={mine.files} testId="my-files" /> : null}
            </>
          ) : null}
        </div>
      ) : null}
      {detail.canSubmit ? (
        <form
          aria-label={t('mySubmission')}
          onSubmit={(e) => {
            e.preventDefault();
            if (empty) showMessage('warning', t('emptyAnswer'));
            else submit.mutate();
          }}
        >
          {late ? <Alert type="warning" title={t('lateWarning')} style={{ marginBottom: 12 }} /> : null}
          <label htmlFor="homework-answer" style={{ display: 'block', marginBottom: 4 }}>{t('answer')}</label>
          <Input.TextArea
            id="homework-answer" value={content} onChange={(e) => setContent(e.target.value)} maxLength={HOMEWORK_TEXT_MAX} showCount
            autoSize={{ minRows: 6, maxRows: 20 }} placeholder={t('answerPlaceholder')} data-testid="homework-answer"
          />
          <div style={{ margin: '16px 0 4px' }}>{t('files', { n: HOMEWORK_FILES_MAX })}</div>
          <FileAttachments value={files} onChange={setFiles} max={HOMEWORK_FILES_MAX} testId="homework-files" />
          <div style={{ marginTop: 16 }}>
            <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="homework-submit">
              {mine?.state === 'returned' ? t('resubmit') : t('submit')}
            </Button>
          </div>
        </form>
      ) : !mine ? (
        <Alert type="warning" title={detail.state === 'closed' ? t('cannotClosed') : t('cannotOverdue')} />
      ) : null}
    </Card>
  );
}
