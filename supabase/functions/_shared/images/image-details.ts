// How a project's image details are stored: one object keyed by image URL
// (supabase/schemas/05_content.sql), while the contract speaks a list in gallery order.
import type { ImageDetailInput } from '../contract/schemas.ts'

/**
 * The stored shape of `imageDetails` (supabase/schemas/05_content.sql): an object by
 * URL. An empty or absent alt is left out, so the database writes the default.
 */
export function detailsByUrl(list: ImageDetailInput[]): Record<string, Record<string, unknown>> {
  const map: Record<string, Record<string, unknown>> = {}
  for (const { url, alt, width, height, cardUrl } of list) {
    map[url] = {
      ...(alt ? { alt } : {}),
      width: width ?? null,
      height: height ?? null,
      cardUrl: cardUrl ?? null,
    }
  }
  return map
}
