// /share (spec learning §2): articles (GET /cm/api/article/search), all, shared or news by the kind
// query. Cards open /share/article/detail/{id}.
import { LIST_CONFIGS } from '../api/list-kinds';
import { LearningListPage } from '../components/list-page';

export default function ShareListPage() {
  return <LearningListPage config={LIST_CONFIGS.share} />;
}
