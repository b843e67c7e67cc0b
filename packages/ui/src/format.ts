/**
 * Dates, times, numbers and money in the page's language, never the browser's (`toLocaleString()` without a
 * locale writes a Chinese page's dates in English on an English browser, and the reverse). Shared by the site,
 * the admin area and plugins (through the plugin SDK). Intl is built into every engine: no locale tables ship.
 * Two modules, so a first page that writes only times does not carry the number formatters.
 */
export * from './format-time.js';
export * from './format-number.js';
