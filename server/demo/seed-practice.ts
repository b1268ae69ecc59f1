// Practice sets from the bank, and the demo learner's practice history and wrong answers (issue 18).
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';

export async function seedPractice(trx: Transaction<DB>, tenantId: number): Promise<void> {
  void trx;
  void tenantId;
}
