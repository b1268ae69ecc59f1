// Homework of the teacher's classes and learners' submissions (issue 18).
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';

export async function seedHomework(trx: Transaction<DB>, tenantId: number): Promise<void> {
  void trx;
  void tenantId;
}
