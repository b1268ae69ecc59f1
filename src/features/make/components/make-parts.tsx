// Pieces the make feature's pages share: the page frame, loading / error / bad-link states, the
// request's state tag, money and dates.
import { Button, Result, Skeleton, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import type { MakeState, StoreApplyState } from '../../../api/make';
import type { MakeTexts } from './make-texts';

/** The frame of every page of the feature: a centred column with the page's one h1. */
export function PageFrame({ title, intro, testId, children }: { title: ReactNode; intro?: ReactNode; testId: string; children: ReactNode }) {
  return (
    <div data-testid={testId} style={{ maxWidth: 1100, margin: '24px auto', padding: '0 16px' }}>
      <h1 style={{ margin: '0 0 8px', fontSize: 24, fontWeight: 600 }}>{title}</h1>
      {intro ? <p style={{ margin: '0 0 16px' }}>{intro}</p> : null}
      {children}
    </div>
  );
}

/** The loading skeleton of a page. */
export function PageLoading({ testId, label }: { testId: string; label?: string }) {
  return <div data-testid={testId} role="status" aria-busy="true" aria-label={label} style={{ maxWidth: 1100, margin: '24px auto', padding: '0 16px' }}><Skeleton active paragraph={{ rows: 8 }} /></div>;
}

/** A failed load: not found, refused or an error, with a retry and the way back. */
export function PageError({ error, onRetry, t, testId = 'make-error' }: { error: Error; onRetry(): void; t: MakeTexts; testId?: string }) {
  const status = error instanceof ApiError && error.code === 404 ? '404' : error instanceof ApiError && error.code === 403 ? '403' : 'error';
  return (
    <Result
      status={status} title={t('loadFailed')} subTitle={error.message} data-testid={testId}
      extra={<Space><Button onClick={onRetry}>{t('retry')}</Button><Link to="/sub_home/make">{t('back')}</Link></Space>}
    />
  );
}

/** The id of ?id=, or undefined when it is not a positive integer. */
export function idParam(params: URLSearchParams): number | undefined {
  const id = Number(params.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const STATE_COLOR: Record<MakeState, string> = { submitted: 'gold', quoted: 'blue', accepted: 'green', declined: 'default', withdrawn: 'default' };

/** 待报价 / 已报价 / 已接受 / 已拒绝 / 已撤回. */
export function StateTag({ state, t }: { state: MakeState; t: MakeTexts }) {
  return <Tag color={STATE_COLOR[state]} data-testid="make-state">{t(`state_${state}`)}</Tag>;
}

const APPLY_COLOR: Record<StoreApplyState, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/** 审核中 / 已通过 / 已驳回. */
export function ApplyTag({ state, t }: { state: StoreApplyState; t: MakeTexts }) {
  return <Tag color={APPLY_COLOR[state]} data-testid="apply-state">{t(`apply_${state}`)}</Tag>;
}

/** ¥1,234.50 */
export const yuan = (value: number) => `¥${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** 2026-11-27 10:30 */
export const dateTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** Whether a number has at most two decimals (yuan and fen). */
export const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
