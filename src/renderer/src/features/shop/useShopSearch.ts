import { useCallback, useEffect, useMemo, useRef } from 'react';
import { navigate, useHashQuery } from '../../app/router';
import { parseShopSearch, shopSearchHash, shopSearchQuery, type ShopSearch } from './searchState';
import { useShopStore } from './shopStore';

/**
 * The shop's search from the URL, and `update` to change it: each change is a new history entry, so Back
 * returns to the previous results. Any change but the page's own goes back to page 1.
 */
export function useShopSearch() {
  const params = useHashQuery().toString();
  const search = useMemo(() => parseShopSearch(new URLSearchParams(params)), [params]);
  const update = useCallback((patch: Partial<ShopSearch>) => navigate(shopSearchHash({ ...search, page: 1, ...patch })), [search]);
  return { search, update };
}

/**
 * Opening the shop bare (the nav's Shop, "Back to the shop") shows the last search again, as the shop did
 * before its search moved to the URL; the URL is replaced, not pushed, so Back does not bounce.
 */
export function useRememberedSearch(search: ShopSearch): void {
  const lastQuery = useShopStore((s) => s.lastQuery);
  const remember = useShopStore((s) => s.remember);
  const restored = useRef(false);
  const current = shopSearchQuery(search);
  useEffect(() => {
    if (!restored.current) {
      restored.current = true;
      if (current === '' && lastQuery !== '') {
        window.location.replace(`#/shop?${lastQuery}`);
        return;
      }
    }
    remember(current);
  }, [current, lastQuery, remember]);
}
