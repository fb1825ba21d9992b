import type { PageDef } from '../../app/pageTypes';

export const accountPages: PageDef[] = [];
