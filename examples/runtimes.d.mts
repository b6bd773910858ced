/** The path of the `deno`, `bun` or `workerd` binary installed under `root` (default: this repository), the platform package's first; throws with what was looked at when there is none. */
export function runtimeBinary(name: "deno" | "bun" | "workerd", root?: string): string;
