import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "./spec.js";

const run = promisify(execFile);

export interface TscResult {
  code: number;
  /** One diagnostic per line (`--pretty false`). */
  diagnostics: string[];
}

/**
 * The strictest settings a demanding consumer compiles generated code with: @tsconfig/strictest's
 * checks, plus isolatedDeclarations and verbatimModuleSyntax, NodeNext resolution.
 */
export const STRICTEST = {
  target: "ES2022",
  module: "NodeNext",
  moduleResolution: "NodeNext",
  strict: true,
  exactOptionalPropertyTypes: true,
  noPropertyAccessFromIndexSignature: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  allowUnusedLabels: false,
  allowUnreachableCode: false,
  isolatedDeclarations: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noEmit: true,
  declaration: true,
  skipLibCheck: true,
  types: [],
};

/** The historical name: the suite's strict settings are the strictest ones. */
export const STRICT_NODENEXT = STRICTEST;

/** Writes a tsconfig.json into `dir` and runs the project's TypeScript on it. */
export async function tsc(dir: string, compilerOptions: object, include: string[]): Promise<TscResult> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include }, null, 2));
  try {
    await run(process.execPath, [join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", dir, "--pretty", "false"], { maxBuffer: 64 << 20 });
    return { code: 0, diagnostics: [] };
  } catch (error) {
    const e = error as { code?: number; stdout?: string };
    const diagnostics = (e.stdout ?? "").split("\n").filter((line) => /error TS\d+/.test(line));
    return { code: e.code ?? 1, diagnostics };
  }
}
