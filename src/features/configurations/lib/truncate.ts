/** docs/PRODUCT.md §9: configuration values are shown truncated at 50 characters. */
export const VALUE_PREVIEW_LENGTH = 50

/** The first `max` characters plus '...' when longer; unchanged otherwise. */
export function truncateValue(value: string, max = VALUE_PREVIEW_LENGTH): string {
  // Array.from counts code points, so an emoji is never cut in half.
  const chars = Array.from(value)
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : value
}
