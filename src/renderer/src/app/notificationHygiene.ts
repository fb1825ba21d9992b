import { notificationsStore, updateNotificationsState, type NotificationData } from '@mantine/notifications';

/** At most this many toasts at once: the newest ones (older ones make room). */
export const NOTIFICATION_LIMIT = 3;

/**
 * A notification that the action which navigates also raises ("Order placed", then the order's page)
 * carries this data attribute, so the navigation it causes does not clear it.
 */
export const KEEP_ON_NAVIGATE = { 'data-keep-on-navigate': true } as const;

function kindOf(n: NotificationData): string | null {
  // Toasts of one kind share a title ("Added to cart"): the newer one says what is true now.
  return typeof n.title === 'string' ? `${n.color ?? ''}\u0000${n.title}` : null;
}

/**
 * The toasts worth keeping (pure): of several with the same title only the newest, and no more than
 * `limit` of them, newest kept. Returns the same array when nothing changes, so callers can tell.
 */
export function tidyNotifications(list: NotificationData[], limit = NOTIFICATION_LIMIT): NotificationData[] {
  const seen = new Set<string>();
  const kept: NotificationData[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const n = list[i]!;
    const kind = kindOf(n);
    if (kind !== null && seen.has(kind)) continue;
    if (kind !== null) seen.add(kind);
    if (kept.length < limit) kept.unshift(n);
  }
  return kept.length === list.length ? list : kept;
}

/** What survives a page change: only toasts raised by the action that navigated. */
export function afterNavigation(list: NotificationData[]): NotificationData[] {
  const kept = list.filter((n) => n['data-keep-on-navigate'] === true);
  return kept.length === list.length ? list : kept.map(({ 'data-keep-on-navigate': _keep, ...rest }) => rest as NotificationData);
}

/**
 * Keeps the toast stack short and tied to the page: duplicates and overflow go as soon as they are shown,
 * and a page change clears the stack. Returns the uninstaller.
 */
export function installNotificationHygiene(): () => void {
  const all = () => [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue];
  const tidy = () => {
    const list = all();
    const next = tidyNotifications(list);
    if (next !== list) updateNotificationsState(notificationsStore, () => next);
  };
  const unsubscribe = notificationsStore.subscribe(tidy);
  const onNavigate = () => {
    const list = all();
    const next = afterNavigation(list);
    if (next !== list) updateNotificationsState(notificationsStore, () => next);
  };
  window.addEventListener('hashchange', onNavigate);
  return () => {
    unsubscribe();
    window.removeEventListener('hashchange', onNavigate);
  };
}
