// Where GET /configs/all-as-object?lang= puts the values in that language
// (docs/PRODUCT.md §23): `{ "_translations": { "fr": { "heroTitle1": "…" } } }`
// beside the names. A configuration's name starts with a letter, so no name
// can take this key. Its own file: the API's answers and the public bundle
// both read it, and the bundle must not import zod.
export const TRANSLATIONS_KEY = '_translations'
