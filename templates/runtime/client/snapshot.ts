// Whether a result that repeats the server's info (`_meta` serverInfo) says anything new.

/** Both the same flat info (name, version… of primitive values): a result that repeats the server's info changes nothing. */
export function sameInfo(a: { [key: string]: unknown }, b: { [key: string]: unknown } | undefined): boolean {
  if (b === undefined) return false;
  let count = 0;
  for (const key in a) {
    if (!Object.hasOwn(a, key)) continue;
    const value = a[key];
    if ((value !== null && typeof value === "object") || value !== b[key] || !Object.hasOwn(b, key)) return false;
    count++;
  }
  return count === Object.keys(b).length;
}
