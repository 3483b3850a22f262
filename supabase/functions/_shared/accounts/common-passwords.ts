// New passwords may not be one of the most common ones: a stolen list of
// them is the first thing tried against any sign-in. The list ships with the
// product and is read here, on the server only, with no network call
// (docs/decisions/042-reauthentication-and-common-passwords.md).
import { COMMON_PASSWORDS } from './common-password-list.ts'
import { badRequest } from '../http/errors.ts'

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose another.'

let common: ReadonlySet<string> | undefined

/** Whether `password` is on the list, whatever its letters' case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS)
  return common.has(password.toLowerCase())
}

/**
 * 400 for a common new password, with the message on the field that held it.
 * Called after the schema, so the spec's own rules and words come first.
 */
export function refuseCommonPassword(password: string | undefined, field = 'password'): void {
  if (password !== undefined && isCommonPassword(password))
    throw badRequest(COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE })
}
