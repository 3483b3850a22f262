// The product's messages and limits (messages.ts), without zod: the public
// page's contact form may import these and stay small.
export * from '../messages.ts'
