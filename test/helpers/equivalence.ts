import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** Import specifier from one file to a .ts module, in the `.js` form NodeNext/bundler resolve. */
export function importPath(fromFile: string, toTsFile: string): string {
  const path = relative(dirname(fromFile), toTsFile).replace(/\\/g, "/").replace(/\.ts$/, ".js");
  return path.startsWith(".") ? path : `./${path}`;
}

/**
 * A module of compile-time assertions: for every exported type X of the spec's schema.ts,
 * generated X and spec X are mutually assignable, the validator's input and output are spec Xs,
 * and a spec X is a valid input (what a caller holding values typed by the spec's interfaces
 * hands to an API typed by `z.input`).
 */
export function writeEquivalenceModule(file: string, specSchema: string, generatedIndex: string, generatedSchemas: string, names: string[]): void {
  const lines = [
    `import type { z } from "zod";`,
    `import type * as Spec from "${importPath(file, specSchema)}";`,
    `import type * as Gen from "${importPath(file, generatedIndex)}";`,
    `import type * as S from "${importPath(file, generatedSchemas)}";`,
    ``,
    `type Extends<A, B> = [A] extends [B] ? true : false;`,
    `type Holds<T extends true> = T;`,
    ``,
  ];
  for (const name of names) {
    lines.push(
      `export type ${name}_GeneratedIsSpec = Holds<Extends<Gen.${name}, Spec.${name}>>;`,
      `export type ${name}_SpecIsGenerated = Holds<Extends<Spec.${name}, Gen.${name}>>;`,
      `export type ${name}_ParseOutputIsSpec = Holds<Extends<z.output<typeof S.${name}Schema>, Spec.${name}>>;`,
      `export type ${name}_ParseInputIsSpec = Holds<Extends<z.input<typeof S.${name}Schema>, Spec.${name}>>;`,
      `export type ${name}_SpecIsParseInput = Holds<Extends<Spec.${name}, z.input<typeof S.${name}Schema>>>;`,
    );
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${lines.join("\n")}\n`);
}

export function equivalenceFile(root: string, revision: string): string {
  return join(root, revision, "equivalence.ts");
}
