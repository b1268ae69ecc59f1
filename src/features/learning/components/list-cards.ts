// The cards of the learning lists: the shared catalogue cards (src/components/catalogue-cards.ts),
// the same as the search page's and the home-page widgets'.
import { catalogueCard, type CatalogueRow } from '../../../components/catalogue-cards';
import type { CardModel } from '../../../components/card-grid';
import type { WidgetLocale } from '../../../components/widget-texts';
import type { ListKind, ListRow } from '../api/list-kinds';

/** The card of a row of a list. */
export function cardOf(kind: ListKind, row: ListRow, locale: WidgetLocale): CardModel {
  return catalogueCard({ kind, row } as CatalogueRow, locale);
}
