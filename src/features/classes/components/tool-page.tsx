// The frame of a class tool page (comments, attendance, statistics, circle): the back link to the
// class, a title with the class's name, and a 404-style result when the page was opened without a
// valid class id. Also the small helpers those pages share.
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useToolTexts } from './tools-texts';

/** A positive safe integer from a route or query value, else null. */
export const positiveId = (raw: string | null | undefined) =>
  (raw !== null && raw !== undefined && /^\d+$/.test(raw) && Number(raw) > 0 && Number.isSafeInteger(Number(raw)) ? Number(raw) : null);

/** The ?classesId= of the page (spec: /classes/userList?classesId=, /attendance/detail?classesId=). */
export function useClassesIdParam(): number | null {
  const [search] = useSearchParams();
  return positiveId(search.get('classesId'));
}

/** "1 小时 5 分" / "12 分钟" of a length in seconds. */
export function studyTime(t: ReturnType<typeof useToolTexts>, seconds: number): string {
  const total = Math.round(Math.max(0, seconds) / 60);
  const h = Math.floor(total / 60);
  return h > 0 ? t('hours', { h, m: total % 60 }) : t('minutesOnly', { m: total });
}

/** A failed read with the server's reason and a retry. */
export function LoadError({ error, retry }: { error: Error; retry: () => void }) {
  const t = useToolTexts();
  return <Result status="error" title={t('loadFailed')} subTitle={error.message} extra={<Button type="primary" onClick={retry}>{t('retry')}</Button>} />;
}

/** The frame: back to the class (or the classes list), the title, the body. */
export function ToolPage({ classesId, title, testId, extra, children }: {
  classesId: number | null; title: ReactNode; testId: string; extra?: ReactNode; children: ReactNode;
}) {
  const t = useToolTexts();
  return (
    <div className="class-tool-page" data-testid={testId} style={{ padding: '24px 0 48px' }}>
      <nav style={{ margin: '0 0 16px' }}>
        <Link to={classesId === null ? '/classes' : `/classes/detail/${classesId}`} data-testid="class-tool-back">‹ {t('backToClass')}</Link>
      </nav>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '24px 32px' }}>
        <header style={{ display: 'flex', gap: 16, alignItems: 'baseline', flexWrap: 'wrap', justifyContent: 'space-between', marginBottom: 16 }}>
          <h1 style={{ margin: 0, fontSize: 22, fontWeight: 600 }}>{title}</h1>
          {extra}
        </header>
        {classesId === null ? <Result status="404" title={t('noClass')} subTitle={t('noClassHint')} /> : children}
      </div>
    </div>
  );
}
