// /knowledge (spec learning §2; category jump purpose 2 adds purpose=2): knowledge (content purpose
// 2) and micro-courses (1) as tabs; the purpose query picks the tab. Cards open
// /knowledge/detail/{id}?purpose=.
import { LIST_CONFIGS } from '../api/list-kinds';
import { LearningListPage } from '../components/list-page';

export default function KnowledgeListPage() {
  return <LearningListPage config={LIST_CONFIGS.knowledge} />;
}
