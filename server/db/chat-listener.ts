// The node's ear for other nodes' chat events (issue 17): a dedicated app-role connection that
// LISTENs on live_chat, where the chat repository NOTIFYs each stored message, deletion, mute,
// removal and join in the transaction that writes it (server/modules/train/chat-repository.ts).
// It reconnects with backoff after a lost connection (pg-listener.ts). What other nodes sent while
// it was down never reached this node's sockets: when it listens again, `onListeningAgain` lets the
// chat close them so their clients reconnect and get it in the history.

import type pg from 'pg';
import { CHAT_CHANNEL } from './migrations/0021-live-chat';
import { PgListener } from './pg-listener';

export interface ChatListenerOptions {
  /** Makes a new connection (Database.newAppClient). */
  connect: () => pg.Client;
  /** Called with each notification's payload (JSON text written by the repository). */
  onPayload: (payload: string) => void;
  /** Called when the connection is back after a loss (not on the first connect). */
  onListeningAgain?: () => void;
  log?: { warn(line: string): void; info(line: string): void };
  /** First wait before reconnecting; doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** Listens on the chat channel while started. */
export class ChatListener extends PgListener {
  constructor(opts: ChatListenerOptions) {
    const { onPayload, onListeningAgain, ...rest } = opts;
    super({
      ...rest,
      channel: CHAT_CHANNEL,
      onNotification: (payload) => {
        if (payload) onPayload(payload);
      },
      onUp: (again) => {
        if (again) onListeningAgain?.();
      },
      lostMessage: (reason) => `Live chat: the LISTEN connection was lost (${reason}); messages from other nodes wait until it is back.`,
      againMessage: 'Live chat: listening to other nodes again; open chat sockets are asked to reconnect.',
    });
  }
}
