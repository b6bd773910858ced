// Turns a folder of generated .ts (and its subfolders) into runnable .js (type-only code erased),
// for tests and benchmarks that run the generated validators in a plain node process.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

export function transpileFolder(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      transpileFolder(join(from, entry.name), join(to, entry.name));
      continue;
    }
    if (!entry.name.endsWith(".ts")) continue;
    const { outputText } = ts.transpileModule(readFileSync(join(from, entry.name), "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      fileName: entry.name,
    });
    writeFileSync(join(to, entry.name.replace(/\.ts$/, ".js")), outputText);
  }
  return to;
}
