// The request schemas the SPA's forms resolve with, the same ones the API
// validates with (schemas.ts), so the browser and the server say the same thing.
export * from '../schemas.ts'
