/**
 * Markdown links and images may only use http, https, irc, ircs, mailto or xmpp, or be
 * relative; anything else (javascript:, data:, vbscript:, file:...) is blanked (spec §2).
 */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']);

export function safeUrl(url: string): string {
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:"),
  // so they are removed before looking at it.
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f]/g, '');
  const colon = compact.indexOf(':');
  if (colon === -1) return url;
  // A colon after the first '/', '?' or '#' belongs to a relative path, query or fragment.
  const firstDelimiter = compact.search(/[/?#]/);
  if (firstDelimiter !== -1 && firstDelimiter < colon) return url;
  const scheme = compact.slice(0, colon).toLowerCase();
  return ALLOWED_SCHEMES.has(scheme) ? url : '';
}
