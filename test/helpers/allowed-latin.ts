/**
 * Latin words the Chinese UI may keep, for the catalog test (every zh-CN message) and the zh-CN
 * screenshot check (every visible text): brands and platforms, carriers, units, currency codes, and the
 * technical names the Chinese UI writes as they are. Anything else in Latin letters is English left over.
 */
export const ALLOWED_LATIN: ReadonlySet<string> = new Set(
  [
    'crossbuy', 'taobao', 'tmall', 'weidian', 'api', 'url', 'urls', 'http', 'https', 'json', 'id', 'ids', 'sku', 'skus', 'qc',
    'kb', 'mb', 'gb', 'tb', 'kg', 'cm', 'ms', 'ip', 'cidr', 'sse', 'hmac', 'sha', 'cny', 'usd', 'eur', 'gbp', 'jpy', 'us', 'cn',
    'openapi', 'curl', 'cli', 'webhook', 'webhooks', 'token', 'sk', 'po', 'so', 'ui', 'ok', 'en', 'english', 'ems', 'dhl', 'ups',
    'fedex', 'sf', 'express', 'yto', 'zto', 'sto', 'jd', 'idempotency', 'key', 'cookie', 'ipc', 'electron', 'sqlite', 'db', 'wal',
    'utc', 'iso', 'csv', 'pdf', 'png', 'svg', 'post', 'get', 'put', 'delete', 'patch', 'localhost', 'docs', 'scope', 'scopes',
    'secret', 'reset', 'x', 'e',
    // AI assistants and the protocol they speak (the settings page's Connect an assistant)
    'paypal', 'ai', 'mcp', 'claude', 'desktop', 'cursor', 'vs', 'code', 'streamable', 'stdio',
    // ICU plural syntax inside catalog messages ({n, plural, one {…} other {…}})
    'plural', 'one', 'other',
  ],
);
