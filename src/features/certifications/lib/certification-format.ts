/** Today's local calendar date as 'YYYY-MM-DD' (the create form's default, docs/PRODUCT.md §3). */
export function todayLocal(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export const DEFAULT_CERTIFICATION_ICON = '☁️'
