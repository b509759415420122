/**
 * A readable browser and device from a User-Agent header, for the profile's session list. Only
 * the common families; anything else is shown as unknown. Never used for security decisions.
 */
export function describeUserAgent(ua: string | null | undefined): { browser: string | null; device: string | null } {
  if (!ua) return { browser: null, device: null };
  const browser =
    /Edg\//.test(ua) ? "Edge"
    : /OPR\/|Opera/.test(ua) ? "Opera"
    : /Firefox\//.test(ua) ? "Firefox"
    : /(Chrome|Chromium|CriOS)\//.test(ua) ? "Chrome"
    : /Safari\//.test(ua) && /Version\//.test(ua) ? "Safari"
    : null;
  const device =
    /iPhone/.test(ua) ? "iPhone"
    : /iPad/.test(ua) ? "iPad"
    : /Android/.test(ua) ? "Android"
    : /Windows/.test(ua) ? "Windows"
    : /Mac OS X|Macintosh/.test(ua) ? "Mac"
    : /CrOS/.test(ua) ? "ChromeOS"
    : /Linux/.test(ua) ? "Linux"
    : null;
  return { browser, device };
}
