// Which TypeScript `migrate` runs to check a project (issue 51 item 7): the project's own, from
// node_modules/typescript in the tsconfig's folder, else the copy mcp-gen bundles; never one found
// in a folder above the project, which anyone who can write to a shared parent could plant.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkProject, projectDiagnostics } from "../../src/migrate/program.js";
import { typescript } from "../../src/transpile/index.js";

const work = mkdtempSync(join(tmpdir(), "mcp-gen-migrate-compiler-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
/** The repository's own TypeScript, which a project's node_modules/typescript below stands in front of. */
const realTypeScript = createRequire(import.meta.url).resolve("typescript");

/** A node_modules/typescript under `at` whose loading writes `marker`, then throws or hands over the real compiler. */
function plant(at: string, marker: string, then: "throw" | "load the real one"): void {
  const dir = join(at, "node_modules", "typescript");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "typescript", version: "9.9.9", main: "index.js" }));
  const end = then === "throw" ? `throw new Error("planted TypeScript ran");` : `module.exports = require(${JSON.stringify(realTypeScript)});`;
  writeFileSync(join(dir, "index.js"), `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran");\n${end}\n`);
}

/** A one-file project at `dir` with a type error on line 2 (no default library: the check stays cheap). */
function project(dir: string): string {
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, noLib: true, types: [] }, include: ["src"] }));
  writeFileSync(join(dir, "src", "a.ts"), `export const ok: number = 1;\nexport const bad: number = "one";\n`);
  return join(dir, "tsconfig.json");
}

const errorLines = (checked: ReturnType<typeof checkProject>) =>
  projectDiagnostics(checked).map((d) => d.file!.getLineAndCharacterOfPosition(d.start!).line + 1);

describe("the compiler migrate runs", () => {
  it("a node_modules/typescript two levels above the project is never loaded: the bundled copy checks it", () => {
    const marker = join(work, "planted-above-ran");
    plant(work, marker, "throw");
    const checked = checkProject(project(join(work, "outer", "project")), () => undefined);
    expect(existsSync(marker), "the planted TypeScript ran").toBe(false);
    expect(checked.ts).toBe(typescript());
    expect(errorLines(checked)).toEqual([2]);
  });

  it("the project's own node_modules/typescript (in the tsconfig's folder) is the one that checks it", () => {
    const dir = join(work, "own");
    const marker = join(work, "own-ran");
    plant(dir, marker, "load the real one");
    const checked = checkProject(project(dir), () => undefined);
    expect(existsSync(marker)).toBe(true);
    expect(checked.ts).toBe(createRequire(import.meta.url)(realTypeScript));
    expect(errorLines(checked)).toEqual([2]);
  });

  it("a project's own TypeScript that fails to load is an error naming it, not a silent switch of compiler", () => {
    const dir = join(work, "broken");
    plant(dir, join(work, "broken-ran"), "throw");
    expect(() => checkProject(project(dir), () => undefined)).toThrow(/cannot load the project's TypeScript \(\S+broken\/node_modules\/typescript\): planted TypeScript ran; repair or remove it/);
  });
});
