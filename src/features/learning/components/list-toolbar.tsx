// The toolbar above a list's results: the search box (searchValue) and the sorts the list calls
// take (newest, the server default, and popular: the kind's own count).
import { Input, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { LIST_SORTS, type ListSort } from '../api/list-kinds';
import { MAX_WORDS } from '../hooks/use-list-state';
import { useLearningTexts } from './texts';

export interface ListToolbarProps {
  searchValue: string;
  sort: ListSort;
  onSearch: (words: string) => void;
  onSort: (sort: ListSort) => void;
}

/** Search box and sort; the box follows the address (back and forward) and is free to edit between. */
export function ListToolbar({ searchValue, sort, onSearch, onSort }: ListToolbarProps) {
  const { t } = useLearningTexts();
  const [draft, setDraft] = useState(searchValue);
  useEffect(() => setDraft(searchValue), [searchValue]);
  return (
    <div className="learning-toolbar" style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 }}>
      <Radio.Group
        optionType="button" buttonStyle="solid" value={sort} aria-label={t('sort')}
        onChange={(e) => onSort(e.target.value as ListSort)}
        options={LIST_SORTS.map((s) => ({ value: s, label: t(s === 'newest' ? 'sortNewest' : 'sortPopular') }))}
      />
      <Input.Search
        style={{ maxWidth: 320 }} value={draft} onChange={(e) => setDraft(e.target.value)}
        onSearch={(value) => { if (value.trim() !== searchValue) onSearch(value); }}
        placeholder={t('searchPlaceholder')} enterButton={t('searchSubmit')} allowClear maxLength={MAX_WORDS}
        aria-label={t('searchPlaceholder')}
      />
    </div>
  );
}
