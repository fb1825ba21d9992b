import type { NotificationData } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { afterNavigation, tidyNotifications } from './notificationHygiene';

const toast = (id: string, title: string, extra: Partial<NotificationData> = {}): NotificationData => ({ id, title, message: id, ...extra });

describe('notification hygiene', () => {
  it('keeps only the newest toast of one title', () => {
    const list = [toast('1', 'Added to cart'), toast('2', 'Address saved'), toast('3', 'Added to cart')];
    expect(tidyNotifications(list).map((n) => n.id)).toEqual(['2', '3']);
  });

  it('caps the stack at three, newest kept', () => {
    const list = ['a', 'b', 'c', 'd', 'e'].map((t) => toast(t, t));
    expect(tidyNotifications(list).map((n) => n.id)).toEqual(['c', 'd', 'e']);
  });

  it('answers the same array when nothing changes', () => {
    const list = [toast('1', 'One'), toast('2', 'Two')];
    expect(tidyNotifications(list)).toBe(list);
  });

  it('a page change clears all but the toasts the navigating action raised, once', () => {
    const list = [toast('1', 'Added to cart'), toast('2', 'Order placed', { 'data-keep-on-navigate': true })];
    const after = afterNavigation(list);
    expect(after.map((n) => n.id)).toEqual(['2']);
    expect(afterNavigation(after)).toEqual([]);
  });
});
