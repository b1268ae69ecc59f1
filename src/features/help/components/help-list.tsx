// The left column of the help center: the help articles, searchable by title and paged.
import { Empty, Input, Pagination, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { WidgetError } from '../../../components/card-grid';
import { HELP_PAGE_SIZE, useHelpList } from '../api/help-queries';
import { useHelpTexts } from './texts';

export interface HelpListProps {
  /** The article shown on the right; highlighted in the list. */
  selectedId: number | null;
  /** The address of an article, keeping the page's other query (purpose=99). */
  hrefOf: (id: number) => string;
  /** Tells the page which article is first, so it can show one when the address names none. */
  onFirst?: (id: number | null) => void;
}

export function HelpList({ selectedId, hrefOf, onFirst }: HelpListProps) {
  const { locale, t } = useHelpTexts();
  const [words, setWords] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const list = useHelpList(words, pageNo);
  const firstId = list.data?.list[0]?.id ?? null;
  useEffect(() => onFirst?.(firstId), [firstId, onFirst]);

  let body;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 6 }} title={false} />;
  else if (list.isError) body = <WidgetError error={list.error} onRetry={() => void list.refetch()} locale={locale} />;
  else if (list.data.total === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={words ? t('listNoMatch', { q: words }) : t('listEmpty')} />;
  else {
    body = (
      <>
        <ul className="help-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.data.list.map((item) => {
            const active = item.id === selectedId;
            return (
              <li key={item.id}>
                <Link
                  to={hrefOf(item.id)} aria-current={active ? 'page' : undefined} className="help-list-item"
                  style={{
                    display: 'block', padding: '10px 12px', borderRadius: 6, lineHeight: '22px', textDecoration: 'none',
                    color: active ? 'var(--portal-primary-text, #00aaff)' : 'inherit',
                    background: active ? 'var(--portal-primary-bg, rgba(0, 0, 0, 0.04))' : 'transparent', fontWeight: active ? 600 : 400,
                  }}
                >
                  {item.title}
                </Link>
              </li>
            );
          })}
        </ul>
        {list.data.total > HELP_PAGE_SIZE && (
          <Pagination simple size="small" style={{ marginTop: 12, justifyContent: 'center' }} current={pageNo} pageSize={HELP_PAGE_SIZE} total={list.data.total} onChange={setPageNo} />
        )}
      </>
    );
  }

  return (
    <nav aria-label={t('title')} className="help-nav">
      <Input.Search
        placeholder={t('searchPlaceholder')} aria-label={t('searchPlaceholder')} allowClear maxLength={100} style={{ marginBottom: 12 }}
        onSearch={(value) => {
          setWords(value.trim());
          setPageNo(1);
        }}
      />
      {body}
    </nav>
  );
}
