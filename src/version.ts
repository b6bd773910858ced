import { readFileSync } from "node:fs";

/** The package version, recorded in every generated file's header and in the manifest. */
export const GENERATOR_VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;

/** The package's root folder (for templates and the default schema/ folder). */
export const PACKAGE_ROOT = new URL("../", import.meta.url);
