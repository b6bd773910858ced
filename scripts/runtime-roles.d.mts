// Declarations of runtime-roles.mjs for the tests that import it (test/transpile/runtime-roles.test.ts).
import type { RoleModules } from "../src/transpile/runtime-roles.js";

export declare function roleModules(jsByPath: ReadonlyMap<string, string>): Promise<RoleModules>;
