// What the browser app may know of the API's types: the one place the SPA
// imports types from the server folder (a lint rule keeps it so,
// eslint.config.js). Types only: nothing here reaches a bundle.
export type * from '../types.ts'
export type * from '../toolkit/types.ts'
export type { PublishStatus } from '../publish.ts'
export type { SignedUpload } from '../images/image-store.ts'
export type { SignedArchiveUpload } from '../toolkit/archive-store.ts'
