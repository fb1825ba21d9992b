/**
 * The Content-Security-Policy of the /docs page, from the one @fastify/swagger-ui makes (`staticCSP: true`:
 * scripts and styles from the service itself, plus the hashes of any inline ones its page has; version 6 has
 * none). Three changes, each for a local, offline service:
 * - style-src gets `'unsafe-inline'`: swagger-ui sets styles on elements as it renders (a style attribute per
 *   expanded operation), which only that allows (no hash can name them), and each was a CSP error in the
 *   console. A style cannot run code; scripts stay `'self'` only.
 * - No `https:` sources and no validator.swagger.io image: the page loads nothing from outside this machine.
 * - No `upgrade-insecure-requests`: the service answers plain http on 127.0.0.1.
 */
export function docsContentSecurityPolicy(generated: string): string {
  const directives = generated
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== 'upgrade-insecure-requests');
  return directives
    .map((directive) => {
      const [name, ...sources] = directive.split(/\s+/);
      if (name === 'style-src') return "style-src 'self' 'unsafe-inline'";
      const local = sources.filter((source) => source !== 'https:' && source !== 'validator.swagger.io');
      return [name, ...local].join(' ');
    })
    .join('; ');
}
