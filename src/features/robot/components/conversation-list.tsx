// The side of the chat: a signed-in learner's conversations (newest activity first) with a new
// chat button; a guest is told that signing in keeps conversations.
import { Alert, Button, Empty, Input, Popconfirm, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loginPath } from '../../../lib/login-path';
import { useConversations, useDeleteConversation, type ConversationItem } from '../api/robot';
import { useRobotTexts } from './robot-texts';

export interface ConversationListProps {
  signedIn: boolean;
  activeId: number | null;
  /** Where a conversation opens. */
  hrefOf: (id: number) => string;
  onNew?: () => void;
  /** Opening one (before the route changes). */
  onOpen?: (id: number) => void;
  /** Offers delete on each row; called after one is deleted. */
  onDeleted?: (id: number) => void;
  pageSize?: number;
  /** Offers a search by title (issue 21 C: /robot/my). */
  searchable?: boolean;
}

/** The conversations of the signed-in learner, or the sign-in hint for a guest. */
export function ConversationList({ signedIn, activeId, hrefOf, onNew, onOpen, onDeleted, pageSize = 20, searchable = false }: ConversationListProps) {
  const t = useRobotTexts();
  const location = useLocation();
  const [query, setQuery] = useState('');
  const list = useConversations(1, pageSize, query);
  const remove = useDeleteConversation();
  if (!signedIn) {
    return (
      <aside className="robot-side" data-testid="robot-side">
        {onNew && <Button block onClick={onNew}>{t('newChat')}</Button>}
        <p className="robot-side__hint">{t('guestHint')}</p>
        <Link to={loginPath(location.pathname + location.search)}><Button type="primary" block>{t('signIn')}</Button></Link>
      </aside>
    );
  }
  const row = (c: ConversationItem) => (
    <li key={c.id} className={`robot-side__item${c.id === activeId ? ' robot-side__item--active' : ''}`} data-testid="robot-conversation" data-id={c.id}>
      <Link to={hrefOf(c.id)} onClick={() => onOpen?.(c.id)} aria-current={c.id === activeId ? 'page' : undefined} title={c.title}>
        <span className="robot-side__title">{c.title}</span>
        <span className="robot-side__meta">{t('messages', { n: c.messageCount })} · {dayjs(c.updatedAt).format('YYYY-MM-DD')}</span>
      </Link>
      {onDeleted && (
        <Popconfirm
          title={t('deleteConfirm')} description={t('deleteHint')} okText={t('delete')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutateAsync(c.id).then(() => onDeleted(c.id))}
        >
          {/* A plain button with a red confirm: antd's dark danger text reads 3.9:1 (axe), as on the addresses page. */}
          <Button type="text" size="small" data-testid="robot-delete" aria-label={`${t('delete')} ${c.title}`}>{t('delete')}</Button>
        </Popconfirm>
      )}
    </li>
  );
  return (
    <aside className="robot-side" data-testid="robot-side">
      {onNew && <Button block type="primary" ghost onClick={onNew} data-testid="robot-new">{t('newChat')}</Button>}
      <h2 className="robot-side__heading">{t('myConversations')}</h2>
      {searchable && (
        <Input.Search
          className="robot-side__search" allowClear maxLength={100} placeholder={t('searchPlaceholder')} aria-label={t('searchLabel')}
          onSearch={(value) => setQuery(value.trim())} data-testid="robot-search"
        />
      )}
      {list.isPending && <Skeleton active title={false} paragraph={{ rows: 4 }} />}
      {list.isError && (
        <Alert type="error" title={t('loadFailed', { message: list.error.message })} action={<Button size="small" onClick={() => void list.refetch()}>{t('retry')}</Button>} />
      )}
      {list.data && !list.data.list.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={query ? t('noMatches', { q: query }) : t('noConversations')} />}
      {list.data && !!list.data.list.length && <ul className="robot-side__list">{list.data.list.map(row)}</ul>}
      {list.data && list.data.total > list.data.list.length && <Link to="/robot/my" className="robot-side__all">{t('allConversations')} ›</Link>}
    </aside>
  );
}
