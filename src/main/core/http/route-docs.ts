/**
 * What the OpenAPI documents and the MCP tools say of each operation, keyed by `"METHOD /url"` as the
 * route tables write it (Fastify syntax, relative to the API's prefix). Kept in one file beside the
 * tables rather than in every route file, so adding a route is one line here (a test fails when a served
 * operation has no entry: test/api/openapi-lint.test.ts).
 *
 * - `operationId`: stable forever (generated clients and MCP tool names are made from it): snake case,
 *   `<resource>_<verb>`. The MCP tool of an open route is `crossbuy_<operationId>`.
 * - `description`: what the operation does and when to use it, in sentences an assistant can act on.
 * - `movesMoney`: the operation debits, freezes or refunds wallet money (an MCP `destructiveHint`);
 *   `'refunds'` when it only gives money back (a cancel, a decline): it can never be short (no 402).
 */
export interface RouteDoc {
  operationId: string;
  description: string;
  movesMoney?: true | 'refunds';
}

export type RouteDocs = Readonly<Record<string, RouteDoc>>;

const doc = (operationId: string, description: string, movesMoney?: true | 'refunds'): RouteDoc => (movesMoney ? { operationId, description, movesMoney } : { operationId, description });

/** The open API (/api/v1/open): table routes, the event stream and the CSV exports. */
export const openRouteDocs: RouteDocs = {
  'GET /products/search': doc('products_search', 'Search the local catalog by keywords (q), platform, price range and stock. Use it first to find something to buy: each item carries its id and SKUs (skuId, price, stock) that cart and order calls take.'),
  'GET /products/platform/:platform/search': doc('products_search_platform', 'Search one marketplace platform (taobao, 1688, weidian) directly. Use it when the shopper names a platform.'),
  'GET /products/resolve': doc('products_resolve', 'Open the product a pasted Taobao, Tmall, 1688 or Weidian link points at. Use it when the shopper gives a product URL instead of words.'),
  'GET /products/:id': doc('products_get', 'One product in full: every SKU variant with its price, stock and images. Use it to pick the skuId before adding to the cart or ordering.'),
  'GET /cart': doc('cart_get', 'The cart: its lines and the totals over all lines and over the lines selected for checkout.'),
  'POST /cart/items': doc('cart_items_add', 'Add a quantity of one SKU to the cart (it adds to the existing line of the same SKU).'),
  'POST /cart/items/batch': doc('cart_items_add_batch', 'Add several SKUs to the cart at once; all are added or none is.'),
  'PATCH /cart/items/:itemId': doc('cart_items_update', 'Change one cart line: its quantity, whether it is selected for checkout, its remark.'),
  'DELETE /cart/items/:itemId': doc('cart_items_remove', 'Remove one line from the cart.'),
  'DELETE /cart': doc('cart_clear', 'Empty the cart (every line).'),
  'GET /user/profile': doc('profile_get', 'The account profile: username, email, avatar, language.'),
  'PUT /user/profile': doc('profile_update', 'Change any of the profile fields (username, email, avatar, language).'),
  'GET /user/wallet/balance': doc('wallet_balance_get', 'The wallet: balance, the part frozen for pending shipping orders, and what is available to spend. Check it before placing an order.'),
  'GET /user/wallet/transactions': doc('wallet_transactions_list', 'The wallet\'s ledger entries (payments, refunds, deposits, fees), newest first, optionally of one type. Use it to explain where money went.'),
  'GET /user/addresses': doc('addresses_list', 'The saved delivery addresses, the default one first. Use one as the recipient of a shipping order.'),
  'POST /user/addresses': doc('addresses_create', 'Save a delivery address (the first one saved becomes the default).'),
  'PUT /user/addresses/:id': doc('addresses_update', 'Change any fields of a saved address; isDefault: true makes it the default.'),
  'DELETE /user/addresses/:id': doc('addresses_delete', 'Delete a saved address (deleting the default makes the oldest remaining one the default).'),
  'GET /user/favorites': doc('favorites_list', 'The favorite products, newest first.'),
  'POST /user/favorites': doc('favorites_add', 'Add a product to the favorites (answers the existing favorite when it already is one).'),
  'DELETE /user/favorites/:id': doc('favorites_remove', 'Remove a favorite by its favorite id.'),
  'GET /user/coupons/available': doc('coupons_available_list', 'Coupons that can still be claimed (unexpired, not claimed yet).'),
  'GET /user/coupons/my': doc('coupons_mine_list', 'The claimed coupons and their status (unused, used, expired). An unused one\'s id goes in an order\'s couponId.'),
  'POST /user/coupons/:id/claim': doc('coupons_claim', 'Claim a coupon so it can be used on an order (409 when already claimed, 422 when expired).'),
  'POST /orders': doc('orders_create', 'Place a purchase order for one or more SKUs (productId as a string, as search answers it in digits); the whole totalAmount is paid from the wallet at once (402 when the available balance is short), and the cart lines of those SKUs are removed. The order answers status pending (paid, awaiting the agent\'s confirmation), then moves pending -> paid -> purchased -> shipped_to_warehouse -> in_warehouse.', true),
  'POST /orders/preview': doc('orders_preview', 'What placing these lines would cost, priced by the same rules as placing them: lines, seller groups, coupon, service fee, total and the wallet after. Nothing is written; refusals are those the order would get. Use it before orders_create to show the user the price.'),
  'GET /orders': doc('orders_list', 'The purchase orders, newest first, optionally of one status. Use it to find an order number.'),
  'GET /orders/:id': doc('orders_get', 'One purchase order in full: prices, items, domestic logistics, inspection and timeline.'),
  'GET /orders/:id/status': doc('orders_status_get', 'The status of one order alone. Use it to follow an order until it is in_warehouse.'),
  'GET /orders/:id/logistics': doc('orders_logistics_get', 'The domestic leg from the seller to the warehouse: carrier, tracking number and tracking events, oldest first.'),
  'GET /orders/:id/inspection': doc('orders_inspection_get', 'The warehouse\'s quality check of the order: result and photos (pending until the order is in the warehouse).'),
  'POST /orders/:id/cancel': doc('orders_cancel', 'Cancel a pending or paid order (not once purchased); the whole totalAmount is refunded to the wallet. The body (a reason) is optional.', 'refunds'),
  'GET /orders/:id/supplements': doc('orders_supplements_list', 'The supplementary payments the agent asked for on this order (a price increase, domestic postage). A pending one blocks the order until paid or declined.'),
  'POST /orders/:id/supplements/:sid/pay': doc('orders_supplements_pay', 'Pay a pending supplement from the wallet (402 when the balance is short, 409 unless pending).', true),
  'POST /orders/:id/supplements/:sid/decline': doc('orders_supplements_decline', 'Decline a pending supplement: the order is cancelled and refunded in full (totalAmount and paid supplements) and its coupon returned.', 'refunds'),
  'POST /orders/:id/photo-requests': doc('orders_photo_requests_create', 'Buy 1 to 10 extra inspection photos of an order in the warehouse (charged now; 409 outside the decision window).', true),
  'GET /orders/:id/returns': doc('orders_returns_list', 'The return and exchange requests of this order and the seller\'s decisions.'),
  'POST /orders/:id/returns': doc('orders_returns_create', 'Ask to return or exchange one line of an order while its package is in the warehouse, inside the decision window (409 otherwise).', true),
  'GET /logistics/countries': doc('logistics_countries_list', 'The destination countries served, with their codes. Use a code in freight quotes and shipping orders.'),
  'GET /logistics/shipping-methods': doc('logistics_shipping_methods_list', 'The international shipping channels, optionally only those serving a country, holding a weight and carrying a cargo type.'),
  'POST /logistics/calculate-freight-batch': doc('logistics_freight_quote_all', 'Freight quotes of every channel that can carry a parcel (weight in grams) to a country, cheapest first. Use it to choose the logisticsChannelId of a shipping order.'),
  'POST /logistics/calculate-freight': doc('logistics_freight_quote', 'The freight quote of one channel for a parcel to a country (422 when the channel cannot carry it).'),
  'GET /warehouse/packages': doc('warehouse_packages_list', 'The packages in the warehouse, newest arrivals first, optionally of one status. An order in_warehouse has a package here.'),
  'GET /warehouse/packages/stats': doc('warehouse_packages_stats', 'Package counts by status and their weights.'),
  'GET /warehouse/packages/shippable': doc('warehouse_packages_shippable', 'The packages ready to ship abroad (in_warehouse). Their ids are the inventory ids a shipping order takes.'),
  'GET /warehouse/packages/:id': doc('warehouse_packages_get', 'One warehouse package: its order, weight, dimensions, storage and services.'),
  'GET /warehouse/services': doc('warehouse_services_list', 'The warehouse services that can be asked for on a package (reinforcement, vacuum packing, photos...) and their prices.'),
  'POST /warehouse/packages/:id/services': doc('warehouse_packages_services_request', 'Ask for services on a package in the warehouse; charged now, done by the warehouse later.', true),
  'POST /shipping/create': doc('shipping_orders_create', 'Ship warehouse packages abroad through a channel to a recipient; the freight is frozen in the wallet until the parcel is dispatched.', true),
  'POST /shipping/preview': doc('shipping_orders_preview', 'What shipping these packages would hold, priced by the same rules as creating the shipping order: freight, services, rehearsal, insurance, storage, duties with their reason, the total hold and the wallet after. Nothing is written. Use it before shipping_orders_create.'),
  'POST /shipping/rehearsals': doc('shipping_rehearsals_create', 'Rehearsal packing: the warehouse packs, weighs and measures packages before you pay for freight (the fee is charged now).', true),
  'GET /shipping/rehearsals': doc('shipping_rehearsals_list', 'The rehearsal packings, newest first.'),
  'GET /shipping/rehearsals/:id': doc('shipping_rehearsals_get', 'One rehearsal packing: packed weight, dimensions and photos once packed.'),
  'POST /shipping/rehearsals/:id/cancel': doc('shipping_rehearsals_cancel', 'Cancel a rehearsal packing: the packages go back on the shelf; the fee is refunded only if not packed yet.', 'refunds'),
  'GET /shipping/orders': doc('shipping_orders_list', 'The international shipping orders, newest first, optionally of one status.'),
  'GET /shipping/orders/:id': doc('shipping_orders_get', 'One shipping order with its recipient, packages and tracking events. Use it to track a parcel abroad.'),
  'POST /shipping/orders/:id/cancel': doc('shipping_orders_cancel', 'Cancel a pending shipping order: the frozen fee is released and the packages return to the warehouse. The body (a reason) is optional.', 'refunds'),
  'POST /shipping/orders/:id/confirm-delivery': doc('shipping_orders_confirm_delivery', 'Confirm the recipient received a shipped parcel.'),
  'GET /events': doc('events_stream', 'Live events as Server-Sent Events (text/event-stream), filtered by the key\'s scopes; resume with Last-Event-ID. For scripts, not assistants.'),
  'GET /exports/orders.csv': doc('exports_orders_csv', 'The purchase orders as a CSV file (oldest first, a header row).'),
  'GET /exports/transactions.csv': doc('exports_transactions_csv', 'The wallet\'s ledger entries as a CSV file (oldest first, a header row).'),
  'GET /exports/shipping.csv': doc('exports_shipping_csv', 'The shipping orders as a CSV file (oldest first, a header row).'),
  // v1.2 (extensions.md sections 10-14)
  'POST /user/wallet/top-ups': doc('wallet_top_ups_create', 'Top up the wallet by paypal, card, alipay, wechat or bank_transfer, optionally in another currency: the fee and rate are frozen and credited (amount converted minus fee) arrives as one deposit once it succeeds; a bank transfer takes a business day.', true),
  'POST /user/wallet/top-ups/preview': doc('wallet_top_ups_preview', 'What a top-up with this body would charge and credit now (fee, rate, what arrives and when), by the same rules and refusals as creating it; nothing is written.'),
  'GET /user/wallet/top-ups': doc('wallet_top_ups_list', 'The wallet\'s top-ups, newest first: method, amount, rate, fee, what was credited and the status (pending, succeeded, failed).'),
  'POST /logistics/estimate': doc('logistics_estimate', 'What goods not bought yet (items or the cart) would cost to ship to a country: weight from the catalog or the category default, every channel\'s quote cheapest first. Use it before buying.'),
  'POST /cart/import': doc('cart_import', 'Add pasted links (marketplace or other agents\' links, many per line, with quantity and colour/size hints) to the cart; each line comes back added or with why not (not_found, unsupported, needs_sku, duplicate).'),
  'GET /shipping/orders/:id/supplements': doc('shipping_supplements_list', 'The shipping supplements of a shipping order: what the packed parcel costs beyond the fee held and its tolerance.'),
  'POST /shipping/orders/:id/supplements/:sid/pay': doc('shipping_supplements_pay', 'Pay a pending shipping supplement (402 when short); the parcel then leaves the warehouse.', true),
};

