// Learners' submitted works awaiting the teacher's review (myContent, issue 18).
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';

export async function seedWork(trx: Transaction<DB>, tenantId: number): Promise<void> {
  void trx;
  void tenantId;
}
