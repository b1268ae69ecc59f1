// Favourites, comments with scores and appraisals (spec learning §7 "Comments and favourites";
// docs/api.md "Favourites, comments and scores"). Reads are silent: the components show their own
// error line, and guests may read. Writes go through the error catalogue, so a lapsed sign-in (flag
// 401) goes to /login and a refusal (rate limit, someone else's comment) shows the server's message.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMMENT_PAGE_SIZE, COMMENT_MAX_CHARS, getFavorite, addFavorite, cancelFavorite, searchMyFavorites, getScore, queryComments, getMyComments, saveComment, deleteComment, getAppraise, saveAppraise,
  type SocialTargetType, type SocialTarget, type CommentItem, type MyCommentItem, type ScoreSummary, type FavoriteState, type AppraiseSummary, type FavoriteItem,
} from '../../../api/social';

export {
  COMMENT_PAGE_SIZE, COMMENT_MAX_CHARS, getFavorite, addFavorite, cancelFavorite, searchMyFavorites, getScore, queryComments, getMyComments, saveComment, deleteComment, getAppraise, saveAppraise,
  type SocialTargetType, type SocialTarget, type CommentItem, type MyCommentItem, type ScoreSummary, type FavoriteState, type AppraiseSummary, type FavoriteItem,
};
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';

/**
 * The query key root of one target's social data. The user is part of it: the answers carry the
 * viewer's own flags (favorited, mine), so signing in or out reads them again.
 */
function useTargetKey(t: SocialTarget) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['social', tenantId, userId, t.targetType, t.targetId] as const;
}

/** The favourite state of the target. */
export function useFavorite(t: SocialTarget) {
  const key = useTargetKey(t);
  return useQuery({ queryKey: [...key, 'favorite'], queryFn: ({ signal }) => getFavorite(t, { silent: true, signal }), retry: false });
}

/** Adds or cancels the favourite; the answer becomes the cached state. */
export function useToggleFavorite(t: SocialTarget) {
  const key = useTargetKey(t);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (favorited: boolean) => (favorited ? cancelFavorite(t) : addFavorite(t)),
    onSuccess: (state) => client.setQueryData([...key, 'favorite'], state),
  });
}

/** The rating summary of the target. */
export function useScore(t: SocialTarget) {
  const key = useTargetKey(t);
  return useQuery({ queryKey: [...key, 'score'], queryFn: ({ signal }) => getScore(t, { silent: true, signal }), retry: false });
}

/** One page of the target's comments; the previous page stays on screen while the next loads. */
export function useComments(t: SocialTarget, pageNo: number) {
  const key = useTargetKey(t);
  return useQuery({
    queryKey: [...key, 'comments', pageNo],
    queryFn: ({ signal }) => queryComments(t, { pageNo, pageSize: COMMENT_PAGE_SIZE }, { silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Writes a comment; the comment list and the score are read again. */
export function useSaveComment(t: SocialTarget) {
  const key = useTargetKey(t);
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ content, score }: { content: string; score: number | null }) => saveComment(t, content, score),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: [...key, 'comments'] }),
      client.invalidateQueries({ queryKey: [...key, 'score'] }),
    ]),
  });
}

/** Deletes one of my comments; the comment list and the score are read again. */
export function useDeleteComment(t: SocialTarget) {
  const key = useTargetKey(t);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteComment(id),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: [...key, 'comments'] }),
      client.invalidateQueries({ queryKey: [...key, 'score'] }),
    ]),
  });
}

/** Likes and dislikes of the target. */
export function useAppraise(t: SocialTarget) {
  const key = useTargetKey(t);
  return useQuery({ queryKey: [...key, 'appraise'], queryFn: ({ signal }) => getAppraise(t, { silent: true, signal }), retry: false });
}

/** Sets or takes back my appraisal; the answer becomes the cached counts. */
export function useSaveAppraise(t: SocialTarget) {
  const key = useTargetKey(t);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: -1 | 0 | 1) => saveAppraise(t, value),
    onSuccess: (summary) => client.setQueryData([...key, 'appraise'], summary),
  });
}
