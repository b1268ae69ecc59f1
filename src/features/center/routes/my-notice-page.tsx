// /user/center/study/myNotice (spec learning §2 "Personal center" study; §7 GET
// /cm/api/notice/searchByUser; issue 19 part H): the tenant's notices, my classes' notices and the
// affairs, unread first, with my read state. A tenant notice opens /user/center/study/noticeDetail
// (opening marks it read), a class notice opens here in a dialog (and is marked read), an affair
// opens its page, where one asking for a receipt is confirmed. 全部标为已读 marks the rest.
import { Badge, Button, List, Modal, Segmented, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { affairPath, noticePath, useMyNotices, useNoticeRead, type NoticeSource, type UserNoticeItem } from '../../../api/sharing';
import { showMessage } from '../../../components/feedback/feedback';
import { RichText } from '../../../runtime/rich-text-view';
import { CenterLayout } from '../components/center-layout';
import { useCenterSharingTexts } from '../components/sharing-texts';
import { shortTime, StudyList, usePaging } from '../components/study-list';

const SOURCE_TEXT: Record<NoticeSource, 'sourceTenant' | 'sourceClasses' | 'sourceAffair'> = {
  tenant: 'sourceTenant', classes: 'sourceClasses', affair: 'sourceAffair',
};
const SOURCE_COLOR: Record<NoticeSource, string> = { tenant: 'blue', classes: 'geekblue', affair: 'purple' };

export default function MyNoticePage() {
  const t = useCenterSharingTexts();
  const { t: i18n } = useTranslation();
  const { page, onPage } = usePaging();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [classNotice, setClassNotice] = useState<UserNoticeItem | null>(null);
  const query = useMyNotices({ ...page, unread: unreadOnly });
  const read = useNoticeRead();
  const unread = query.data?.unread ?? 0;

  const markRead = (n: UserNoticeItem) => {
    if (!n.read && n.source !== 'affair') read.one.mutate({ id: n.id, source: n.source });
  };
  const openClassNotice = (n: UserNoticeItem) => {
    setClassNotice(n);
    markRead(n);
  };

  return (
    <CenterLayout title={i18n('route.myNotice')} testId="my-notice">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        <Space wrap>
          <Segmented
            aria-label={t('filter')} value={unreadOnly ? 'unread' : 'all'}
            onChange={(v) => { setUnreadOnly(v === 'unread'); onPage(1, page.pageSize); }}
            options={[{ value: 'all', label: t('all') }, { value: 'unread', label: t('unread') }]}
          />
          <span data-testid="my-notice-unread" aria-live="polite">{t('unreadCount', { n: unread })}</span>
        </Space>
        <Button
          disabled={unread === 0} loading={read.all.isPending} title={t('readAllHint')} data-testid="my-notice-read-all"
          onClick={() => read.all.mutate(undefined, { onSuccess: () => showMessage('success', t('readAllOk')) })}
        >
          {t('readAll')}
        </Button>
      </div>
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-notice-list" rowKey={(n: UserNoticeItem) => `${n.source}:${n.id}`}
        empty={{ text: unreadOnly ? t('noUnread') : `${t('noNotices')}. ${t('noNoticesHint')}`, linkText: t('toClasses'), to: '/classes' }}
        renderRow={(n: UserNoticeItem) => (
          <List.Item data-testid="my-notice-item" data-source={n.source} data-id={n.id} data-read={n.read}>
            <div className="portal-study__body">
              <Space size={6} wrap>
                {n.read ? null : <Badge status="error" aria-hidden="true" />}
                <Tag color={SOURCE_COLOR[n.source]}>{t(SOURCE_TEXT[n.source])}</Tag>
                {n.source === 'classes' ? (
                  <Button type="link" style={{ padding: 0, fontWeight: n.read ? 400 : 600 }} onClick={() => openClassNotice(n)} className="portal-study__title">
                    {n.title}
                  </Button>
                ) : (
                  <Link
                    to={n.source === 'affair' ? affairPath(n.id) : noticePath(n.id)} onClick={() => markRead(n)}
                    className="portal-study__title" style={{ fontWeight: n.read ? 400 : 600 }}
                  >
                    {n.title}
                  </Link>
                )}
                {n.top ? <Tag color="red">{t('pinned')}</Tag> : null}
                {n.needConfirm && !n.read ? <Tag color="magenta">{t('needConfirm')}</Tag> : null}
                <Tag color={n.read ? 'default' : 'red'}>{n.read ? t('read') : t('unread')}</Tag>
              </Space>
              {n.summary ? <div className="portal-study__meta">{n.summary}</div> : null}
              <div className="portal-study__meta">
                {[shortTime(n.publishTime), n.classesTitle ? t('className', { name: n.classesTitle }) : null].filter(Boolean).join(' · ')}
              </div>
              {!n.read && n.source !== 'affair' ? (
                <Button size="small" style={{ marginTop: 4 }} onClick={() => markRead(n)} data-testid="my-notice-mark-read">{t('markRead')}</Button>
              ) : null}
            </div>
          </List.Item>
        )}
      />
      <Modal
        open={classNotice !== null} title={classNotice?.title} onCancel={() => setClassNotice(null)} data-testid="my-notice-class-dialog"
        footer={[
          classNotice?.classesId ? <Link key="class" to={`/classes/detail/${classNotice.classesId}`} style={{ marginRight: 16 }}>{t('openClass')}</Link> : null,
          <Button key="close" type="primary" onClick={() => setClassNotice(null)}>{t('close')}</Button>,
        ]}
      >
        {classNotice ? (
          <>
            <p style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))' }}>
              {[shortTime(classNotice.publishTime), classNotice.classesTitle ? t('className', { name: classNotice.classesTitle }) : null].filter(Boolean).join(' · ')}
            </p>
            <RichText html={classNotice.body ?? classNotice.summary ?? ''} />
          </>
        ) : null}
      </Modal>
    </CenterLayout>
  );
}
