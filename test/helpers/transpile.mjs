// Turns a folder of generated .ts into runnable .js (type-only code erased), for tests and
// benchmarks that run the generated validators in a plain node process.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

export function transpileFolder(from, to) {
  mkdirSync(to, { recursive: true });
  for (const file of readdirSync(from).filter((f) => f.endsWith(".ts"))) {
    const { outputText } = ts.transpileModule(readFileSync(join(from, file), "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      fileName: file,
    });
    writeFileSync(join(to, file.replace(/\.ts$/, ".js")), outputText);
  }
  return to;
}
