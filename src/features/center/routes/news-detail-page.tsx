// /user/center/study/news/detail?id=N (learning spec §2): one message of the message center.
// Opening it marks it read and refreshes the navbar bell.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { getUnreadCount, queryMessageTypes, readMessage } from '../../../api/user';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { CenterLayout } from '../components/center-layout';
import { useCenterTexts } from '../components/texts';

export default function NewsDetailPage() {
  const t = useCenterTexts();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const queryClient = useQueryClient();
  const message = useQuery({ queryKey: ['messages', tenantId, userId, 'detail', id], queryFn: () => readMessage(id), enabled: valid, retry: false });
  const types = useQuery({ queryKey: ['messages', tenantId, userId, 'types'], queryFn: queryMessageTypes });

  useEffect(() => {
    if (!message.isSuccess) return;
    // Reading marked it read: the list and the bell follow.
    void queryClient.invalidateQueries({ queryKey: ['messages', tenantId, userId, 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['messages', tenantId, userId, 'types'] });
    void getUnreadCount({ silent: true }).then((count) => useUserStore.getState().setUnreadCount(count)).catch(() => undefined);
  }, [message.isSuccess, queryClient, tenantId, userId]);

  const back = (
    <Link to="/user/center/study/myNews" data-testid="news-back">
      ‹ {t('backToList')}
    </Link>
  );

  let body;
  if (!valid || (message.isError && message.error instanceof ApiError && message.error.errorCode === 'NOT_FOUND')) {
    body = <Result status="404" title={t('notFound')} extra={back} />;
  } else if (message.isError) {
    body = <Alert type="error" showIcon title={t('loadFailed')} action={<Button size="small" onClick={() => void message.refetch()}>{t('retry')}</Button>} />;
  } else if (message.isPending) {
    body = <Spin />;
  } else {
    const typeName = types.data?.find((ty) => ty.type === message.data.type)?.name;
    body = (
      <article data-testid="news-detail">
        <p>{back}</p>
        <h2 style={{ margin: '8px 0' }}>{message.data.title}</h2>
        <p style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.6))' }}>
          {typeName ? <Tag>{typeName}</Tag> : null}
          {dayjs(message.data.createTime).format('YYYY-MM-DD HH:mm')}
        </p>
        <p style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>{message.data.content}</p>
      </article>
    );
  }
  return (
    <CenterLayout title={t('detail')} testId="my-news-detail">
      {body}
    </CenterLayout>
  );
}
