// A passkey authenticator in software, for the API tests: it answers the
// options the API hands out the way a browser and a platform authenticator
// would (WebAuthn Level 3: attestation "none", ES256 keys on P-256, a
// signature counter), so the server's checks run on real answers. Tests may
// bend any part of an answer (origin, relying party, counter, flags) to see
// it refused.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'

// CBOR (RFC 8949), only what attestation objects and COSE keys use.
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor }

function head(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length]
  if (length < 0x100) return [(major << 5) | 24, length]
  if (length < 0x10000) return [(major << 5) | 25, length >> 8, length & 0xff]
  return [
    (major << 5) | 26,
    (length >>> 24) & 0xff,
    (length >> 16) & 0xff,
    (length >> 8) & 0xff,
    length & 0xff,
  ]
}

export function cbor(value: Cbor): Uint8Array {
  const out: number[] = []
  const write = (item: Cbor) => {
    if (typeof item === 'number') {
      if (item >= 0) out.push(...head(0, item))
      else out.push(...head(1, -1 - item))
    } else if (typeof item === 'string') {
      const bytes = new TextEncoder().encode(item)
      out.push(...head(3, bytes.length), ...bytes)
    } else if (item instanceof Uint8Array) {
      out.push(...head(2, item.length), ...item)
    } else {
      const entries: [Cbor, Cbor][] = item instanceof Map ? [...item] : Object.entries(item)
      out.push(...head(5, entries.length))
      for (const [key, child] of entries) {
        write(key)
        write(child)
      }
    }
  }
  write(value)
  return Uint8Array.from(out)
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const sha256 = (bytes: Uint8Array | string) =>
  new Uint8Array(createHash('sha256').update(bytes).digest())
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]))
const uint32 = (n: number) =>
  Uint8Array.from([(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff])

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01
const UV = 0x04
const AT = 0x40

export interface SoftCredential {
  id: string
  privateKey: KeyObject
  /** The COSE form of the public key (EC2, ES256, P-256). */
  cosePublicKey: Uint8Array
  counter: number
  userHandle: string
}

export interface Bend {
  /** The page's origin the browser reports (clientDataJSON.origin). */
  origin?: string
  /** The relying party id the authenticator hashes into its data. */
  rpId?: string
  /** The challenge signed, in place of the options'. */
  challenge?: string
  /** The signature counter to report (otherwise the last one plus one). */
  counter?: number
  /** Whether the user was verified (UV flag); true unless told. */
  userVerified?: boolean
}

function newCredential(userHandle: string): SoftCredential {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const cosePublicKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  )
  const id = b64url(crypto.getRandomValues(new Uint8Array(16)))
  return { id, privateKey, cosePublicKey, counter: 0, userHandle }
}

/** The options' fields the authenticator reads (the API's JSON answers). */
interface CreationOptions {
  challenge: string
  rp: { id?: string }
  user: { id: string }
}
interface RequestOptions {
  challenge: string
  rpId?: string
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = []

  constructor(private readonly site: { origin: string; rpId: string }) {}

  private clientData(type: string, challenge: string, bend: Bend) {
    return JSON.stringify({
      type,
      challenge: bend.challenge ?? challenge,
      origin: bend.origin ?? this.site.origin,
      crossOrigin: false,
    })
  }

  private flags(bend: Bend, extra = 0) {
    return Uint8Array.of(UP | (bend.userVerified === false ? 0 : UV) | extra)
  }

  /**
   * A new passkey for `options` (navigator.credentials.create), as
   * RegistrationResponseJSON; or, given `again`, that passkey offered a second time.
   */
  register(options: CreationOptions, bend: Bend = {}, again?: SoftCredential) {
    const credential = again ?? newCredential(options.user.id)
    const rpId = bend.rpId ?? options.rp.id ?? this.site.rpId
    const idBytes = new Uint8Array(Buffer.from(credential.id, 'base64url'))
    const authData = concat(
      sha256(rpId),
      this.flags(bend, AT),
      uint32(bend.counter ?? credential.counter),
      new Uint8Array(16), // AAGUID: none
      Uint8Array.of(idBytes.length >> 8, idBytes.length & 0xff),
      idBytes,
      credential.cosePublicKey,
    )
    if (!again) this.credentials.push(credential)
    return {
      credential,
      response: {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, bend)),
          attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      },
    }
  }

  /** An assertion for `options` (navigator.credentials.get) as AuthenticationResponseJSON. */
  assert(options: RequestOptions, credential = this.credentials[0], bend: Bend = {}) {
    if (!credential) throw new Error('The soft authenticator holds no passkey')
    const rpId = bend.rpId ?? options.rpId ?? this.site.rpId
    const counter = bend.counter ?? credential.counter + 1
    credential.counter = Math.max(credential.counter, counter)
    const authData = concat(sha256(rpId), this.flags(bend), uint32(counter))
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, bend)
    const signature = sign(
      'sha256',
      concat(authData, sha256(clientDataJSON)),
      credential.privateKey,
    )
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    }
  }
}
