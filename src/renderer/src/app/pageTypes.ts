import type { ReactNode } from 'react';

export type NavSection = 'shopping' | 'tracking' | 'account' | 'admin';

export interface PageDef {
  /** Hash path pattern: '/orders' or '/orders/:orderNo'. */
  pattern: string;
  render(params: Record<string, string>): ReactNode;
  /** Present for pages listed in the navigation. */
  nav?: {
    /** Text, or a component that renders it (translated labels). */
    label: string | (() => ReactNode);
    section: NavSection;
    /** Position within the section. */
    order: number;
    /** An optional live badge (counts) shown beside the label. */
    badge?: () => ReactNode;
    /** Other patterns that highlight this entry (a detail page under its list). */
    alsoActiveOn?: string[];
  };
}
