import { CrossbuyError } from '../../api/client';

/** The problems a pasted link can have that the shop words itself (the API's error `code`s for links). */
export const LINK_PROBLEM_KEYS = ['link_not_marketplace', 'link_short', 'link_no_item_id', 'item_not_found'] as const;
export type LinkProblemKey = (typeof LINK_PROBLEM_KEYS)[number];

/** The catalog key for a failed resolve, or null when the error is not about the link (shown as it came). */
export function linkProblemOf(error: unknown): LinkProblemKey | null {
  if (!(error instanceof CrossbuyError) || error.code === undefined) return null;
  return (LINK_PROBLEM_KEYS as readonly string[]).includes(error.code) ? (error.code as LinkProblemKey) : null;
}
