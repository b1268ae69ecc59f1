// The judging tab of a match (only its judges see it; the server refuses anyone else): every
// entry, unscored first, with its text and files, and a score (0 to the stage's maximum) and an
// optional comment the entrant sees. Judging closes when the match ends.
import { Button, Empty, Input, InputNumber, List, Result, Skeleton, Switch, Tag } from 'antd';
import { useState } from 'react';
import { MATCH_COMMENT_MAX, useJudgeList, type JudgeRow } from '../../../api/matches';
import { FileLinks } from '../../../components/file-attachments';
import { showMessage } from '../../../components/feedback/feedback';
import { RichText } from '../../../runtime/rich-text-view';
import { when } from './match-parts';
import type { MatchTexts } from './match-texts';

function JudgeItem({ row, ended, onScore, t }: {
  row: JudgeRow; ended: boolean; onScore: (body: { submissionId: number; score: number; comment?: string }) => Promise<unknown>; t: MatchTexts;
}) {
  const [score, setScore] = useState<number | null>(row.score);
  const [comment, setComment] = useState(row.judgeComment ?? '');
  const [saving, setSaving] = useState(false);
  const id = `judge-${row.id}`;
  const save = () => {
    if (score === null || !Number.isInteger(score) || score < 0 || score > row.maxScore) return showMessage('warning', t('badScore', { max: row.maxScore }));
    setSaving(true);
    void onScore({ submissionId: row.id, score, ...(comment.trim() ? { comment: comment.trim() } : {}) })
      .then(() => showMessage('success', t('scoreSaved')), () => undefined).finally(() => setSaving(false));
  };
  return (
    <List.Item data-testid="judge-item" data-id={row.id} data-user={row.userId}>
      <div style={{ width: '100%' }}>
        <h3 style={{ fontSize: 15, margin: 0 }}>{row.title}</h3>
        <p className="match-meta">
          {[`${t('judgeStage')}: ${row.stageTitle}`, `${t('judgeAuthor')}: ${row.userName}`, t('submittedAt', { time: when(row.submittedAt) }), t('revision', { n: row.revision })].join(' · ')}
          {' '}{row.score === null ? <Tag>{t('unscored')}</Tag> : <Tag color="green">{t('scoredBy', { name: row.judgeName ?? '', score: row.score })}</Tag>}
        </p>
        {row.content ? <RichText html={row.content} /> : null}
        {row.attachments.length ? <FileLinks files={row.attachments} testId="judge-files" /> : null}
        {ended ? null : (
          <form aria-label={row.title} onSubmit={(e) => { e.preventDefault(); save(); }} style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end', marginTop: 8 }}>
            <div>
              <label htmlFor={`${id}-score`} style={{ display: 'block' }}>{t('judgeScore', { max: row.maxScore })}</label>
              <InputNumber id={`${id}-score`} min={0} max={row.maxScore} precision={0} value={score} onChange={(v) => setScore(v ?? null)} data-testid="judge-score" />
            </div>
            <div style={{ flex: '1 1 240px' }}>
              <label htmlFor={`${id}-comment`} style={{ display: 'block' }}>{t('judgeCommentLabel')}</label>
              <Input id={`${id}-comment`} value={comment} onChange={(e) => setComment(e.target.value)} maxLength={MATCH_COMMENT_MAX} data-testid="judge-comment" />
            </div>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="judge-save">{t('saveScore')}</Button>
          </form>
        )}
      </div>
    </List.Item>
  );
}

export function JudgePanel({ matchId, ended, onScore, t }: {
  matchId: number; ended: boolean; onScore: (body: { submissionId: number; score: number; comment?: string }) => Promise<unknown>; t: MatchTexts;
}) {
  const [pending, setPending] = useState(false);
  const query = useJudgeList(matchId, pending, true);
  return (
    <div data-testid="judge-panel">
      <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center', marginBottom: 12 }}>
        <Switch checked={pending} onChange={setPending} size="small" /> {t('judgePending')}
      </label>
      {query.isPending ? <Skeleton active paragraph={{ rows: 5 }} />
        : query.isError ? <Result status="error" title={t('judgeLoadFailed')} subTitle={query.error.message} extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />
          : query.data.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('judgeEmpty')} />
            : <List dataSource={query.data} rowKey="id" renderItem={(row) => <JudgeItem key={`${row.id}-${row.score}`} row={row} ended={ended} onScore={onScore} t={t} />} />}
    </div>
  );
}
