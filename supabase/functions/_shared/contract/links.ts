// Which links may be rendered (links.ts): http(s) and mailto only, never `javascript:`.
export * from '../links.ts'