/** The admin API (/api/v1/admin): the back office. Never MCP tools. */
export const adminRouteDocs: RouteDocs = {
  'GET /channels': doc('admin_channels_list', 'Every shipping channel, inactive ones too.'),
  'GET /channels/:channelId': doc('admin_channels_get', 'One shipping channel with its pricing.'),
  'PUT /channels/:channelId': doc('admin_channels_update', 'Edit a shipping channel (any subset of its fields); pending shipping orders keep their fee.'),
  'GET /scopes': doc('admin_scopes_list', 'Every scope in canonical order, and the presets.'),
  'GET /keys': doc('admin_keys_list', 'The API keys (never their secret).'),
  'POST /keys': doc('admin_keys_create', 'Create an API key of chosen scopes; the key itself is in this answer only.'),
  'POST /keys/:id/revoke': doc('admin_keys_revoke', 'Revoke an API key; it is refused at once.'),
  'GET /orders': doc('admin_orders_list', 'Every user\'s orders, newest first, optionally of one status or one user.'),
  'GET /orders/:id': doc('admin_orders_get', 'Any user\'s order in full.'),
  'POST /orders/:id/advance': doc('admin_orders_advance', 'Move an order forward (to the next status, or through to `to`) with the staff\'s data for each step.'),
  'POST /orders/:id/refund': doc('admin_orders_refund', 'The item cannot be bought: a paid order is refunded in full (coupon returned).', true),
  'POST /orders/:id/supplements': doc('admin_orders_supplements_create', 'Ask the user for more money on a paid order (price_increase, domestic_freight), or refund a price_decrease at once.', true),
  'POST /orders/:id/returns/:rid/decide': doc('admin_orders_returns_decide', 'The seller\'s decision on a return or exchange: approved (refund less the fee, or the fee and a replacement) or rejected.', true),
  'POST /orders/:id/photo-requests/:rid/fulfil': doc('admin_orders_photo_requests_fulfil', 'Add the requested photos to the inspection (generated when none are given).'),
  'POST /orders/:id/simulate': doc('admin_orders_simulate', 'Sandbox: make a scenario happen to this order now (409 when the order is not at its step).'),
  'GET /requests': doc('admin_requests_list', 'The open API\'s request log, newest first (filters: key, status or class like 4xx, path prefix, since, request id).'),
  'GET /requests/:id': doc('admin_requests_get', 'One logged request with both bodies (at most 4 KB each, API keys masked) and the MCP tool that made it, if any.'),
  'GET /returns/pending': doc('admin_returns_pending', 'Every return and exchange awaiting the seller\'s decision, oldest first.'),
  'GET /settings': doc('admin_settings_get', 'The service settings.'),
  'PUT /settings': doc('admin_settings_update', 'Change service settings (any subset).'),
  'GET /server': doc('admin_server_get', 'Where the API is served and where the data lives.'),
  'GET /data/backups': doc('admin_data_backups_list', 'The database backups in the data folder, newest first.'),
  'POST /data/backup': doc('admin_data_backup', 'Back up the database (online, consistent) into the data folder\'s backups.'),
  'POST /data/reset': doc('admin_data_reset', 'Restore the demo data (keys, webhooks and settings are kept); needs {"confirm":"RESET"}.', true),
  'POST /data/restore': doc('admin_data_restore', 'Replace the data with a backup (the current state is backed up first); needs {"backupId", "confirm":"RESTORE"}.', true),
  'POST /shipping/orders/:id/dispatch': doc('admin_shipping_orders_dispatch', 'Dispatch a pending shipping order: tracking number set (generated if absent), fee captured, packages shipped.', true),
  'POST /shipping/orders/:id/deliver': doc('admin_shipping_orders_deliver', 'Record the delivery of a shipped order.'),
  'POST /shipping/:id/simulate': doc('admin_shipping_simulate', 'Make a shipping case happen now: customs_hold, lost_in_transit or customs_seized (409 when it does not fit).'),
  'GET /clock': doc('admin_clock_get', 'The service clock.'),
  'POST /clock/advance': doc('admin_clock_advance', 'Move the service clock forward (e.g. "3d", "12h"), running every autopilot step due on the way.'),
  'GET /autopilot': doc('admin_autopilot_get', 'The autopilot\'s pace and out-of-stock refund rate.'),
  'PUT /autopilot': doc('admin_autopilot_update', 'Set the autopilot pace (off, realistic, demo) and the out-of-stock refund rate (percent).'),
  'POST /autopilot/run': doc('admin_autopilot_run', 'Run every autopilot step due now (the timer does this on its own).'),
  'POST /wallet/deposit': doc('admin_wallet_deposit', 'Credit a user\'s wallet (a deposit ledger entry).', true),
  'POST /wallet/adjust': doc('admin_wallet_adjust', 'A signed correction of a wallet with a note; never below zero available.', true),
  'GET /warehouse/services': doc('admin_warehouse_services_list', 'The warehouse service catalog, inactive services included, with their weight and volume effects.'),
  'PUT /warehouse/services/:serviceId': doc('admin_warehouse_services_update', 'Edit a warehouse service (price, text, effects, active); requests already made keep their price.'),
  'GET /warehouse/service-requests': doc('admin_warehouse_service_requests_list', 'Requested services not done yet, oldest first (the warehouse work list).'),
  'POST /warehouse/service-requests/:id/done': doc('admin_warehouse_service_requests_done', 'Mark a requested service done: its weight effect applies to the package.'),
  'GET /warehouse/figures': doc('admin_warehouse_figures_get', 'The storage, insurance, rehearsal and scenario figures.'),
  'PUT /warehouse/figures': doc('admin_warehouse_figures_update', 'Change some of the storage, insurance, rehearsal and scenario figures.'),
  'GET /logistics/countries': doc('admin_logistics_countries_list', 'Destination countries with their duty data (de minimis, rate).'),
  'PUT /logistics/countries/:code': doc('admin_logistics_countries_update', 'Edit a country\'s duty data (informational estimates only).'),
  'GET /shipping/rehearsals': doc('admin_shipping_rehearsals_list', 'Rehearsals waiting to be packed, oldest first (the packing work list).'),
  'POST /shipping/rehearsals/:id/pack': doc('admin_shipping_rehearsals_pack', 'Pack a requested rehearsal: packed weight, dimensions and photos.'),
  'GET /event-types': doc('admin_event_types_list', 'Every event type the service emits.'),
  'GET /webhooks': doc('admin_webhooks_list', 'The webhook endpoints.'),
  'POST /webhooks': doc('admin_webhooks_create', 'Register a webhook endpoint (loopback URLs unless remote ones are allowed).'),
  'PATCH /webhooks/:id': doc('admin_webhooks_update', 'Change a webhook endpoint (url, events, description, active).'),
  'DELETE /webhooks/:id': doc('admin_webhooks_delete', 'Delete a webhook endpoint and its delivery records.'),
  'GET /webhooks/:id/deliveries': doc('admin_webhooks_deliveries_list', 'Deliveries to an endpoint (test events included), newest first, with every attempt.'),
  'POST /webhooks/:id/test': doc('admin_webhooks_test', 'Send a signed webhook.test event to the endpoint now and answer what it replied.'),
  'POST /orders/:id/exchanges/:rid/receive': doc('admin_orders_exchanges_receive', 'Receive an approved exchange\'s replacement (:rid is the exchange\'s return id): a new package with a fresh inspection; 409 when there is none to receive.'),
  'POST /shipping/orders/:id/clear-exception': doc('admin_shipping_orders_clear_exception', 'Customs release a held parcel: exception -> shipped (409 unless the order is in exception).'),
  'GET /worlds/schema.json': doc('admin_worlds_file_schema', 'The JSON Schema of a world file (the same as worlds/world-file.schema.json in the repository).'),
  'GET /requests/world-file': doc('admin_requests_world_file', 'One key\'s requests in the log (since, until) as a world file: its writes, the reads later requests use, the clock advances between.'),
  'POST /worlds': doc('admin_worlds_create', 'Create a world (demo data, or set up by a world file) with a key of every scope, shown once in this answer.'),
  'GET /worlds': doc('admin_worlds_list', 'The registered worlds, oldest first (the default world is not listed).'),
  'GET /worlds/files': doc('admin_worlds_files_list', 'The world files shipped with crossbuy (its worlds/ folder), each with the file itself to create a world from.'),
  'GET /worlds/:id': doc('admin_worlds_get', 'One world (`default` for the data folder\'s own): clock, last use, expiry, size on disk, keys.'),
  'DELETE /worlds/:id': doc('admin_worlds_delete', 'Delete a world: its keys are refused at once, requests in flight finish, its folder is removed.'),
  'POST /worlds/:id/snapshots': doc('admin_worlds_snapshots_create', 'Keep the world as it is now, to reset it to later.'),
  'GET /worlds/:id/snapshots': doc('admin_worlds_snapshots_list', 'The world\'s snapshots, oldest first (`initial`: as it was created).'),
  'POST /worlds/:id/reset': doc('admin_worlds_reset', 'Put the world back as it was at a snapshot (default: as created), keys included.'),
  'POST /worlds/:id/fork': doc('admin_worlds_fork', 'A new world, a copy of this one as it is now, with a key of its own.'),
  // v1.2 (extensions.md section 12)
  'GET /wallet/top-ups': doc('admin_wallet_top_ups_list', 'Every user\'s top-ups, newest first, optionally of one status (pending: money still on its way).'),
  'POST /wallet/top-ups/:id/resolve': doc('admin_wallet_top_ups_resolve', 'Settle a pending top-up by hand: succeeded (credited now) or failed (nothing credited).', true),
  'GET /wallet/top-up-methods': doc('admin_wallet_top_up_methods_list', 'The top-up methods and their figures: fee rate, fixed fee and its currency, how the money arrives, enabled.'),
  'PUT /wallet/top-up-methods/:method': doc('admin_wallet_top_up_methods_update', 'Change a top-up method\'s figures (fee rate, fixed fee, arrival, enabled).'),
};

