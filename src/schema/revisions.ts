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
  /** Official extensions' schemas by short name (`tasks`, `apps`), each from its own repository or package. */
  extensions?: Record<string, PinnedExtension>;
}

export interface PinnedExtension extends PinnedRevision {
  /** Where to download it (its repository's raw file at the pinned commit, or its published package's file). */
  url: string;
  /** Its identifier (`vendor/name`), for a schema whose header does not state it. */
  id?: string;
}

export function readPins(): RevisionPins {
  return JSON.parse(readFileSync(new URL("schema/revisions.json", PACKAGE_ROOT), "utf8")) as RevisionPins;
}
