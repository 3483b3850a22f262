// What the browser app may know of the API's types: the one place the SPA
// imports types from the server folder (a lint rule keeps it so,
// eslint.config.js). Types only: nothing here reaches a bundle.
// The answers' types are their schemas' outputs (responses.ts); `export type`
// brings the types alone, never the schemas or zod.
export type * from './responses.ts'
