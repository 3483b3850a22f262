// Checks an answer of the API against its OpenAPI document (GET /openapi.json,
// supabase/functions/_shared/contract/openapi.ts): the status must be one the
// operation lists, and a JSON body must match that status's schema. The
// contract suite runs every answer it receives through this, on every target,
// so the document cannot drift from what the API does.
import { Ajv2020 } from 'ajv/dist/2020.js'

interface Document {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>
}
interface ResponseObject {
  content?: Record<string, { schema?: object }>
}

export interface ContractCheck {
  /** Throws when the answer is not what the document says; unknown paths are left alone. */
  check(method: string, pathname: string, status: number, body: unknown, contentType: string): void
}

/**
 * Compiling the document's schemas cost 0.1 to 0.15 s of CPU per file, and
 * every validator compiled later adds to it; the api project keeps a worker's
 * modules from one file to the next (vitest.config.ts), so a document the
 * worker has seen, byte for byte, reuses its checker and validators.
 */
const checkers = new Map<string, ContractCheck>()

/** The checker of the document in `text` (GET /openapi.json's body), compiled once per worker. */
export function contractCheckOf(text: string): ContractCheck {
  let checker = checkers.get(text)
  if (!checker) {
    checker = contractCheck(JSON.parse(text) as Document)
    checkers.set(text, checker)
  }
  return checker
}

export function contractCheck(document: Document): ContractCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
  ajv.addSchema(document, 'openapi')
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
  }))
  const validators = new Map<string, ReturnType<typeof ajv.compile>>()

  const pointer = (...parts: string[]) =>
    parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')

  return {
    check(method, pathname, status, body, contentType) {
      // A literal path wins over a template (/configs/all-as-object over /configs/{id}).
      const match =
        templates.find((t) => t.template === pathname) ??
        templates.find((t) => t.pattern.test(pathname))
      const operation = match && document.paths[match.template]?.[method.toLowerCase()]
      if (!match || !operation) return
      const where = `${method} ${match.template}`
      const answer = operation.responses[String(status)]
      if (!answer)
        throw new Error(
          `${where} answered ${status}, which its OpenAPI operation does not list (it lists ${Object.keys(operation.responses).join(', ')})`,
        )
      if (!contentType.includes('application/json') || body === null || body === undefined) return
      const schema = answer.content?.['application/json']?.schema
      if (!schema)
        throw new Error(
          `${where} answered ${status} with JSON, and the document gives it no JSON body`,
        )
      const key = `${match.template} ${method} ${status}`
      let validate = validators.get(key)
      if (!validate) {
        const ref = `openapi#/${pointer('paths', match.template, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`
        validate = ajv.compile({ $ref: ref })
        validators.set(key, validate)
      }
      if (!validate(body))
        throw new Error(
          `${where} answered ${status} with a body the OpenAPI document does not allow: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
        )
    },
  }
}
