import type { PageDef } from '../../app/pageTypes';

export const trackingPages: PageDef[] = [];
