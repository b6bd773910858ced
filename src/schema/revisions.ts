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
}

export function readPins(): RevisionPins {
  return JSON.parse(readFileSync(new URL("schema/revisions.json", PACKAGE_ROOT), "utf8")) as RevisionPins;
}
