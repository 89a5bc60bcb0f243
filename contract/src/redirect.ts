/**
 * The one check of every redirect target that comes from outside (`?redirect=`, the way back an
 * external sign-in or a code form keeps): the page, the sign-in scripts and the API's federated
 * sign-in all take it from here. An open redirect would hand a signed-in visitor to anyone.
 *
 * The target is parsed as a URL against the site's public address (PUBLIC_URL) and kept only when
 * it stays on that origin. Before that, whatever a browser, a proxy or a header reads differently
 * from the URL parser is refused outright: control characters (the parser drops tabs and newlines,
 * so `/\t/evil.example` is `//evil.example`, and a newline cannot be sent in a Location header at
 * all), backslashes (read as slashes), Unicode line and paragraph separators and direction marks,
 * encoded slashes and backslashes (`%2f`, `%5c`), and percent-encoding that is not valid UTF-8
 * (overlong `%C0%AF`) or whose decoding hides any of these. Anything else: `fallback`.
 *
 * Answers the target as a path with its query and fragment, so it stays on whichever host served
 * the page (a first try on another address than PUBLIC_URL).
 */
export function siteRedirect(value: unknown, publicUrl: string, fallback = '/'): string {
  if (typeof value !== 'string' || value === '' || value.length > MAX_REDIRECT_LENGTH) return fallback;
  if (UNSAFE.test(value) || ENCODED_SEPARATOR.test(value)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (UNSAFE.test(decoded)) return fallback;
  // A path of this site, or an absolute address on its origin; never a relative one (`evil.example`).
  if (!value.startsWith('/') && !/^https?:\/\//i.test(value)) return fallback;
  let site: URL;
  let target: URL;
  try {
    site = new URL(publicUrl);
    target = new URL(value, site);
  } catch {
    return fallback;
  }
  if (target.origin !== site.origin) return fallback;
  // The path is answered without its origin: one the parser normalised to `//host` (`/.//evil.example`,
  // `https://site//evil.example`) would be another site's address in a Location header.
  if (target.pathname.startsWith('//')) return fallback;
  return `${target.pathname}${target.search}${target.hash}`;
}

/** Longer than any way back the site writes (a page with its filters): refused rather than carried. */
export const MAX_REDIRECT_LENGTH = 2000;

/**
 * C0 and C1 controls, backslash, U+FFFD (what a browser makes of bytes that are not UTF-8), the line
 * and paragraph separators, and the direction marks and overrides.
 */
const UNSAFE = /[\p{Cc}\\\ufffd\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const ENCODED_SEPARATOR = /%(2f|5c)/i;
