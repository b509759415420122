/**
 * Shared Intl formatters. Making one costs 50–80 µs (ICU data lookups); using one costs about
 * 1 µs, and they hold no state. A page render made several per chart or table, so every
 * formatter is made once per locale and options and reused by every render, on the server and in
 * the browser. Only code-given locales and options are passed here (a handful of keys); input
 * from people (a time zone to validate, say) makes its own formatter.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function shared<F>(cache: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return shared(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return shared(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}
