/** Code-unit order: the same on every machine and locale (unlike localeCompare). */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
