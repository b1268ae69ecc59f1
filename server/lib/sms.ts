// Sending text messages (the verification codes of spec shell §4/§7). A deployment plugs a real
// SMS provider in by implementing SmsSender and passing it to buildApp / startPortal
// (docs/operations.md "SMS"). The embedded default writes each message to the sms_outbox table and
// the server log, where an operator or an e2e test reads the code.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { withTenant } from '../db/database';
import type { DB } from '../db/types';

/** One text message to one mobile of a tenant. */
export interface SmsMessage {
  tenantId: number;
  mobile: string;
  text: string;
  /** The verification code inside the text, for senders that use provider templates. */
  code?: string;
}

/** What the server needs of an SMS provider. `send` rejects when the provider refuses the message. */
export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** The embedded default: the sms_outbox table (tenant-scoped, RLS) plus an info line in the log. */
export class OutboxSmsSender implements SmsSender {
  readonly name = 'outbox';

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await withTenant(this.db, message.tenantId, (trx) =>
      trx.insertInto('sms_outbox').values({ tenant_id: message.tenantId, mobile: message.mobile, text: message.text }).execute());
    this.log.info({ tenantId: message.tenantId, mobile: message.mobile, code: message.code }, 'SMS written to sms_outbox (no SMS gateway configured)');
  }
}
