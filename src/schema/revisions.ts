import { readFileSync } from "node:fs";
import { PACKAGE_ROOT } from "../version.js";

export interface PinnedRevision {
  /** Path of schema.ts relative to the spec root (and to `baseUrl`). */
  path: string;
  sha256: string;
}

export interface RevisionPins {
  repository: string;
  commit: string;
  baseUrl: string;
  revisions: Record<string, PinnedRevision>;
  /** Official extensions' schema.ts by short name (`tasks`), each from its own repository. */
  extensions?: Record<string, PinnedExtension>;
}

export interface PinnedExtension extends PinnedRevision {
  /** Where to download it (its repository's raw file at the pinned commit). */
  url: string;
}

export function readPins(): RevisionPins {
  return JSON.parse(readFileSync(new URL("schema/revisions.json", PACKAGE_ROOT), "utf8")) as RevisionPins;
}
