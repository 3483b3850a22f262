/**
 * The test databases' shared memory. PGlite zeroes all of it at every start,
 * and its default (shared_buffers = 128MB, max_connections = 100, for the one
 * connection it has) cost about 0.5 s of CPU per database. A test database
 * holds a few MB, so a smaller cache reads the same rows from memory either
 * way; own-postgres.ts gives its server 16MB as well.
 */
export const TEST_PGLITE_SETTINGS = { shared_buffers: '16MB', max_connections: '10' }
