import type { Migration } from '../migrate.js';

/**
 * A status-filtered deep page without walking the pages before it (issue 12).
 *
 * Migration 005 ranks each user's orders (`order_ranks.seq`, and user 0 for everyone's), so an unfiltered
 * page is one seek at any depth. With a status filter the rank of the n-th order *of that status* is not
 * known: statuses change, so a dense per-status rank cannot be kept. Instead the rank space is cut into
 * blocks of 1,024 ranks (`seq >> 10`) and triggers keep, per user, status and block, how many orders of
 * that status the block holds (`order_rank_blocks`). Page p is found by summing block counts from the
 * newest block down until the page's offset falls inside one (one row per 1,024 orders: ~1,000 rows at a
 * million), then skipping at most 1,023 entries of the (user, status, seq) index inside that block. The
 * cost is bounded by orders / 1,024 + 1,024 index entries instead of the page's depth.
 *
 * `order_ranks` carries the order's status so that the in-block walk reads the index alone. Written with
 * the order: the rank insert takes new.status, a status change updates its two rank rows (found by
 * `order_ranks_order`), and triggers on `order_ranks` move the block counts.
 */
export const BLOCK_SHIFT = 10;

export const orderStatusRanks: Migration = {
  version: 9,
  name: 'order status ranks',
  up: /* sql */ `
ALTER TABLE order_ranks ADD COLUMN status TEXT NOT NULL DEFAULT '';
UPDATE order_ranks SET status = (SELECT o.status FROM orders o WHERE o.order_no = order_ranks.order_no);
CREATE INDEX order_ranks_status ON order_ranks(user_id, status, seq);

CREATE TABLE order_rank_blocks (
  user_id INTEGER NOT NULL,
  status  TEXT NOT NULL,
  block   INTEGER NOT NULL,
  n       INTEGER NOT NULL CHECK (n >= 0),
  PRIMARY KEY (user_id, status, block)
) STRICT, WITHOUT ROWID;
INSERT INTO order_rank_blocks (user_id, status, block, n)
  SELECT user_id, status, seq >> ${BLOCK_SHIFT}, COUNT(*) FROM order_ranks GROUP BY user_id, status, seq >> ${BLOCK_SHIFT};

CREATE TRIGGER order_ranks_block_insert AFTER INSERT ON order_ranks BEGIN
  INSERT INTO order_rank_blocks (user_id, status, block, n) VALUES (new.user_id, new.status, new.seq >> ${BLOCK_SHIFT}, 1)
    ON CONFLICT (user_id, status, block) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER order_ranks_block_status AFTER UPDATE OF status ON order_ranks WHEN old.status <> new.status BEGIN
  UPDATE order_rank_blocks SET n = n - 1 WHERE user_id = old.user_id AND status = old.status AND block = old.seq >> ${BLOCK_SHIFT};
  INSERT INTO order_rank_blocks (user_id, status, block, n) VALUES (new.user_id, new.status, new.seq >> ${BLOCK_SHIFT}, 1)
    ON CONFLICT (user_id, status, block) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER order_ranks_block_delete AFTER DELETE ON order_ranks BEGIN
  UPDATE order_rank_blocks SET n = n - 1 WHERE user_id = old.user_id AND status = old.status AND block = old.seq >> ${BLOCK_SHIFT};
END;

DROP TRIGGER orders_rank_insert;
CREATE TRIGGER orders_rank_insert AFTER INSERT ON orders BEGIN
  INSERT INTO order_ranks (user_id, seq, order_no, status)
    VALUES (new.user_id, COALESCE((SELECT MAX(seq) FROM order_ranks WHERE user_id = new.user_id), 0) + 1, new.order_no, new.status);
  INSERT INTO order_ranks (user_id, seq, order_no, status)
    VALUES (0, COALESCE((SELECT MAX(seq) FROM order_ranks WHERE user_id = 0), 0) + 1, new.order_no, new.status);
END;
CREATE TRIGGER orders_rank_status AFTER UPDATE OF status ON orders WHEN old.status <> new.status BEGIN
  UPDATE order_ranks SET status = new.status WHERE order_no = new.order_no;
END;
`,
};
