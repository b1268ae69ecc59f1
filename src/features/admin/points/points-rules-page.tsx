// /sub_admin/points (issue 19 part C, ours): the back-office's 积分规则: each kind's points, step,
// daily cap, on/off, name and description (POST /cfg/api/integrate/saveRule), and the levels
// (saveLevels). The server decides who may (admins of a back-office tenant) and checks the levels.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, InputNumber, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { apiGet, apiPost } from '../../../api/client';
import type { PointsLevel, PointsRule } from '../../../api/points';
import { showMessage } from '../../../components/feedback/feedback';
import { useAppStore } from '../../../stores/app-store';
import { BankFrame, ReadState } from '../bank/bank-frame';
import { useAdminPointsTexts } from './points-admin-texts';

type RuleDraft = Omit<PointsRule, 'sort'>;

function RuleRow({ rule, onSave, saving }: { rule: PointsRule; onSave: (r: RuleDraft) => void; saving: boolean }) {
  const t = useAdminPointsTexts();
  const [draft, setDraft] = useState<RuleDraft>(rule);
  useEffect(() => setDraft(rule), [rule]);
  const set = (change: Partial<RuleDraft>) => setDraft((d) => ({ ...d, ...change }));
  return (
    <tr data-testid="points-rule-row" data-kind={rule.kind} style={{ borderTop: '1px solid var(--portal-border, rgba(0, 0, 0, 0.08))' }}>
      <td style={{ padding: '6px' }}><code>{rule.kind}</code></td>
      <td style={{ padding: '6px' }}><Input aria-label={`${t('colName')} ${rule.kind}`} value={draft.name} maxLength={40} onChange={(e) => set({ name: e.target.value })} /></td>
      <td style={{ padding: '6px' }}><InputNumber aria-label={`${t('colPoints')} ${rule.kind}`} min={0} max={10000} value={draft.points} onChange={(v) => set({ points: v ?? 0 })} /></td>
      <td style={{ padding: '6px' }}><InputNumber aria-label={`${t('colStep')} ${rule.kind}`} min={1} max={1440} value={draft.step} onChange={(v) => set({ step: v ?? 1 })} /></td>
      <td style={{ padding: '6px' }}><InputNumber aria-label={`${t('colCap')} ${rule.kind}`} min={1} max={100000} placeholder={t('noCap')} value={draft.dailyCap} onChange={(v) => set({ dailyCap: v ?? null })} /></td>
      <td style={{ padding: '6px' }}><Switch aria-label={`${t('colOn')} ${rule.kind}`} checked={draft.enabled} onChange={(v) => set({ enabled: v })} /></td>
      <td style={{ padding: '6px' }}><Input aria-label={`${t('colDescription')} ${rule.kind}`} value={draft.description} maxLength={200} onChange={(e) => set({ description: e.target.value })} /></td>
      <td style={{ padding: '6px' }}><Button size="small" type="primary" loading={saving} onClick={() => onSave(draft)} data-testid="points-rule-save">{t('save')}</Button></td>
    </tr>
  );
}

function LevelsEditor({ levels }: { levels: PointsLevel[] }) {
  const t = useAdminPointsTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const client = useQueryClient();
  const [rows, setRows] = useState(levels.map((l) => ({ name: l.name, minPoints: l.minPoints })));
  useEffect(() => setRows(levels.map((l) => ({ name: l.name, minPoints: l.minPoints }))), [levels]);
  const save = useMutation({
    mutationFn: () => apiPost<PointsLevel[]>('/cfg/api/integrate/saveLevels', { levels: rows }),
    onSuccess: () => { showMessage('success', t('saved')); void client.invalidateQueries({ queryKey: ['points', tenantId] }); },
  });
  return (
    <section aria-labelledby="admin-levels-title" style={{ marginTop: 24 }}>
      <h2 id="admin-levels-title" style={{ fontSize: 16 }}>{t('levelsTitle')}</h2>
      <p>{t('levelsHint')}</p>
      <Space direction="vertical" data-testid="points-levels-editor">
        {rows.map((l, i) => (
          <Space key={i}>
            <Input aria-label={`${t('levelName')} ${i + 1}`} value={l.name} maxLength={40} onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, name: e.target.value } : r)))} />
            <InputNumber aria-label={`${t('levelMin')} ${i + 1}`} min={0} value={l.minPoints} onChange={(v) => setRows(rows.map((r, j) => (j === i ? { ...r, minPoints: v ?? 0 } : r)))} />
            <Button onClick={() => setRows(rows.filter((_, j) => j !== i))} disabled={rows.length <= 1}>{t('remove')}</Button>
          </Space>
        ))}
        <Space>
          <Button onClick={() => setRows([...rows, { name: '', minPoints: (rows.at(-1)?.minPoints ?? 0) + 1000 }])} disabled={rows.length >= 20}>{t('addLevel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate()} data-testid="points-levels-save">{t('saveLevels')}</Button>
        </Space>
      </Space>
    </section>
  );
}

export default function PointsRulesPage() {
  const t = useAdminPointsTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const client = useQueryClient();
  const rules = useQuery({ queryKey: ['points', tenantId, 'admin-rules'] as const, queryFn: ({ signal }) => apiGet<PointsRule[]>('/cfg/api/integrate/listRule', {}, { silent: true, signal }) });
  const levels = useQuery({ queryKey: ['points', tenantId, 'admin-levels'] as const, queryFn: ({ signal }) => apiGet<PointsLevel[]>('/cfg/api/integrate/listLevel', {}, { silent: true, signal }) });
  const save = useMutation({
    mutationFn: (r: RuleDraft) => apiPost<PointsRule[]>('/cfg/api/integrate/saveRule', { ...r }),
    onSuccess: (next) => { showMessage('success', t('saved')); client.setQueryData(['points', tenantId, 'admin-rules'], next); void client.invalidateQueries({ queryKey: ['points', tenantId] }); },
  });
  return (
    <BankFrame title={t('title')}>
      <p>{t('intro')}</p>
      <h2 style={{ fontSize: 16 }}>{t('rulesTitle')}</h2>
      {rules.data === undefined ? <ReadState query={rules} help={t('forbiddenHelp')} /> : (
        <div style={{ overflowX: 'auto' }}>
          <table className="points-admin-table" data-testid="points-rules-admin" style={{ width: '100%', minWidth: 1100, borderCollapse: 'collapse' }}>
            <thead>
              <tr>{[t('colKind'), t('colName'), t('colPoints'), t('colStep'), t('colCap'), t('colOn'), t('colDescription'), t('colActions')].map((h) => (
                <th key={h} scope="col" style={{ textAlign: 'left', padding: '8px 6px' }}>{h}</th>
              ))}</tr>
            </thead>
            <tbody>
              {rules.data.map((rule) => (
                <RuleRow key={rule.kind} rule={rule} saving={save.isPending && save.variables?.kind === rule.kind} onSave={(r) => save.mutate(r)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {levels.data ? <LevelsEditor levels={levels.data} /> : <ReadState query={levels} help={t('forbiddenHelp')} />}
    </BankFrame>
  );
}
