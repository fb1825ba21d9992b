import type { PageDef } from '../../app/pageTypes';

export const operatorPages: PageDef[] = [];
