/**
 * Badge styles that keep the whole label: Mantine's Badge shrinks with its row and ends its label in an
 * ellipsis, so a status in a narrow table cell read "IN THE WAREHOU…" and a platform beside a long price
 * "WEIDI…". Statuses, platforms and key states are words to read, never to cut.
 */
export const wholeBadgeStyles = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;
