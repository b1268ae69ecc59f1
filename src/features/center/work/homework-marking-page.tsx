// /user/center/work/myWork (spec learning §2 "Personal center" work: homework marking; issue 18
// "Teachers: myWork"): pick an assignment (?homeworkId= from myZuoye or the homework page), see its
// queue (waiting first, then returned, marked, and the members who have not submitted), open a
// submission (its text and files), and mark it with a score and comment or return it for redo with
// a reason; "next" opens the next one waiting.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Input, InputNumber, List, Row, Select, Skeleton, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  getHomeworkQueue, getSubmission, getTeachingHomework, HOMEWORK_COMMENT_MAX, homeworkPath, markSubmission, type HomeworkStatus, type QueueRow,
} from '../../../api/homework';
import { FileLinks } from '../../../components/file-attachments';
import { showMessage } from '../../../components/feedback/feedback';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { CenterLayout } from '../components/center-layout';
import { useCenterHomeworkTexts } from '../components/homework-texts';
import { shortTime } from '../components/study-list';
import { isRefusal, TeacherGate, TeachersOnly } from './homework-teacher-gate';

type Texts = ReturnType<typeof useCenterHomeworkTexts>;

const COLORS: Record<HomeworkStatus, string> = { todo: 'default', submitted: 'processing', returned: 'warning', marked: 'success' };

/** The submission to open after `current`: the next one waiting, else the first waiting, else none. */
export function nextWaiting(rows: readonly QueueRow[], current: number | null): number | null {
  const waiting = rows.filter((r) => r.status === 'submitted' && r.submissionId !== null);
  const at = waiting.findIndex((r) => r.submissionId === current);
  const next = waiting.slice(at + 1).find((r) => r.submissionId !== current) ?? waiting.find((r) => r.submissionId !== current);
  return next?.submissionId ?? null;
}

export default function HomeworkMarkingPage() {
  const { t: i18n } = useTranslation();
  return (
    <CenterLayout title={i18n('route.myWork')} testId="my-work">
      <TeacherGate><Marking /></TeacherGate>
    </CenterLayout>
  );
}

