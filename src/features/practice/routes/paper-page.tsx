// /paper (issue 18 "Learners": mock practice by category). Without ?session: pick a category in the
// bank's tree (each with its practisable questions, a parent's including its children's) and a
// count (5/10/20/50), then start; with ?session=ID: that session, one question at a time, or its
// review when finished. Guests are sent to sign in by the route (meta.auth).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Radio, Skeleton, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getPracticeCategories, PRACTICE_COUNTS, practicePath, startPractice, type PracticeCategory, type PracticeCount } from '../../../api/practice';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { PracticeRunner, sessionKey } from '../components/practice-runner';
import { usePracticeTexts } from '../components/texts';
import '../components/practice.css';
import '../../../components/question/question.css';

/** The categories as a tree, each titled with its count. */
function treeOf(categories: PracticeCategory[], title: (c: PracticeCategory) => string): DataNode[] {
  const known = new Set(categories.map((c) => c.id));
  const nodeOf = (c: PracticeCategory): DataNode => {
    const children = categories.filter((x) => x.parentId === c.id).map(nodeOf);
    return { key: c.id, title: title(c), disabled: c.count === 0, ...(children.length ? { children } : { isLeaf: true }) };
  };
  return categories.filter((c) => c.parentId === null || !known.has(c.parentId)).map(nodeOf);
}

function Picker() {
  const t = usePracticeTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const categories = useQuery({ queryKey: ['practice', tenantId, 'categories'], queryFn: ({ signal }) => getPracticeCategories(signal), retry: false });
  const [chosen, setChosen] = useState<number | null>(null);
  const [count, setCount] = useState<PracticeCount>(10);
  const start = useMutation({
    mutationFn: () => startPractice({ source: 'category', categoryId: chosen!, count }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKey(tenantId, userId, session.id), session);
      navigate(practicePath(session.id));
    },
  });
  const tree = useMemo(() => treeOf(categories.data ?? [], (c) => t('categoryCount', { name: c.name, n: c.count })), [categories.data, t]);
  const all = categories.data ?? [];
  const picked = all.find((c) => c.id === chosen);

  if (categories.isPending) return <div role="status" aria-busy="true" aria-label={t('loading')}><Skeleton active paragraph={{ rows: 6 }} /></div>;
  if (categories.isError) {
    return <Alert type="error" showIcon title={categories.error.message || t('loadFailed')} action={<Button size="small" onClick={() => void categories.refetch()}>{t('retry')}</Button>} />;
  }
  if (all.length === 0) return <Empty description={t('noCategories')} data-testid="practice-no-categories" />;
  return (
    <div className="practice-picker" data-testid="practice-picker">
      <section aria-labelledby="practice-pick-category">
        <h2 className="practice-section-title" id="practice-pick-category">{t('pickCategory')}</h2>
        <div className="practice-picker__tree">
          <Tree
            treeData={tree} defaultExpandAll blockNode selectedKeys={chosen === null ? [] : [chosen]} aria-labelledby="practice-pick-category"
            onSelect={(keys) => setChosen(keys.length ? Number(keys[0]) : null)} data-testid="practice-tree"
          />
        </div>
      </section>
      <section aria-labelledby="practice-pick-count">
        <h2 className="practice-section-title" id="practice-pick-count">{t('pickCount')}</h2>
        <Radio.Group
          optionType="button" buttonStyle="solid" value={count} onChange={(e) => setCount(e.target.value as PracticeCount)} aria-labelledby="practice-pick-count"
          options={PRACTICE_COUNTS.map((n) => ({ value: n, label: t('countOption', { n }) }))} data-testid="practice-count"
        />
        <p style={{ marginTop: 16 }} data-testid="practice-chosen">{picked ? t('chosen', { name: picked.name, n: picked.count }) : t('noCategoryChosen')}</p>
        {start.isError && <Alert type="error" showIcon title={start.error.message} style={{ marginBottom: 12 }} data-testid="practice-start-error" />}
        <Button type="primary" size="large" disabled={!picked || picked.count === 0} loading={start.isPending} onClick={() => start.mutate()} data-testid="practice-start">
          {start.isPending ? t('starting') : t('start')}
        </Button>
        <p style={{ marginTop: 24 }}><Link to="/paper/latest">{t('latest')}</Link></p>
      </section>
    </div>
  );
}

export default function PaperPage() {
  const t = usePracticeTexts();
  const [params] = useSearchParams();
  const session = Number(params.get('session'));
  const running = Number.isSafeInteger(session) && session > 0;
  return (
    <div className="practice-page" data-testid="paper-page">
      {running ? <PracticeRunner key={session} id={session} /> : <><h1>{t('paperTitle')}</h1><Picker /></>}
    </div>
  );
}
