// The registry of resources as the browser app may read it (docs/decisions/081):
// which fields each translated resource holds in other languages, and the back
// office's query keys. The registry itself is api/registry.ts, data only.
export { RESOURCES, TRANSLATABLE, type RegisteredResource } from '../api/registry.ts'
