// Visit statistics (docs/PRODUCT.md §17, docs/decisions/027-visit-statistics.md):
// the settings, and what the API decides before an event reaches the
// database: who is not counted at all (Do Not Track, Global Privacy Control,
// robots), and what little of the page's address and referrer is kept.

export interface StatsSettings {
  /** Days raw events are kept before only their daily rollups remain (STATS_RETENTION_DAYS). */
  retentionDays: number
  /** Events one address may send per minute (STATS_EVENTS_PER_MINUTE); more answer 429. */
  eventsPerMinute: number
}

export const DEFAULT_STATS_SETTINGS: StatsSettings = { retentionDays: 30, eventsPerMinute: 60 }

function wholeSetting(
  value: (name: string) => string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = value(name)?.trim()
  if (!raw) return fallback
  const number = Number(raw)
  if (!/^\d+$/.test(raw) || number < min || number > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`)
  return number
}

/** STATS_RETENTION_DAYS (0 to 3650, default 30) and STATS_EVENTS_PER_MINUTE (1 to 1,000,000, default 60). */
export function readStatsSettings(value: (name: string) => string | undefined): StatsSettings {
  return {
    retentionDays: wholeSetting(
      value,
      'STATS_RETENTION_DAYS',
      DEFAULT_STATS_SETTINGS.retentionDays,
      0,
      3650,
    ),
    eventsPerMinute: wholeSetting(
      value,
      'STATS_EVENTS_PER_MINUTE',
      DEFAULT_STATS_SETTINGS.eventsPerMinute,
      1,
      1_000_000,
    ),
  }
}

/**
 * Robots, crawlers, link previewers, monitors and scripts by their User-Agent.
 * Headless browsers count as robots too: people do not browse with them.
 */
const ROBOT =
  /bot\b|bot[/;_-]|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|lighthouse|pagespeed|headless|phantomjs|puppeteer|playwright|selenium|curl\/|wget|python-|httpclient|okhttp|go-http-client|java\/|node-fetch|axios|undici|monitor|uptime|pingdom|feedfetcher|^$/i

export function isRobot(userAgent: string | undefined): boolean {
  return ROBOT.test((userAgent ?? '').trim())
}

/** The visitor asked not to be followed: `DNT: 1` or `Sec-GPC: 1`. */
export function optedOut(header: (name: string) => string | undefined): boolean {
  return header('dnt')?.trim() === '1' || header('sec-gpc')?.trim() === '1'
}

/** Only the host of an http(s) referrer, lower case; nothing for anything else. */
export function referrerHost(referrer: string | null | undefined): string | null {
  if (!referrer) return null
  try {
    const url = new URL(referrer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return url.hostname.toLowerCase().slice(0, 255) || null
  } catch {
    return null
  }
}

/** Control characters: a NUL cannot be stored in text, the others have no place in a name. */
const CONTROL = /\p{Cc}/gu

/**
 * The page's path without its query, and the two utm_* values kept from the
 * query. Never throws: visitEventSchema refuses what a browser would read as
 * another site's address, and anything `URL` still cannot parse is cut at its
 * query by hand, with no utm value.
 */
export function pageOf(path: string): {
  path: string
  utmSource: string | null
  utmCampaign: string | null
} {
  let url: URL
  try {
    url = new URL(path, 'http://page.invalid')
  } catch {
    return { path: path.split(/[?#]/)[0]!.slice(0, 300), utmSource: null, utmCampaign: null }
  }
  const utm = (name: string) =>
    url.searchParams.get(name)?.replace(CONTROL, '').trim().slice(0, 100) || null
  return {
    path: url.pathname.slice(0, 300),
    utmSource: utm('utm_source'),
    utmCampaign: utm('utm_campaign'),
  }
}