function Marking() {
  const t = useCenterHomeworkTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const [params, setParams] = useSearchParams();
  const [openId, setOpenId] = useState<number | null>(null);
  const assignments = useQuery({
    queryKey: ['homework', tenantId, userId, 'teaching', 1, 50] as const,
    queryFn: ({ signal }) => getTeachingHomework({ pageNo: 1, pageSize: 50 }, { silent: true, signal }), retry: false,
  });
  const asked = Number(params.get('homeworkId'));
  const list = assignments.data?.list ?? [];
  // The asked assignment, else the first with work waiting, else the newest.
  const homeworkId = (Number.isSafeInteger(asked) && asked > 0 ? asked : undefined)
    ?? list.find((h) => h.submittedCount > 0)?.id ?? list[0]?.id;
  const queue = useQuery({
    queryKey: ['homework', tenantId, userId, 'queue', homeworkId] as const,
    queryFn: ({ signal }) => getHomeworkQueue(homeworkId!, { silent: true, signal }),
    enabled: homeworkId !== undefined, retry: false,
  });
  useEffect(() => setOpenId(null), [homeworkId]);

  if (assignments.isError && isRefusal(assignments.error)) return <TeachersOnly message={assignments.error.message} />;
  if (queue.isError && isRefusal(queue.error)) return <TeachersOnly message={queue.error.message} />;
  if (assignments.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (assignments.isError) return <Alert type="error" showIcon title={assignments.error.message || t('loadFailed')} action={<Button size="small" onClick={() => void assignments.refetch()}>{t('retry')}</Button>} />;
  if (list.length === 0) {
    return <Empty description={t('noAssignments')}><Link to="/user/center/work/myZuoye">{t('newHomework')}</Link></Empty>;
  }
  const options = list.map((h) => ({ value: h.id, label: `${h.title} · ${h.classesTitle}${h.submittedCount ? ` (${h.submittedCount})` : ''}` }));
  if (homeworkId !== undefined && !list.some((h) => h.id === homeworkId) && queue.data) {
    options.unshift({ value: homeworkId, label: `${queue.data.homework.title} · ${queue.data.homework.classesTitle}` });
  }
  const rows = queue.data?.rows ?? [];
  return (
    <div data-testid="homework-marking">
      <Space wrap style={{ marginBottom: 16 }}>
        <label htmlFor="marking-homework">{t('pickAssignment')}</label>
        <Select
          id="marking-homework" style={{ minWidth: 320 }} value={homeworkId} options={options} data-testid="marking-homework"
          onChange={(id: number) => setParams({ homeworkId: String(id) }, { replace: true })}
        />
        {homeworkId !== undefined ? <Link to={homeworkPath(homeworkId)}>{t('openHomework')}</Link> : null}
      </Space>
      <Row gutter={16}>
        <Col xs={24} md={9}>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('queue')}</h2>} size="small">
            {queue.isPending ? <Skeleton active /> : queue.isError ? (
              <Alert type="error" title={queue.error.message} action={<Button size="small" onClick={() => void queue.refetch()}>{t('retry')}</Button>} />
            ) : rows.length === 0 ? <Empty description={t('noSubmissions')} /> : (
              <List
                size="small" dataSource={rows} rowKey={(r) => r.userId} data-testid="marking-queue"
                renderItem={(r) => (
                  <List.Item data-testid="queue-row" data-status={r.status}>
                    {r.submissionId !== null ? (
                      <Button
                        type={openId === r.submissionId ? 'primary' : 'link'} size="small" onClick={() => setOpenId(r.submissionId)}
                        aria-pressed={openId === r.submissionId} data-testid="queue-open" autoInsertSpace={false}
                      >
                        {r.userName}
                      </Button>
                    ) : <span style={{ paddingInline: 7 }}>{r.userName}</span>}
                    <span>
                      <Tag color={COLORS[r.status]}>{t(r.status === 'todo' ? 'notSubmitted' : r.status)}</Tag>
                      {r.status === 'marked' && r.score !== null ? <Tag color="success">{r.score}</Tag> : null}
                      {r.late ? <Tag color="orange">{t('late')}</Tag> : null}
                    </span>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} md={15}>
          {openId === null ? <Card size="small"><Empty description={t('pickSubmission')} /></Card> : (
            <SubmissionPanel
              key={openId} id={openId} total={queue.data?.homework.totalScore ?? 100} t={t}
              onDone={() => void queue.refetch()}
              onNext={() => setOpenId(nextWaiting(rows, openId))}
              hasNext={nextWaiting(rows, openId) !== null}
            />
          )}
        </Col>
      </Row>
    </div>
  );
}

/** One submission: its text and files, and the mark form. */
function SubmissionPanel({ id, total, t, onDone, onNext, hasNext }: { id: number; total: number; t: Texts; onDone(): void; onNext(): void; hasNext: boolean }) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const client = useQueryClient();
  const submission = useQuery({
    queryKey: ['homework', tenantId, userId, 'submission', id] as const,
    queryFn: ({ signal }) => getSubmission(id, { silent: true, signal }), retry: false,
  });
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  useEffect(() => {
    if (submission.data) {
      setScore(submission.data.score);
      setComment(submission.data.state === 'marked' ? submission.data.comment ?? '' : '');
    }
  }, [submission.data]);
  const mark = useMutation({
    mutationFn: (action: 'mark' | 'return') => markSubmission({
      submissionId: id, action, ...(action === 'mark' && score !== null ? { score } : {}), ...(comment.trim() ? { comment: comment.trim() } : {}),
    }),
    onSuccess: (saved, action) => {
      client.setQueryData(['homework', tenantId, userId, 'submission', id], saved);
      void client.invalidateQueries({ queryKey: ['homework', tenantId, userId, 'teaching'] });
      showMessage('success', action === 'mark' ? t('markedOk') : t('returnedOk'));
      onDone();
    },
  });
  if (submission.isPending) return <Card size="small"><Skeleton active /></Card>;
  if (submission.isError) return <Alert type="error" showIcon title={submission.error.message} />;
  const s = submission.data;
  return (
    <Card size="small" data-testid="submission-panel" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('markTitle', { name: s.userName })}</h2>}
      extra={<Tag color={COLORS[s.state]}>{t(s.state)}</Tag>}>
      <p style={{ opacity: 0.85 }}>
        {t('submittedAt', { time: shortTime(s.submittedAt) })} · {t('revision', { n: s.revision })}
        {s.late ? <> <Tag color="orange">{t('late')}</Tag></> : null}
      </p>
      <h3 style={{ fontSize: 14 }}>{t('content')}</h3>
      <p style={{ whiteSpace: 'pre-wrap' }} data-testid="submission-content">{s.content || t('noContent')}</p>
      <h3 style={{ fontSize: 14 }}>{t('files')}</h3>
      {s.files.length ? <FileLinks files={s.files} testId="submission-files" /> : <p>{t('noFiles')}</p>}
      {s.state === 'marked' ? <Alert type="success" title={t('finalNote')} style={{ margin: '12px 0' }} /> : null}
      {s.state === 'returned' ? <Alert type="warning" title={t('returnedNote')} description={s.comment} style={{ margin: '12px 0' }} /> : (
        <form
          aria-label={t('markTitle', { name: s.userName })} style={{ marginTop: 12 }}
          onSubmit={(e) => {
            e.preventDefault();
            if (score === null) showMessage('warning', t('needScore'));
            else mark.mutate('mark');
          }}
        >
          <label htmlFor="mark-score" style={{ display: 'block', marginBottom: 4 }}>{t('score', { max: total })}</label>
          <InputNumber id="mark-score" min={0} max={total} precision={0} value={score} onChange={(v) => setScore(v)} data-testid="mark-score" />
          <label htmlFor="mark-comment" style={{ display: 'block', margin: '12px 0 4px' }}>{t('comment')}</label>
          <Input.TextArea
            id="mark-comment" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={HOMEWORK_COMMENT_MAX} showCount
            autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('commentHint')} data-testid="mark-comment"
          />
          <Space style={{ marginTop: 12 }} wrap>
            <Button type="primary" htmlType="submit" loading={mark.isPending && mark.variables === 'mark'} data-testid="mark-save">{t('markSave')}</Button>
            {s.state === 'submitted' ? (
              <Button
                danger loading={mark.isPending && mark.variables === 'return'} data-testid="mark-return"
                onClick={() => (comment.trim() ? mark.mutate('return') : showMessage('warning', t('needComment')))}
              >
                {t('returnForRedo')}
              </Button>
            ) : null}
            <Button onClick={onNext} disabled={!hasNext} data-testid="mark-next">{t('next')}</Button>
          </Space>
        </form>
      )}
    </Card>
  );
}
