// The test suites' databases hash passwords at bcrypt's least cost, 4, where
// the product's default is 10: the same code, 64 times less work per hash.
// Registering, signing in and re-authenticating are in nearly every API test
// file, and on PGlite each hash is computed in WebAssembly; at cost 10 hashing
// was about 45 s of the api project's 290 s of CPU
// (docs/decisions/088-password-cost-as-a-setting.md). Applied once to each
// migrated template, so every database made from it has it.
export const TEST_PASSWORD_COST = 4

/** The statement that lowers it, for a privileged connection to a migrated database. */
export const LOWER_PASSWORD_COST = `update app.password_hashing set cost = ${TEST_PASSWORD_COST}`
