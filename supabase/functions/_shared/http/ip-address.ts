// IP addresses as rate-limit keys (docs/decisions/033-client-address-behind-proxies.md).
// One IPv6 subscriber usually holds a whole /64, so keying each full IPv6
// address would give one client 2^64 keys: an IPv6 address counts by its
// first 64 bits. Runs under Node and Deno alike (no node:net here).

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

export function isIPv4(value: string): boolean {
  return IPV4.test(value)
}

/**
 * The eight 16-bit groups of an IPv6 address, or null when `value` is not one.
 * Accepts `::` shortening, an IPv4 tail (`::ffff:192.0.2.1`) and a zone
 * (`fe80::1%eth0`, dropped).
 */
export function ipv6Groups(value: string): number[] | null {
  let text = value.toLowerCase()
  const zone = text.indexOf('%')
  if (zone >= 0) text = text.slice(0, zone)
  if (!/^[0-9a-f:.]+$/.test(text) || text.length > 45) return null
  if (text.includes('.')) {
    // An IPv4 tail is two groups written another way.
    const lastColon = text.lastIndexOf(':')
    const v4 = text.slice(lastColon + 1)
    if (lastColon < 0 || !isIPv4(v4)) return null
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const parse = (part: string) => (part === '' ? [] : part.split(':'))
  const head = parse(halves[0] ?? '')
  const rest = halves.length === 2 ? parse(halves[1] ?? '') : []
  const groups: number[] = []
  for (const group of [...head, ...rest]) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null
    groups.push(parseInt(group, 16))
  }
  if (halves.length === 2) {
    if (groups.length >= 8) return null
    groups.splice(head.length, 0, ...new Array<number>(8 - groups.length).fill(0))
  } else if (groups.length !== 8) {
    return null
  }
  return groups
}

export function isIP(value: string): boolean {
  return isIPv4(value) || ipv6Groups(value) !== null
}

/**
 * The key a client address counts under: an IPv4 address as it is (also when
 * written as IPv4-mapped IPv6), an IPv6 address as its /64 network
 * (`2001:db8:1:2::/64`), and anything else (a runtime that names no address)
 * as given, cut to 64 characters.
 */
export function addressKey(value: string): string {
  const text = value.trim()
  if (isIPv4(text)) return text
  const groups = ipv6Groups(text)
  if (!groups) return text.slice(0, 64)
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6)
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}
