/** What the public page says when its data cannot be loaded (docs/PRODUCT.md §8). */
export const loadErrorMessage = 'Failed to load data. Please try again later.'
