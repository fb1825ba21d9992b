import type { PageDef } from '../../app/pageTypes';

export const warehousePages: PageDef[] = [];
