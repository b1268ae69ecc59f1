// /course and /courseInfo (spec learning §2 "Learning lists"; category jump purpose 1). Same page;
// the route decides the layout: /courseInfo is the course catalogue, one course per row.
import { useLocation } from 'react-router';
import { LIST_CONFIGS } from '../api/list-kinds';
import { LearningListPage } from '../components/list-page';

export default function CourseListPage() {
  const { pathname } = useLocation();
  const config = /\/courseInfo\/?$/.test(pathname) ? LIST_CONFIGS.courseInfo : LIST_CONFIGS.course;
  // A new key per route: the two lists keep their own tree, search box and memory.
  return <LearningListPage key={config.title} config={config} />;
}
