/**
 * The app page's Content-Security-Policy, one policy wherever the page is loaded: the headless server's
 * header (core/http/routes/ui.ts), the desktop's header for its own loads (desktop/window.ts), and the
 * `<meta>` tag of src/renderer/index.html, which is what a `file://` load in Electron actually applies
 * (Electron's security guide: response headers do not reach file:// pages). A test compares the tag with
 * this policy. Scripts and styles come from the page's own files; images and API calls may also reach the
 * local server; no plugins, no <base>, no form posts, never inside another page's frame.
 */
export const PAGE_CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: http://127.0.0.1:*",
  "connect-src 'self' http://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
] as const;

/** The policy as a header carries it. */
export const PAGE_CSP = PAGE_CSP_DIRECTIVES.join('; ');

/** The policy as the page's `<meta>` tag carries it: a meta tag cannot say frame-ancestors (browsers ignore it there and warn). */
export const PAGE_META_CSP = PAGE_CSP_DIRECTIVES.filter((d) => !d.startsWith('frame-ancestors')).join('; ');
