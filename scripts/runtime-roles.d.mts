// Declarations of runtime-roles.mjs for the tests that import it (test/write/runtime-roles.test.ts).
import type { RoleModules } from "../src/write/runtime-roles.js";

export declare function roleModules(jsByPath: ReadonlyMap<string, string>): Promise<RoleModules>;
