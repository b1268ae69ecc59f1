// The AI area's calls (spec learning §2 "AI area"; docs/api.md "AI assistant"): ask, my
// conversations, one conversation, delete; and the suggested questions, which are the tenant's
// help titles (GET /cm/api/content/search?purpose=99). Reads and the ask are silent: the pages show
// their own errors in place, so a failed question stays in the box with a retry.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AskResult, ConversationDetail, ConversationItem, RobotLink } from '../../../../schemas/api/cm';
import { searchContents } from '../../../api/catalogue';
import { apiGet, apiPost, type Paged } from '../../../api/client';
import { useAppStore } from '../../../stores/app-store';
import { callLang } from './pic';
import { selectUserId, useUserStore } from '../../../stores/user-store';

/** The longest question the server takes, in characters. */
export const MAX_QUESTION = 500;
/** spec learning §9: help content is purpose 99. */
const HELP_PURPOSE = 99;

// An answer (POST /cm/api/robot/ask) with the help articles or catalogue items it points to, a
// stored message, one of my conversations and a conversation with its messages: the server's
// response schemas (schemas/api/cm/robot.ts), derived (issue 14 point 4).
export type { AskResult, ConversationDetail, ConversationItem, RobotLink, RobotMessage } from '../../../../schemas/api/cm';

/** What an answer's link leads to. */
export type RobotLinkKind = RobotLink['kind'];

/** Why an answer is the help-article answer although a provider could rewrite it. */
export type RobotFallback = AskResult['fallback'];

/** The number of characters of a question, as the server counts them (code points, after trimming). */
export const questionLength = (text: string) => [...text.trim()].length;

export function askRobot(body: { question: string; conversationId: number | null; lang: 'zh' | 'en' }): Promise<AskResult> {
  return apiPost<AskResult>('/cm/api/robot/ask', body, { silent: true, timeout: 60_000 });
}

/** Asks a question; a stored answer refreshes my conversation list. */
export function useAsk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: askRobot,
    onSuccess: (result) => {
      if (result.conversationId !== null) void client.invalidateQueries({ queryKey: ['robot', 'conversations'] });
    },
  });
}

/** A page of my conversations, newest activity first, optionally those whose title contains `title`; off for guests. */
export function useConversations(pageNo = 1, pageSize = 20, title = '') {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const q = title.trim();
  return useQuery({
    queryKey: ['robot', 'conversations', tenantId, userId, pageNo, pageSize, q],
    queryFn: ({ signal }) => apiGet<Paged<ConversationItem>>('/cm/api/robot/searchByUser', { pageNo, pageSize, ...(q ? { title: q } : {}) }, { silent: true, signal }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

/** One of my conversations with its messages; off without an id or a user. */
export function useConversation(id: number | null) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: ['robot', 'conversation', tenantId, userId, id],
    queryFn: ({ signal }) => apiGet<ConversationDetail>('/cm/api/robot/detail', { id }, { silent: true, signal }),
    enabled: id !== null && userId !== null,
    retry: false,
  });
}

/** Deletes one of my conversations (errors go through the error catalogue). */
export function useDeleteConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<boolean>('/cm/api/robot/delConversation', { id }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: ['robot', 'conversation'], predicate: (q) => q.queryKey.at(-1) === id });
      void client.invalidateQueries({ queryKey: ['robot', 'conversations'] });
    },
  });
}

/** Suggested questions: the tenant's most read help titles. */
export function useSuggestions(count = 4) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['robot', 'suggestions', tenantId, count],
    queryFn: async ({ signal }) => (await searchContents({ purpose: [HELP_PURPOSE], pageNo: 1, pageSize: count, sort: 'popular' }, signal)).list.map((c) => c.title),
    staleTime: 10 * 60_000,
  });
}

/** The `meta` event of a streamed answer (schemas/api/ai-chat.ts ChatMeta). */
export type { ChatMeta } from '../../../../schemas/api/ai-chat';

/** Renames one of my conversations (1–100 characters; errors go through the error catalogue). */
export function useRenameConversation() {
  const client = useQueryClient();
  return useMutation({
    // Refusals come back in the page's language.
    mutationFn: (body: { id: number; title: string }) => apiPost<boolean>('/cm/api/ai/chat/rename', { ...body, lang: callLang() }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['robot', 'conversations'] });
      void client.invalidateQueries({ queryKey: ['robot', 'conversation'] });
    },
  });
}

/** Rates an answer of mine: up, down (with an optional reason) or null to take it back. */
export function rateAnswer(body: { messageId: number; value: 'up' | 'down' | null; reason?: string | null }): Promise<boolean> {
  return apiPost<boolean>('/cm/api/ai/chat/feedback', { ...body, lang: callLang() }, { silent: true });
}
