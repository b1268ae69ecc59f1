// The tables of migration 0047-ai-assistants (issue 21 part D: assistants, applications and their
// runs), as Kysely sees them; collected in types.ts `DB`. docs/ai.md section D explains them.
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp as Time } from './types-columns';

/** An assistant: a persona over some kinds of the tenant's catalogue. */
export interface AiAssistantTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  name: string;
  avatar: Generated<string>;
  description: Generated<string>;
  greeting: Generated<string>;
  system_prompt: Generated<string>;
  kinds: string[];
  examples: ColumnType<string[], string[] | undefined, string[]>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Time;
  updated_at: Time;
}

/** An application: a form of inputs and a task on an assistant. */
export interface AiApplicationTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  assistant_id: number;
  name: string;
  description: Generated<string>;
  icon: Generated<string>;
  fields: Json<unknown[]>;
  task: 'plan' | 'quiz' | 'prompt';
  prompt_template: Generated<string>;
  output: ColumnType<'text' | 'questions', 'text' | 'questions' | undefined, 'text' | 'questions'>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Time;
  updated_at: Time;
}

/** A learner's run of an application. */
export interface AiApplicationRunTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  application_id: number;
  user_id: number;
  title: Generated<string>;
  inputs: Json<Record<string, unknown>>;
  output: Generated<string>;
  questions: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  source: 'offline' | 'openai';
  status: 'done' | 'failed';
  cost: Generated<number>;
  created_at: Time;
}

export interface AiAssistantsTables {
  ai_assistant: AiAssistantTable;
  ai_application: AiApplicationTable;
  ai_application_run: AiApplicationRunTable;
}
