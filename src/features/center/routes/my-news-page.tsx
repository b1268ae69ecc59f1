// /user/center/study/myNews: the message center (spec shell §2, §7 "Messages"). Messages by type,
// all or unread only, paged; opening one shows its detail page (which marks it read); "mark all as read" clears the bell.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Pagination, Segmented, Space, Spin, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getUnreadCount, queryMessageTypes, searchMessages, updateMessageBatch, type UserMessage } from '../../../api/user';
import { showMessage } from '../../../components/feedback/feedback';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { CenterLayout } from '../components/center-layout';
import { useCenterTexts } from '../components/texts';
import { PAGE_SIZE_OPTIONS as PAGE_SIZES } from '../../../lib/constants';

/** spec shell §9: page size options. */
/** The server's largest page; "mark all as read" walks the unread messages in pages of this size. */
const BATCH = 50;

/** Refreshes the navbar bell after messages change state. */
async function refreshUnread(): Promise<void> {
  const count = await getUnreadCount({ silent: true }).catch(() => null);
  useUserStore.getState().setUnreadCount(count);
}

/** Marks every unread message read, a page at a time (bounded, in case new ones keep arriving). */
async function markAllRead(): Promise<void> {
  for (let round = 0; round < 40; round++) {
    const page = await searchMessages({ pageNo: 1, pageSize: BATCH, state: 0 });
    if (!page.list.length) return;
    await updateMessageBatch(page.list.map((m) => m.id), 1);
  }
}

export default function MyNewsPage() {
  const t = useCenterTexts();
  const queryClient = useQueryClient();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const [type, setType] = useState<number | undefined>(undefined);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const scope = ['messages', tenantId, userId] as const;

  const types = useQuery({ queryKey: [...scope, 'types'], queryFn: queryMessageTypes });
  const list = useQuery({
    queryKey: [...scope, 'list', type ?? 0, unreadOnly, pageNo, pageSize],
    queryFn: () => searchMessages({ pageNo, pageSize, ...(type ? { type } : {}), ...(unreadOnly ? { state: 0 } : {}) }),
  });

  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: scope });
    await refreshUnread();
  };

  // The detail page reads (and so marks read) the message.
  const openMessage = (message: UserMessage) => void navigate(`/user/center/study/news/detail?id=${message.id}`);

  const onMarkAll = async () => {
    setBusy(true);
    try {
      await markAllRead();
      showMessage('success', t('markedRead'));
      await changed();
    } finally {
      setBusy(false);
    }
  };

  const tabs = [{ key: '0', label: t('all') }, ...(types.data ?? []).map((ty) => ({ key: String(ty.type), label: ty.unread ? `${ty.name} (${ty.unread})` : ty.name }))];

  return (
    <CenterLayout title={t('myNews')} testId="my-news">
      {/* The filters sit beside the tab bar, not inside it: antd's tablist may hold tabs only
          (axe aria-required-children, WCAG 1.3.1). */}
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
        <Tabs
          style={{ flex: 1, minWidth: 0 }}
          activeKey={String(type ?? 0)}
          items={tabs}
          onChange={(key) => {
            setType(key === '0' ? undefined : Number(key));
            setPageNo(1);
          }}
        />
        <Space>
          <Segmented
            value={unreadOnly ? 'unread' : 'all'}
            options={[{ value: 'all', label: t('all') }, { value: 'unread', label: t('unreadOnly') }]}
            onChange={(value) => {
              setUnreadOnly(value === 'unread');
              setPageNo(1);
            }}
          />
          <Button onClick={() => void onMarkAll()} loading={busy} data-testid="news-mark-all">
            {t('markAllRead')}
          </Button>
        </Space>
      </div>
      {list.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} action={<Button size="small" onClick={() => void list.refetch()}>{t('retry')}</Button>} />
      ) : list.isPending ? (
        <Spin />
      ) : list.data.list.length === 0 ? (
        <Empty description={t('noMessages')} />
      ) : (
        <>
          <List
            dataSource={list.data.list}
            renderItem={(message) => (
              <List.Item
                className={`portal-news__item${message.state === 0 ? ' portal-news__item--unread' : ''}`}
                data-testid="news-item"
                onClick={() => openMessage(message)}
                extra={<span>{dayjs(message.createTime).format('YYYY-MM-DD HH:mm')}</span>}
              >
                <List.Item.Meta
                  title={
                    <button type="button" className="portal-link-button portal-news__title" onClick={(e) => { e.stopPropagation(); openMessage(message); }}>
                      {message.state === 0 ? <span className="portal-news__dot" role="img" aria-label={t('unread')} /> : null}
                      {message.title}
                    </button>
                  }
                  description={<span>{message.content.slice(0, 80)}</span>}
                />
                <Tag>{types.data?.find((ty) => ty.type === message.type)?.name ?? message.type}</Tag>
              </List.Item>
            )}
          />
          <Pagination
            style={{ marginTop: 16, textAlign: 'right' }}
            current={pageNo}
            pageSize={pageSize}
            total={list.data.total}
            showSizeChanger
            pageSizeOptions={[...PAGE_SIZES]}
            showTotal={(n) => t('total', { n })}
            onChange={(page, size) => {
              setPageNo(size === pageSize ? page : 1);
              setPageSize(size);
            }}
          />
        </>
      )}
    </CenterLayout>
  );
}
