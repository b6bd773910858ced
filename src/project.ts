// The two facts every layer asks about the user's project: which folder it is, and the sha256 a
// file is known by. They live below both src/schema (the cache, pins) and src/write (manifests),
// so neither has to import the other for them.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The sha256 of a text or file, as hex: what pins, manifests and the vouch record compare. */
export function hashText(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The project folder: the nearest ancestor of `from` with a package.json, else `from`. */
export function projectRoot(from: string = process.cwd()): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dir === dirname(dir)) return resolve(from);
  }
}
