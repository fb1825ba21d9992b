import type { Db } from './database.js';
import { changeStamp, type ChangeStamp } from './data-version.js';

/**
 * Read results already built (a cart, a page of search results), kept per connection while nothing in
 * the database has changed (`changeStamp`: any row written by this connection, any commit of another
 * one). A caller re-reading the same thing gets the same frozen object without running its statements.
 * The stamp is read before the view is built, so a commit in between only makes the kept view stale for
 * the stamp it was built under: the next read sees a new stamp and builds afresh. `scope` is whatever else
 * the views depend on (the media base URL). Views must be deep-frozen: they are shared by every caller. The kept views weigh at most `budget` together (`weigh`: one
 * per view unless said, a search page counts its products); a view that would pass it drops them all.
 */
const marked = new WeakSet<object>();

/**
 * Whether `value` is a view some KeptViews handed out as kept: deep-frozen and never changed again, so
 * what it serializes to can be kept beside it (http/server.ts serializes each one once).
 */
export function isKeptView(value: unknown): boolean {
  return typeof value === 'object' && value !== null && marked.has(value);
}

export class KeptViews<K, V> {
  private readonly byDb = new WeakMap<Db, { stamp: ChangeStamp; scope: string; views: Map<K, V>; weight: number }>();

  constructor(
    private readonly budget: number,
    private readonly weigh: (view: V) => number = () => 1,
  ) {}

  get(db: Db, scope: string, key: K, build: () => V): V {
    const stamp = changeStamp(db);
    if (stamp === null) return build();
    let kept = this.byDb.get(db);
    if (kept === undefined || kept.stamp.changes !== stamp.changes || kept.stamp.dataVersion !== stamp.dataVersion || kept.scope !== scope) {
      kept = { stamp, scope, views: new Map(), weight: 0 };
      this.byDb.set(db, kept);
    }
    let view = kept.views.get(key);
    if (view === undefined) {
      view = build();
      const weight = this.weigh(view);
      if (kept.weight + weight > this.budget) {
        kept.views.clear();
        kept.weight = 0;
      }
      kept.views.set(key, view);
      kept.weight += weight;
      if (typeof view === 'object' && view !== null) marked.add(view);
    }
    return view;
  }
}
