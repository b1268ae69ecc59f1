// /helpCenter (spec shell §2; spec learning §9: help is content of purpose 99). Left: the help
// articles, searchable and paged; right: the article the query `id` names (the first one when it
// names none). Links into the help center carry purpose=99, which the page keeps.
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { HelpArticle, type ArticleRef } from '../components/help-article';
import { HelpList } from '../components/help-list';
import { useHelpTexts } from '../components/texts';

/** The article the address names. */
export function articleRef(raw: string | null): ArticleRef {
  if (raw === null || raw.trim() === '') return { kind: 'none' };
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? { kind: 'id', id } : { kind: 'invalid', raw };
}

export default function HelpCenterPage() {
  const { t } = useHelpTexts();
  const [params] = useSearchParams();
  const named = articleRef(params.get('id'));
  const [firstId, setFirstId] = useState<number | null>(null);
  const onFirst = useCallback((id: number | null) => setFirstId(id), []);
  const shown: ArticleRef = named.kind === 'none' && firstId !== null ? { kind: 'id', id: firstId } : named;

  const hrefOf = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('id', String(id));
    return `?${next.toString()}`;
  };

  return (
    <div className="help-center" data-testid="help-center" style={{ display: 'flex', gap: 24, padding: '24px 0 48px', alignItems: 'flex-start' }}>
      <aside style={{ flex: '0 0 280px', background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: 16 }}>
        <h2 style={{ margin: '0 0 12px', fontSize: 18, fontWeight: 600 }}>{t('title')}</h2>
        <HelpList selectedId={shown.kind === 'id' ? shown.id : null} hrefOf={hrefOf} onFirst={onFirst} />
      </aside>
      <section style={{ flex: 1, minWidth: 0, minHeight: 400, background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '24px 32px' }}>
        <HelpArticle article={shown} />
      </section>
    </div>
  );
}
