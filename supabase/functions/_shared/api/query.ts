// Query parameters as zod schemas that keep the contract's own messages. A
// query string is text, so each schema reads text and outputs the value the
// route uses; the OpenAPI document describes that value (contract/openapi.ts).
import { z } from 'zod'
import { languageTag } from '../contract/schemas.ts'

/** A whole number from `min` to `max` written in digits only (no sign, no exponent); else 400 with `message`. */
export const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message))

/** One of `values`, as written; else 400 with `message`. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message })

/** `true` or `false`, as a boolean; else 400 with `message`. */
export const trueOrFalse = (message: string) =>
  z
    .enum(['true', 'false'], { error: message })
    .transform((value) => value === 'true')
    .pipe(z.boolean())

/**
 * `lang`: a language tag (BCP 47) in its canonical case (`pt-br` reads as
 * pt-BR); else 400 'Not a language tag: …'. Whether it is one of the site's
 * languages is the handler's to check, in the transaction that reads it.
 */
export const languageParam = () =>
  languageTag
    .optional()
    .describe(
      "One of the site's languages (GET /languages): the texts in it, each falling back to the default language's where it has none; the default language when absent",
    )

/**
 * `?lang=`: a visitor's read for a page in one of the site's other languages
 * (docs/PRODUCT.md §23), read as languageParam reads it (the same 400 'Not a
 * language tag: …'). Whether the site has it is the route's check (it reads
 * the languages).
 */
export const languageQuery = z.object({
  lang: languageParam().describe(
    "A language of the site other than the default: each item's `translations` holds that language's texts alone",
  ),
})
export type LanguageQuery = z.output<typeof languageQuery>
