/**
 * One order buys from one marketplace platform (the service refuses mixed lines with 422). Cart lines do not
 * carry their platform: it comes from each line's product.
 */
export interface PlatformGroup<L> {
  platform: string;
  lines: L[];
}

/**
 * Groups lines by their product's platform, in the order each platform first appears. Lines whose platform is
 * not known yet are left out and counted in `unknown`.
 */
export function groupByPlatform<L extends { productId: number }>(
  lines: readonly L[],
  platformOf: (productId: number) => string | undefined,
): { groups: PlatformGroup<L>[]; unknown: number } {
  const groups: PlatformGroup<L>[] = [];
  let unknown = 0;
  for (const line of lines) {
    const platform = platformOf(line.productId);
    if (platform === undefined) {
      unknown += 1;
      continue;
    }
    let group = groups.find((g) => g.platform === platform);
    if (!group) {
      group = { platform, lines: [] };
      groups.push(group);
    }
    group.lines.push(line);
  }
  return { groups, unknown };
}

/** The group to check out: the chosen platform if it still has lines, else the first. */
export function pickGroup<L>(groups: readonly PlatformGroup<L>[], chosen: string | null): PlatformGroup<L> | null {
  return groups.find((g) => g.platform === chosen) ?? groups[0] ?? null;
}

/** The body line of POST /orders for a cart line: product id as a string, remark only when there is one. */
export function orderLineOf(line: { productId: number; skuId: string; quantity: number; remark: string }): {
  productId: string;
  skuId: string;
  quantity: number;
  remark?: string;
} {
  const remark = line.remark.trim();
  return { productId: String(line.productId), skuId: line.skuId, quantity: line.quantity, ...(remark ? { remark } : {}) };
}
