// Visitors' writes (POST /contact, POST /events) are refused when another
// site's page sends them, or sends a body of another type (cross-site.ts).
import * as answers from '../contract/responses.ts'
import { ok, type Answer } from './operation.ts'

/** A visitor's write sent by another site's page, or in another type (cross-site.ts). */
export const crossSiteRefusals: Record<number, Answer> = {
  403: ok(
    'Sent from another site (Origin, Sec-Fetch-Site) not in ALLOWED_ORIGINS',
    answers.errorBody,
  ),
  415: ok('The body is not of a type this call reads', answers.errorBody),
}
