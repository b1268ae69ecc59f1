// A survey's pages share their routes with the exam pages, whose route titles say 考试详情 and
// 考试结果; on a survey the page writes its own title over the route's (issue 13: surveys read like
// exams) and puts the route's back when it lets go.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from '../../../app/route-meta';
import { useAppStore } from '../../../stores/app-store';

/**
 * spec shell §2 "Page titles": writes `name` after the app name while it is set; undefined leaves
 * the route's title alone. (The learning feature has the same hook; features do not share code.)
 */
export function useSurveyTitle(name: string | undefined): void {
  const appName = useAppStore((s) => s.site.appName);
  const { key: visit } = useLocation();
  useEffect(() => {
    if (!name) return;
    let live = true;
    let before: string | undefined;
    let written: string | undefined;
    // After the root route's own title effect (parents' effects run after children's in one commit).
    queueMicrotask(() => {
      if (!live) return;
      before = document.title;
      written = pageTitle(appName, name);
      document.title = written;
    });
    return () => {
      live = false;
      if (written !== undefined && before !== undefined && document.title === written) document.title = before;
    };
  }, [appName, name, visit]);
}
