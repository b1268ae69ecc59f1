// React side of the room's chat: one LiveChat per room page, opened once the room has been entered
// (its chat path is known) and closed when the page goes. The socket factory is injectable so the
// component tests use a fake socket; the browser's WebSocket is the default.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AbortReason } from '../../../../schemas/api/train-chat';
import { getRtmToken } from '../../../api/train-rooms';
import { chatSocketUrl, LiveChat, type ChatSnapshot, type ChatSocket } from './live-chat';

/** Makes a socket for an address (tests pass a fake). */
export type SocketFactory = (url: string) => ChatSocket;

const browserSocket: SocketFactory = (url) => new WebSocket(url) as unknown as ChatSocket;

const IDLE: ChatSnapshot = { status: 'connecting', ready: false, messages: [], you: null, mutedUntil: null, notice: null, abortReason: null, attempt: 0 };
const noop = () => () => undefined;

export interface UseLiveChatOptions {
  /** The chat path from enter (null until the room is entered). */
  chatPath: string | null;
  /** The signed-in user's id (the argoRtm token is asked for it). */
  uid: number | null;
  onAborted(reason: AbortReason): void;
  socketFactory?: SocketFactory | undefined;
}

/** The room's chat: its snapshot and the instance (to send, mute, remove, delete). */
export function useLiveChat({ chatPath, uid, onAborted, socketFactory = browserSocket }: UseLiveChatOptions): { chat: LiveChat | null; state: ChatSnapshot } {
  const [chat, setChat] = useState<LiveChat | null>(null);
  // The latest callback without reopening the socket when the page re-renders.
  const [abortedRef] = useState(() => ({ current: onAborted }));
  abortedRef.current = onAborted;

  useEffect(() => {
    if (!chatPath || uid === null) return undefined;
    const instance = new LiveChat({
      selfUid: uid,
      onAborted: (reason) => abortedRef.current(reason),
      open: async () => {
        // A fresh 10-minute token for every connection (reconnects included).
        const { token } = await getRtmToken(uid, { silent: true });
        return socketFactory(chatSocketUrl(chatPath, token, import.meta.env.VITE_API_BASE ?? '', window.location));
      },
    });
    setChat(instance);
    instance.start();
    return () => {
      instance.close();
      setChat(null);
    };
  }, [abortedRef, chatPath, socketFactory, uid]);

  const state = useSyncExternalStore(chat?.subscribe ?? noop, chat?.getSnapshot ?? (() => IDLE), chat?.getSnapshot ?? (() => IDLE));
  return { chat, state };
}
