// /user/center/work/myContent/detail/{id} (route.workReviewDetail; issue 20 part V): a creator's
// work in review, read before deciding: its card, pen name and every chapter's text as submitted
// (with a contents list). Approve (the work is published: readable at /content/noval/{id} and on
// its author page) or reject with a reason the author reads (issue 18's audit calls).
import { Alert, Button, Input, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useReviewWork } from '../../../api/creators';
import { approveWork, REASON_MAX, rejectWork, useWorkMutation } from '../../../api/work';
import { showMessage } from '../../../components/feedback/feedback';
import { RichText } from '../../../runtime/rich-text-view';
import { CenterLayout } from '../components/center-layout';
import { useWorksTexts } from '../components/works-texts';

const REVIEW_LIST = '/user/center/work/myContent';

export default function WorksReviewPage() {
  const t = useWorksTexts();
  const { t: i18n } = useTranslation();
  const navigate = useNavigate();
  const { id: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
  const work = useReviewWork(id);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const approve = useWorkMutation((workId: number) => approveWork(workId));
  const reject = useWorkMutation(({ workId, why }: { workId: number; why: string }) => rejectWork(workId, why));
  const reasonOk = reason.trim().length > 0 && reason.trim().length <= REASON_MAX;
  const done = (message: string) => { showMessage('success', message); void navigate(REVIEW_LIST); };

  let body;
  if (id === null) body = <Alert type="error" showIcon title={t('notFound')} />;
  else if (work.isPending) body = <Skeleton active paragraph={{ rows: 12 }} />;
  else if (work.isError) {
    const code = work.error instanceof ApiError ? work.error.errorCode : undefined;
    // The page's own words for the refusals it expects (the server's are Chinese on every tenant).
    const title = code === 'TEACHER_ONLY' ? t('teachersOnly') : code === 'WORK_NOT_FOUND' ? t('reviewNotFound') : t('loadFailed');
    body = <Alert type="error" showIcon title={title} data-testid="works-review-error" action={code ? undefined : <Button size="small" onClick={() => void work.refetch()}>{t('retry')}</Button>} />;
  } else {
    const w = work.data;
    const pending = w.state === 'pending';
    body = (
      <article data-testid="works-review" data-id={w.id} aria-labelledby="works-review-title">
        <header style={{ display: 'flex', gap: 16, alignItems: 'flex-start', marginBottom: 16 }}>
          {w.cover ? <img src={w.cover} alt="" style={{ width: 72, aspectRatio: '3 / 4', objectFit: 'cover', borderRadius: 4 }} /> : null}
          <div style={{ flex: 1, minWidth: 0 }}>
            <h2 id="works-review-title" style={{ margin: '0 0 6px', fontSize: 20 }}>{w.title} <Tag>{t(w.purpose === 5 ? 'ebook' : 'serial')}</Tag><Tag>{t(w.state)}</Tag></h2>
            <div className="portal-work__line">
              {[w.penName && t('byAuthor', { name: w.penName }), w.uploaderName && t('uploader', { name: w.uploaderName }),
                w.submittedAt && t('submitted', { time: dayjs(w.submittedAt).format('YYYY-MM-DD HH:mm') }),
                t('chapters', { n: w.chapters.length }), t('words', { n: w.wordCount })].filter(Boolean).join(' · ')}
            </div>
            {w.intro ? <Typography.Paragraph style={{ margin: '8px 0 0' }}>{w.intro}</Typography.Paragraph> : null}
          </div>
        </header>
        {!pending ? <Alert type="info" showIcon title={t('notPending')} style={{ marginBottom: 16 }} /> : null}
        <nav aria-label={t('readChapters')} style={{ marginBottom: 16 }}>
          <ol style={{ margin: 0, paddingInlineStart: 20 }}>
            {w.chapters.map((c) => <li key={c.id}><a href={`#works-review-chapter-${c.id}`}>{c.title}</a></li>)}
          </ol>
        </nav>
        {w.chapters.map((c) => (
          <section key={c.id} id={`works-review-chapter-${c.id}`} aria-labelledby={`works-review-h-${c.id}`} data-testid="works-review-chapter" style={{ borderTop: '1px solid var(--portal-border, #f0f0f0)', padding: '16px 0' }}>
            <h3 id={`works-review-h-${c.id}`} style={{ fontSize: 17, margin: '0 0 8px' }}>{c.title} <span style={{ fontWeight: 400, fontSize: 13 }}>· {t('words', { n: c.wordCount })}</span></h3>
            <div style={{ lineHeight: 1.9 }}><RichText html={c.html} /></div>
          </section>
        ))}
        {pending ? (
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" loading={approve.isPending} onClick={() => approve.mutate(w.id, { onSuccess: () => done(t('approvedOk')) })} data-testid="works-review-approve">{t('approve')}</Button>
            <Button onClick={() => { setRejecting(true); setReason(''); }} data-testid="works-review-reject">{t('reject')}</Button>
          </Space>
        ) : null}
        <Modal
          open={rejecting} title={t('rejectTitle', { title: w.title })} onCancel={() => setRejecting(false)} okText={t('reject')} cancelText={t('cancel')}
          okButtonProps={{ disabled: !reasonOk, loading: reject.isPending, danger: true }} destroyOnHidden
          onOk={() => reasonOk && reject.mutate({ workId: w.id, why: reason.trim() }, { onSuccess: () => { setRejecting(false); done(t('rejectedOk')); } })}
        >
          <label htmlFor="works-reject-reason" style={{ display: 'block', marginBottom: 6 }}>{t('rejectReasonLabel')}</label>
          <Input.TextArea id="works-reject-reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={4} maxLength={REASON_MAX} showCount data-testid="works-reject-reason" />
          {!reasonOk ? <Typography.Text type="secondary">{t('needReason')}</Typography.Text> : null}
        </Modal>
      </article>
    );
  }

  return (
    <CenterLayout title={i18n('route.workReviewDetail')} testId="works-review-page">
      <nav style={{ marginBottom: 12 }} aria-label={t('backToReview')}><Link to={REVIEW_LIST}>‹ {t('backToReview')}</Link></nav>
      {body}
    </CenterLayout>
  );
}
