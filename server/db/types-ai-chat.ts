// The columns of migration 0046-ai-chat (issue 21 part C: streamed conversations, stop, retry,
// feedback, a conversation's assistant), as Kysely sees them; intersected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';

/** An earlier answer a retry replaced (robot_message.previous). */
export interface PreviousAnswer {
  text: string;
  links: unknown[];
  state: 'complete' | 'stopped' | 'failed';
  provider: 'offline' | 'openai' | null;
  createdAt: string;
}

/** The column 0046 adds to robot_conversation. */
export interface AiChatConversationColumns {
  assistant_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The columns 0046 adds to robot_message. */
export interface AiChatMessageColumns {
  state: Generated<'complete' | 'stopped' | 'failed'>;
  provider: ColumnType<'offline' | 'openai' | null, 'offline' | 'openai' | null | undefined, 'offline' | 'openai' | null>;
  /** PreviousAnswer[], as JSON text on write. */
  previous: ColumnType<PreviousAnswer[], string | undefined, string>;
  feedback: ColumnType<'up' | 'down' | null, 'up' | 'down' | null | undefined, 'up' | 'down' | null>;
  feedback_reason: ColumnType<string | null, string | null | undefined, string | null>;
  feedback_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** 0046 adds no table. */
export type AiChatTables = Record<never, never>;
