import type { RouteSpec } from '../../route.js';

/** The back office's route table (/api/v1/admin): admin token or the operator's session only. */
export const adminRoutes: readonly RouteSpec[] = [];
