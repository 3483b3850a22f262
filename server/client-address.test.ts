// Who the client is, from the socket and a trusted proxy's header
// (server/client-address.ts), and how an address becomes a rate-limit key
// (supabase/functions/_shared/http/ip-address.ts).
import { describe, expect, test } from 'vitest'
import { readProxyTrust, resolveClientAddress, sharedAddressWarning } from './client-address.ts'
import { addressKey, ipv6Groups } from '../supabase/functions/_shared/http/ip-address.ts'

const headers = (values: Record<string, string>) => (name: string) => values[name]

describe('resolveClientAddress', () => {
  const trust = readProxyTrust({ TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8:ffff::/48' })

  test('a peer that is not trusted is the client, whatever it sends', () => {
    const sent = headers({ 'x-forwarded-for': '198.51.100.1', forwarded: 'for=198.51.100.2' })
    expect(resolveClientAddress('203.0.113.5', sent, trust)).toBe('203.0.113.5')
    expect(resolveClientAddress('::ffff:203.0.113.5', sent, trust)).toBe('203.0.113.5')
    expect(resolveClientAddress('203.0.113.5', sent, readProxyTrust({}))).toBe('203.0.113.5')
  })

  test('behind trusted proxies, the rightmost address that is not one of them', () => {
    const chain = headers({ 'x-forwarded-for': 'forged, 198.51.100.7, 10.1.2.3' })
    expect(resolveClientAddress('10.0.0.1', chain, trust)).toBe('198.51.100.7')
    const forged = headers({ 'x-forwarded-for': '192.0.2.1, 198.51.100.7' })
    expect(resolveClientAddress('10.0.0.1', forged, trust)).toBe('198.51.100.7')
  })

  test('a missing or unreadable header leaves the proxy itself', () => {
    expect(resolveClientAddress('10.0.0.1', headers({}), trust)).toBe('10.0.0.1')
    const junk = headers({ 'x-forwarded-for': 'not-an-address' })
    expect(resolveClientAddress('10.0.0.1', junk, trust)).toBe('10.0.0.1')
  })

  test('Forwarded: for= values, quoted, bracketed, with ports', () => {
    const forwarded = readProxyTrust({ TRUSTED_PROXIES: 'private', CLIENT_IP_HEADER: 'Forwarded' })
    const value = headers({
      forwarded: 'for=192.0.2.60;proto=http, for="[2001:db8:cafe::17]:4711";by=10.0.0.1',
    })
    expect(resolveClientAddress('192.168.1.1', value, forwarded)).toBe('2001:db8:cafe::17')
    const v4 = headers({ forwarded: 'For="198.51.100.17:8080"' })
    expect(resolveClientAddress('192.168.1.1', v4, forwarded)).toBe('198.51.100.17')
  })

  test('a single-value header such as CF-Connecting-IP', () => {
    const cf = readProxyTrust({ TRUSTED_PROXIES: 'loopback', CLIENT_IP_HEADER: 'CF-Connecting-IP' })
    const value = headers({ 'cf-connecting-ip': '198.51.100.9', 'x-forwarded-for': '192.0.2.1' })
    expect(resolveClientAddress('127.0.0.1', value, cf)).toBe('198.51.100.9')
    expect(resolveClientAddress('::1', value, cf)).toBe('198.51.100.9')
    expect(resolveClientAddress('192.0.2.200', value, cf)).toBe('192.0.2.200')
  })

  test('bad settings stop the start with the reason', () => {
    for (const bad of ['10.0.0.0/33', 'nonsense', '10.0.0.0/8/1', '2001:db8::/129'])
      expect(() => readProxyTrust({ TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES/)
    for (const bad of ['x-forwarded-for:2', 'two words'])
      expect(() => readProxyTrust({ CLIENT_IP_HEADER: bad })).toThrow(/CLIENT_IP_HEADER/)
  })
})

describe('sharedAddressWarning', () => {
  test('one line when visitors come over https and no proxy is trusted', () => {
    const warning = sharedAddressWarning('https://jordan.dev', readProxyTrust({}))
    expect(warning).toMatch(/TRUSTED_PROXIES/)
    expect(warning).not.toContain('\n')
    expect(sharedAddressWarning('http://localhost:3000', readProxyTrust({}))).toBeNull()
    const trusted = readProxyTrust({ TRUSTED_PROXIES: 'loopback' })
    expect(sharedAddressWarning('https://jordan.dev', trusted)).toBeNull()
  })
})

describe('addressKey', () => {
  test('an IPv6 address counts by its /64', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:DB8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })

  test('IPv4, also IPv4-mapped, stays itself; anything else is cut, not trusted', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1')
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1')
    expect(addressKey('::ffff:c000:201')).toBe('192.0.2.1')
    expect(addressKey('unknown')).toBe('unknown')
    expect(addressKey('x'.repeat(100))).toHaveLength(64)
  })

  test('ipv6Groups reads every spelling and refuses what is not an address', () => {
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
    expect(ipv6Groups('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0])
    expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(ipv6Groups('64:ff9b::192.0.2.33')).toEqual([0x64, 0xff9b, 0, 0, 0, 0, 0xc000, 0x221])
    for (const bad of [
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '12345::',
      'g::',
      ':1:2:3:4:5:6:7',
      '1.2.3.4',
      '',
    ])
      expect(ipv6Groups(bad)).toBeNull()
  })
})
