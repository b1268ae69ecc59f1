// /search (spec shell §2): the navbar pushes /search?searchValue=<text>&type=total. The query is the
// page's state (searchValue, type, pageNo, pageSize), so back and forward walk through searches,
// tabs and pages. Tabs: 综合 (a few of each kind), then one per kind with pagination.
import { Input, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_KINDS, useShowsProducts, type SearchKind, type SearchTab } from '../api/search-kinds';
import { PAGE_SIZE_OPTIONS } from '../../../lib/constants';
import { DEFAULT_PAGE_SIZE, KIND_LABEL, KindResults, NoResults, TotalResults } from '../components/search-results';
import { useSearchTexts } from '../components/texts';

/** The longest search text the list calls take. */
const MAX_WORDS = 100;

/** A positive integer query value, or the fallback. */
function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

/** The query of a search state; page 1 and the default page size are left out of the address. */
export function searchQueryString(state: { words: string; tab: SearchTab; pageNo?: number; pageSize?: number }): string {
  const query = new URLSearchParams({ searchValue: state.words, type: state.tab });
  if (state.pageNo !== undefined && state.pageNo > 1) query.set('pageNo', String(state.pageNo));
  if (state.pageSize !== undefined && state.pageSize !== DEFAULT_PAGE_SIZE) query.set('pageSize', String(state.pageSize));
  return query.toString();
}

export default function SearchPage() {
  const { locale, t } = useSearchTexts();
  const [params, setParams] = useSearchParams();
  const words = (params.get('searchValue') ?? '').trim().slice(0, MAX_WORDS);
  const products = useShowsProducts();
  const requested = params.get('type');
  // A product address keeps its tab while the probe for products is still out.
  const kinds = useMemo(
    () => SEARCH_KINDS.filter((k) => k !== 'product' || products.shows || (products.pending && requested === 'product')),
    [products.shows, products.pending, requested],
  );
  const tab: SearchTab = requested !== null && (kinds as readonly string[]).includes(requested) ? (requested as SearchKind) : 'total';
  const pageNo = positiveInt(params.get('pageNo'), 1);
  const sizeParam = positiveInt(params.get('pageSize'), DEFAULT_PAGE_SIZE);
  const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;

  // The box follows the address (the navbar, back and forward change it) and is free to edit between.
  const [draft, setDraft] = useState(words);
  useEffect(() => setDraft(words), [words]);

  const go = (next: { words: string; tab: SearchTab; pageNo?: number; pageSize?: number }) => setParams(searchQueryString(next));

  const submit = (value: string) => {
    const next = value.trim().slice(0, MAX_WORDS);
    if (next === words && pageNo === 1) return;
    go({ words: next, tab, pageSize });
  };

  return (
    <div className="search-page" data-testid="search-page" style={{ padding: '24px 0 48px' }}>
      <div style={{ maxWidth: 640, margin: '0 auto 16px' }}>
        <Input.Search
          value={draft} onChange={(e) => setDraft(e.target.value)} onSearch={submit}
          placeholder={t('placeholder')} enterButton={t('submit')} allowClear size="large" maxLength={MAX_WORDS}
          aria-label={t('placeholder')}
        />
      </div>
      {words === '' ? (
        <NoResults text={t('prompt')} />
      ) : (
        <>
          <Tabs
            activeKey={tab}
            onChange={(key) => go({ words, tab: key as SearchTab, pageSize })}
            items={[{ key: 'total', label: t('tabTotal') }, ...kinds.map((k) => ({ key: k, label: t(KIND_LABEL[k]) }))]}
          />
          {tab === 'total' ? (
            <TotalResults kinds={kinds} words={words} locale={locale} tabHref={(kind) => `?${searchQueryString({ words, tab: kind, pageSize })}`} />
          ) : (
            <KindResults
              kind={tab} words={words} pageNo={pageNo} pageSize={pageSize} locale={locale}
              onPage={(page, size) => go({ words, tab, pageNo: page, pageSize: size })}
            />
          )}
        </>
      )}
    </div>
  );
}
