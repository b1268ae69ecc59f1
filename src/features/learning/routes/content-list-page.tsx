// /content (spec learning §2; category jump purpose 3 adds purpose=1): micro-lessons, resources,
// works and reading, one tab each; the purpose query picks the tab (purpose=5 alone lists e-books
// on the reading tab). Reading (5, 6, 7) opens /content/noval/{id}, the rest the content detail.
import { LIST_CONFIGS } from '../api/list-kinds';
import { LearningListPage } from '../components/list-page';

export default function ContentListPage() {
  return <LearningListPage config={LIST_CONFIGS.content} />;
}