/** What each OpenAPI tag groups (the documents' top-level `tags`). */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Products: 'Find products: the local catalog, a marketplace platform, a pasted link',
  Cart: 'The cart: lines, quantities, what is selected for checkout',
  User: 'The account: profile, addresses, favorites',
  Wallet: 'The wallet: balance (frozen and available) and the ledger',
  Coupons: 'Coupons to claim and use on orders',
  'Purchase orders': 'Orders paid from the wallet, bought by the agent and carried to the warehouse; after-sales',
  Logistics: 'Countries, shipping channels and freight quotes',
  Warehouse: 'Packages in the warehouse and the services done on them',
  Shipping: 'Shipping packages abroad: rehearsal packing, shipping orders, tracking',
  Events: 'Live events (Server-Sent Events)',
  Exports: 'CSV exports',
  Admin: 'The back office: order and shipping steps, wallet, clock and autopilot, keys, webhooks, settings, data, request log',
  Worlds: 'Many isolated sandboxes in one server: create, snapshot, reset, fork, delete',
};

export const routeDocKey = (method: string, url: string): string => `${method} ${url}`;

/**
 * The entry of a route, or a stand-in made from its method and path for a route added without one (so a
 * server still starts; test/api/openapi-lint.test.ts and test/unit/mcp/tools.test.ts fail until it is added).
 */
export function routeDocOf(docs: RouteDocs, method: string, url: string, summary: string): RouteDoc {
  const entry = docs[routeDocKey(method, url)];
  if (entry) return entry;
  const words = url.split('/').filter(Boolean).map((part) => part.replace(/^:/, 'by_').replace(/[^A-Za-z0-9]+/g, '_'));
  return { operationId: [method.toLowerCase(), ...words].join('_').slice(0, 55), description: summary };
}
