// The navbar's search box (spec shell §2 /search: the navbar pushes searchValue and type=total).
import { SearchOutlined } from './shell-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** The path the navbar's search opens for a text. */
export function searchPath(text: string): string {
  return `/search?${new URLSearchParams({ searchValue: text.trim(), type: 'total' }).toString()}`;
}

/** A small search form; empty text does nothing. */
export function NavbarSearch({ color }: { color: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const initial = location.pathname === '/search' ? (new URLSearchParams(location.search).get('searchValue') ?? '') : '';
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    void navigate(searchPath(text));
  };
  return (
    <form role="search" className="portal-navbar__search" onSubmit={submit} style={{ color }}>
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('nav.searchPlaceholder')}
        aria-label={t('nav.search')}
        data-testid="navbar-search"
        maxLength={50}
      />
      <button type="submit" aria-label={t('nav.search')} data-testid="navbar-search-submit">
        <SearchOutlined />
      </button>
    </form>
  );
}
