// The AI assistant's tables (migration 0012) as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

/** A signed-in learner's conversation with the assistant; titled by its first question. */
export interface RobotConversationTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  user_id: number;
  title: string;
  message_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One message of a conversation: the learner's question or the assistant's answer with its links. */
export interface RobotMessageTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  conversation_id: number;
  role: 'user' | 'assistant';
  text: string;
  /** The answer's links (RobotLink[] of server/modules/cm/robot-schemas.ts), as JSON text on write. */
  links: ColumnType<unknown[], string | undefined, string>;
  source: 'retrieval' | 'provider' | null;
  fallback: 'notConfigured' | 'providerFailed' | null;
  created_at: Timestamp;
}

/** A question asked (guest or signed in), kept a day for the rate limits. */
export interface RobotAskTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  address: string;
  user_id: number | null;
  at: Timestamp; // defaults to now()
}
