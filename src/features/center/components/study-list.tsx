// The frame every study section of the personal center shares: a skeleton while the page loads,
// the error with a retry, the empty state with a way to find something, or the rows and the
// spec's pager (spec learning §9: 5, 6, 10, 15, 20 per page).
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Pagination, Progress, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Paged } from '../../../api/client';
import { contentPage } from '../../../lib/audio-handoff';
import type { StudiedContent, TargetType } from '../api/my-study';
import { useStudyTexts } from './study-texts';
import './study.css';
import { PAGE_SIZE_OPTIONS as PAGE_SIZES } from '../../../lib/constants';


/** The page a list shows; a new page size starts again at page 1. */
export function usePaging(initialSize = 10) {
  const [page, setPage] = useState({ pageNo: 1, pageSize: initialSize });
  const onPage = useCallback((pageNo: number, pageSize: number) => {
    setPage((old) => ({ pageNo: pageSize === old.pageSize ? pageNo : 1, pageSize }));
  }, []);
  return { page, onPage };
}

/** The detail page of a course, subject or content (spec learning §2 "Details"). */
export function targetPath(type: TargetType, id: number): string {
  if (type === 'course') return `/course/detail/${id}`;
  if (type === 'subject') return `/subject/detail/${id}`;
  // Without a purpose the content page reads it from the content.
  const { pageUrl, pageQuery } = contentPage(id);
  return pageQuery ? `${pageUrl}?${new URLSearchParams(pageQuery).toString()}` : pageUrl;
}

/** A time as the center lists show it. */
export const shortTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

interface StudyListProps<T> {
  query: UseQueryResult<Paged<T>>;
  page: { pageNo: number; pageSize: number };
  onPage: (pageNo: number, pageSize: number) => void;
  /** The empty state: what is missing, and where to find some. */
  empty: { text: string; linkText: string; to: string };
  rowKey: (row: T) => string | number;
  renderRow: (row: T) => ReactNode;
  testId: string;
}

/** A paged list of the signed-in user's things. */
export function StudyList<T>({ query, page, onPage, empty, rowKey, renderRow, testId }: StudyListProps<T>) {
  const t = useStudyTexts();
  const { pageNo, pageSize } = page;

  // A page past the end (the last row of the last page was removed): go to the new last page.
  const settled = query.isSuccess && !query.isPlaceholderData ? query.data : undefined;
  useEffect(() => {
    if (settled && settled.list.length === 0 && settled.total > 0 && pageNo > 1) onPage(Math.max(1, Math.ceil(settled.total / pageSize)), pageSize);
  }, [settled, pageNo, pageSize, onPage]);

  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t('loading')} data-testid={`${testId}-loading`}>
        {Array.from({ length: Math.min(pageSize, 3) }, (_, i) => <Skeleton key={i} active avatar={{ shape: 'square', size: 64 }} paragraph={{ rows: 2 }} />)}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert
        type="error" showIcon title={query.error.message || t('loadFailed')} data-testid={`${testId}-error`}
        action={<Button size="small" onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const { list, total } = query.data;
  if (total === 0) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty.text} data-testid={`${testId}-empty`}>
        <Link to={empty.to}>{empty.linkText}</Link>
      </Empty>
    );
  }
  return (
    <div data-testid={testId} aria-busy={query.isFetching}>
      <List dataSource={list} rowKey={rowKey} renderItem={renderRow} />
      <Pagination
        style={{ marginTop: 16, justifyContent: 'flex-end' }}
        current={pageNo} pageSize={pageSize} total={total} showSizeChanger
        pageSizeOptions={[...PAGE_SIZES]}
        showTotal={(n) => t('total', { n })}
        onChange={onPage}
      />
    </div>
  );
}

/** A cover thumbnail that links where the row does. */
export function StudyCover({ to, cover }: { to: string; cover: string | null }) {
  return (
    <Link to={to} className="portal-study__cover" tabIndex={-1} aria-hidden="true">
      {cover ? <img src={cover} alt="" loading="lazy" /> : <span />}
    </Link>
  );
}

/** A content I studied, as the center lists it: cover, title with its state, author and last study, progress. */
export function StudiedContentRow({ item, to, testId }: { item: StudiedContent; to: string; testId: string }) {
  const t = useStudyTexts();
  const finished = item.state === 2;
  return (
    <List.Item data-testid={testId} data-id={item.id}>
      <div className="portal-study__row">
        <StudyCover to={to} cover={item.cover} />
        <div className="portal-study__body">
          <Link to={to} className="portal-study__title">{item.title}</Link>{' '}
          {finished ? <Tag color="success">{t('finished')}</Tag> : <Tag color="processing">{t('inProgress')}</Tag>}
          <div className="portal-study__meta">{[item.author, t('lastStudy', { time: shortTime(item.lastStudyTime) })].filter(Boolean).join(' · ')}</div>
          <Progress percent={item.percentage} size="small" status={finished ? 'success' : 'normal'} aria-label={t('progressOf', { title: item.title })} />
        </div>
      </div>
    </List.Item>
  );
}

