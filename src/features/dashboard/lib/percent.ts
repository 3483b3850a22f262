/** Share of `part` in `total` as a whole percent; 0 when there is nothing (spec: "0 if none"). */
export function percentOf(part: number, total: number): number {
  if (!total) return 0
  return Math.round((part / total) * 100)
}
