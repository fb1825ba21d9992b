import type { Page } from '../../../../../../contract/common';

/**
 * The cursor of the queue's next page, or undefined when every waiting request is shown: the answer's
 * total counts the whole queue, so a full last page is not taken to mean that more follow.
 */
export function nextPendingCursor(last: Page<{ id: number }>, pages: Page<{ id: number }>[]): string | undefined {
  const shown = pages.reduce((n, page) => n + page.items.length, 0);
  const tail = last.items.at(-1);
  return tail && shown < last.total ? String(tail.id) : undefined;
}
