// /subject (spec learning §2 "Learning lists"): subjects (topics), filtered by the course categories.
import { LIST_CONFIGS } from '../api/list-kinds';
import { LearningListPage } from '../components/list-page';

export default function SubjectListPage() {
  return <LearningListPage config={LIST_CONFIGS.subject} />;
}
