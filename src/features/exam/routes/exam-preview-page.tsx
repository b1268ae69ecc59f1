// /exam/preview/{id} (spec learning §2 "Exams": read an exam's paper without answering, for exams
// that allow it; issue 18). The paper read-only with no answers (the server sends none); a random
// paper says how many questions each attempt draws; an exam without preview says so plainly (the
// server's message).
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { getExamPreview } from '../../../api/exam';
import { QuestionView } from '../../../components/question/question-view';
import { usePageTitle } from '../../../components/use-page-title';
import { useAppStore } from '../../../stores/app-store';
import { positiveId } from '../components/exam-format';
import { useExamTexts } from '../components/texts';
import '../components/exam.css';

const NONE: string[] = [];
const ignore = () => undefined;

export default function ExamPreviewPage() {
  const id = positiveId(useParams().id);
  const tenantId = useAppStore((s) => s.tenantId);
  const query = useQuery({
    queryKey: ['exam', tenantId, 'preview', id] as const,
    queryFn: ({ signal }) => getExamPreview(id!, signal),
    enabled: id !== null,
    retry: false,
  });
  const t = useExamTexts(query.data?.type ?? 'exam');
  usePageTitle(query.data ? `${t('previewTitle')} · ${query.data.title}` : t('previewTitle'));
  if (id === null) return <Result status="404" title={t('notFound')} extra={<Link to="/examList">{t('backList')}</Link>} />;
  if (query.isPending) return <div className="exam-page"><Skeleton active paragraph={{ rows: 8 }} /></div>;
  if (query.isError) {
    const refused = query.error instanceof ApiError && (query.error.code === 403 || query.error.code === 404);
    return (
      <div className="exam-page" data-testid="exam-preview-refused">
        {refused
          ? <Result status={query.error instanceof ApiError && query.error.code === 404 ? '404' : '403'} title={query.error.message} extra={<Link to={`/exam/detail/${id}`}>{t('backToDetail')}</Link>} />
          : <Alert type="error" showIcon title={query.error.message || t('loadFailed')} action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />}
      </div>
    );
  }
  const p = query.data;
  const scored = p.type === 'exam';
  return (
    <div className="exam-page" data-testid="exam-preview">
      <h1 className="exam-title" style={{ marginBottom: 8 }}>{t('previewTitle')} · {p.title}</h1>
      <Alert type="info" showIcon title={t('previewNote')} style={{ marginBottom: 16 }} />
      <div className="exam-card">
        {p.paperMode === 'random'
          ? <p data-testid="exam-preview-random">{t('previewRandom', { n: p.drawCount })}</p>
          : p.questions.length === 0
            ? <p>{t('previewEmpty')}</p>
            : p.questions.map((q, i) => (
              <QuestionView key={q.id} question={q} number={i + 1} value={NONE} answers={{}} scored={scored} disabled onChange={ignore} />
            ))}
      </div>
      <p style={{ marginTop: 24, textAlign: 'center' }}><Link to={`/exam/detail/${p.examId}`}>{t('backToDetail')}</Link></p>
    </div>
  );
}
