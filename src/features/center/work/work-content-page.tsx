// /user/center/work/myContent (spec learning §2 "Personal center" work: myContent, work review): the
// learners' works waiting for my review (submitted in classes I teach), a preview of each, approve
// (the work is published) or reject with a reason (1–500 characters, required). The uploader is told
// in the message center either way (server: cm/audit-routes.ts).
import { Button, Empty, Input, List, Modal, Pagination, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  approveWork, REASON_MAX, rejectWork, usePendingWorks, useWorkMutation, type PendingWork,
} from '../../../api/work';
import { Link } from 'react-router';
import { workReviewPath } from '../../../api/creators';
import { CenterLayout } from '../components/center-layout';
import { useWorksTexts } from '../components/works-texts';
import { usePaging } from '../components/study-list';
import { QueryState, useNotice, WorkGate } from './work-gate';
import { useWorkTexts } from './work-texts';
import './work.css';

/** A work's file, as the preview shows it by kind (http(s) and same-origin paths only). */
function WorkMedia({ work }: { work: PendingWork }) {
  const t = useWorkTexts();
  const url = work.mediaUrl && /^(https?:\/\/|\/)/.test(work.mediaUrl) ? work.mediaUrl : null;
  if (!url) return <Typography.Text type="secondary">{t('noMedia')}</Typography.Text>;
  if (work.kind === 'video' && !url.endsWith('.m3u8')) return <video src={url} controls preload="metadata" style={{ width: '100%' }} aria-label={work.title} />;
  if (work.kind === 'audio') return <audio src={url} controls preload="metadata" aria-label={work.title} />;
  return <a href={url} target="_blank" rel="noopener noreferrer">{t('openMedia')}</a>;
}

function ReviewList() {
  const t = useWorkTexts();
  const works = useWorksTexts();
  const notice = useNotice();
  const { page, onPage } = usePaging();
  const query = usePendingWorks(page);
  const [preview, setPreview] = useState<PendingWork | null>(null);
  const [rejecting, setRejecting] = useState<PendingWork | null>(null);
  const [reason, setReason] = useState('');
  const approve = useWorkMutation((w: PendingWork) => approveWork(w.id));
  const reject = useWorkMutation(({ w, why }: { w: PendingWork; why: string }) => rejectWork(w.id, why));
  const reasonOk = reason.trim().length > 0 && reason.trim().length <= REASON_MAX;

  const onApprove = (w: PendingWork) => approve.mutate(w, {
    onSuccess: () => { notice(t('approved', { title: w.title })); setPreview(null); },
  });
  const onReject = () => {
    if (!rejecting || !reasonOk) return;
    const w = rejecting;
    reject.mutate({ w, why: reason.trim() }, {
      onSuccess: () => { notice(t('rejected', { title: w.title })); setRejecting(null); setReason(''); setPreview(null); },
    });
  };

  return (
    <QueryState query={query} testId="work-content">
      {(data) => (
        <>
          {data.total === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noPending')} data-testid="work-content-empty" />
          ) : (
            <div data-testid="work-content-list" aria-busy={query.isFetching}>
              <List
                dataSource={data.list} rowKey={(w) => w.id}
                renderItem={(w) => (
                  <List.Item
                    data-testid="pending-work" data-id={w.id}
                    actions={[
                      // Issue 20 part V: a creator's reading work (purpose 5–7) is read chapter by chapter on its own page.
                      w.purpose >= 5 && w.purpose <= 7
                        ? <Link key="p" to={workReviewPath(w.id)} data-testid="review-work-chapters">{works('readChapters')}</Link>
                        : <Button key="p" size="small" onClick={() => setPreview(w)}>{t('preview')}</Button>,
                      <Button key="a" size="small" type="primary" loading={approve.isPending && approve.variables?.id === w.id} onClick={() => onApprove(w)} data-testid="approve-work">{t('approve')}</Button>,
                      <Button key="r" size="small" onClick={() => { setRejecting(w); setReason(''); }} data-testid="reject-work">{t('reject')}</Button>,
                    ]}
                  >
                    <div className="portal-work__row">
                      {w.cover ? <img className="portal-work__cover" src={w.cover} alt="" loading="lazy" /> : <span className="portal-work__cover" aria-hidden="true" />}
                      <div>
                        <Typography.Text strong>{w.title}</Typography.Text> <Tag>{t(`kind_${w.kind as 'video'}`)}</Tag>
                        <div className="portal-work__line">
                          {[w.uploaderName && t('uploader', { name: w.uploaderName }), w.classesTitle && t('inClass', { name: w.classesTitle }),
                            w.submittedAt && t('submittedAt', { time: dayjs(w.submittedAt).format('YYYY-MM-DD HH:mm') })].filter(Boolean).join(' · ')}
                        </div>
                        {w.summary && <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>{w.summary}</Typography.Paragraph>}
                      </div>
                    </div>
                  </List.Item>
                )}
              />
              <Pagination style={{ marginTop: 16, justifyContent: 'flex-end' }} current={page.pageNo} pageSize={page.pageSize} total={data.total} showTotal={(n) => t('total', { n })} onChange={onPage} />
            </div>
          )}
          <Modal
            open={preview !== null} title={preview?.title} onCancel={() => setPreview(null)} destroyOnHidden
            footer={preview && (
              <Space>
                <Button onClick={() => { setRejecting(preview); setReason(''); }}>{t('reject')}</Button>
                <Button type="primary" loading={approve.isPending} onClick={() => onApprove(preview)}>{t('approve')}</Button>
              </Space>
            )}
          >
            {preview && (
              <Space direction="vertical" style={{ width: '100%' }} data-testid="work-preview">
                <div className="portal-work__line">
                  {[preview.uploaderName && t('uploader', { name: preview.uploaderName }), preview.classesTitle && t('inClass', { name: preview.classesTitle })].filter(Boolean).join(' · ')}
                </div>
                {preview.summary && <Typography.Paragraph>{preview.summary}</Typography.Paragraph>}
                <WorkMedia work={preview} />
              </Space>
            )}
          </Modal>
          <Modal
            open={rejecting !== null} title={rejecting ? t('rejectTitle', { title: rejecting.title }) : ''} onCancel={() => setRejecting(null)}
            onOk={onReject} okText={t('reject')} cancelText={t('cancel')} okButtonProps={{ disabled: !reasonOk, loading: reject.isPending, danger: true }} destroyOnHidden
          >
            <label htmlFor="work-reject-reason" className="portal-work__label">{t('rejectReason')}</label>
            <Input.TextArea
              id="work-reject-reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={4} maxLength={REASON_MAX} showCount
              status={reason.length > 0 && !reasonOk ? 'error' : undefined} data-testid="reject-reason"
            />
            {!reasonOk && <Typography.Text type="secondary">{t('needReason', { max: REASON_MAX })}</Typography.Text>}
          </Modal>
        </>
      )}
    </QueryState>
  );
}

export default function WorkContentPage() {
  const t = useWorkTexts();
  return (
    <CenterLayout title={t('myContent')} testId="work-content-page">
      <WorkGate role="teacher">
        <p className="portal-work__intro">{t('reviewIntro')}</p>
        <ReviewList />
      </WorkGate>
    </CenterLayout>
  );
}
