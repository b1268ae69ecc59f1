// "Related" under a course, subject or content detail (spec learning §7 searchRelate): up to six
// cards like the lists' (same meta lines, same jump rules: a reading content opens the reader).
// Quiet by design: while loading, on failure, or with nothing related, it shows nothing, since the
// page above is what the learner came for.
import { useQuery } from '@tanstack/react-query';
import type { ContentItem, CourseItem, SubjectItem } from '../../../api/catalogue';
import { apiGet } from '../../../api/client';
import { CardGrid, WidgetCard } from '../../../components/card-grid';
import { catalogueCard, type CatalogueRow } from '../../../components/catalogue-cards';
import { useWidgetTexts } from '../../../components/widget-texts';
import { defineTexts, useTexts as useNamespaceTexts } from '../../../i18n/texts';
import { useAppStore } from '../../../stores/app-store';

// The `learning-related` namespace (docs/i18n.md), registered when this feature's chunk loads.
const NAMESPACE = defineTexts('learning-related', {
  zh: { course: '相关课程', subject: '相关专题', content: '相关内容' },
  en: { course: 'Related courses', subject: 'Related topics', content: 'Related content' },
});
const useTexts = () => useNamespaceTexts(NAMESPACE);

type Kind = 'course' | 'subject' | 'content';
type RowOf<K extends Kind> = K extends 'course' ? CourseItem : K extends 'subject' ? SubjectItem : ContentItem;

/** How many related cards a detail page shows. */
export const RELATED_COUNT = 6;

const rowOf = (kind: Kind, row: CourseItem | SubjectItem | ContentItem): CatalogueRow =>
  (kind === 'course' ? { kind, row: row as CourseItem } : kind === 'subject' ? { kind, row: row as SubjectItem } : { kind: 'content', row: row as ContentItem });

export function RelatedItems<K extends Kind>({ kind, id }: { kind: K; id: number }) {
  const t = useTexts();
  const { locale } = useWidgetTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const related = useQuery({
    queryKey: [kind, tenantId, 'related', id],
    queryFn: ({ signal }) => apiGet<RowOf<K>[]>(`/cm/api/${kind}/searchRelate`, { id, pageSize: RELATED_COUNT }, { silent: true, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const rows = related.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={`related-${kind}`} data-testid="related-items" style={{ marginTop: 40 }}>
      <h2 id={`related-${kind}`} style={{ fontSize: 18, margin: '0 0 16px' }}>{t(kind)}</h2>
      <CardGrid columns={3}>
        {rows.map((row) => {
          const card = catalogueCard(rowOf(kind, row), locale);
          return <WidgetCard key={card.key} card={card} locale={locale} />;
        })}
      </CardGrid>
    </section>
  );
}
