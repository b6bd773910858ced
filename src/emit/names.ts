import { GeneratorError } from "../errors.js";
import type { SchemaModel, SourceLocation } from "../model/types.js";
import type { OutputFile } from "./common.js";

/**
 * Names a generated module exports, read off its text (the emitter writes one export per
 * statement), each with its meaning: a value, a type, or both (`export { x }` is not told apart).
 * A value and a type of one name in one module are one export (`ErrorCode` const and type).
 */
export function exportedNames(content: string): ExportedName[] {
  const declaredNames: ExportedName[] = [];
  const lists: ExportedName[] = [];
  for (const line of exportLines(content)) {
    const declared = DECLARED_EXPORT.exec(line);
    if (declared) {
      declaredNames.push({ name: declared[2]!, space: declared[1] === "interface" || declared[1] === "type" ? "type" : declared[1] === "class" || declared[1] === "enum" ? "both" : "value" });
      continue;
    }
    const list = LISTED_EXPORT.exec(line);
    if (list) lists.push(...listedNames(list));
  }
  return [...declaredNames, ...lists];
}

// A whole identifier as ECMAScript defines it (Unicode ID_Start / ID_Continue, `$`, `_`, ZWNJ, ZWJ): `CaféArgs`, not `Caf`.
const DECLARED_EXPORT = /^export (?:declare )?(?:abstract )?(?:async )?(const|let|function|class|interface|type|enum)\s+([\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*)/u;
const LISTED_EXPORT = /^export (type )?\{([^}]*)\}(?: from "\.\/([\w.-]+)\.js")?/;

/**
 * The text from each line start that begins with `export ` to the end of the file: found with
 * `indexOf` (a validators file is megabytes of function bodies, scanned here in one pass at
 * memory speed instead of a multiline regular expression trying every line).
 */
function* exportLines(content: string): Generator<string> {
  let at = content.startsWith("export ") ? 0 : content.indexOf("\nexport ");
  while (at >= 0) {
    const start = content[at] === "\n" ? at + 1 : at;
    // An export list may span lines: the rest of the file is passed, the patterns anchor at its start.
    yield content.slice(start);
    at = content.indexOf("\nexport ", start);
  }
}

function listedNames(match: RegExpExecArray): ExportedName[] {
  const names: ExportedName[] = [];
  for (const part of match[2]!.split(",")) {
    const typeOnly = match[1] !== undefined || /^\s*type\s/.test(part);
    const [original, alias] = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/);
    const name = (alias ?? original ?? "").trim();
    if (!name) continue;
    // `export { x } from "./m.js"` without a rename is m's own binding, not a second one.
    const from = match[3] !== undefined && alias === undefined ? `${match[3]}.ts` : undefined;
    names.push({ name, space: typeOnly ? "type" : "both", ...(from ? { from } : {}) });
  }
  return names;
}

export interface ExportedName {
  name: string;
  space: "value" | "type" | "both";
  /** The sibling module whose own export this re-exports unchanged. */
  from?: string;
}

/** Two exports of one name clash unless one is only a value and the other only a type, in the same module. */
function clash(a: { space: string; module: string }, b: { space: string; module: string }): boolean {
  return a.module !== b.module || a.space === b.space || a.space === "both" || b.space === "both";
}

/** Modules a module re-exports with `export *` / `export type *` (relative specifiers, as written). */
function starExports(content: string): string[] {
  return [...content.matchAll(/^export (?:type )?\* from "\.\/([\w.-]+)\.js";/gm)].map((m) => `${m[1]}.ts`);
}

/**
 * Every name index.ts exports must come from one module only: a schema's `Foo` beside its own
 * `FooSchema`, a constant named like a generated export (`PROTOCOL_VERSION`, `MAX_NESTING_DEPTH`),
 * a type named like an API name (`McpError`, `RequestMap`…) would make TypeScript reject or
 * silently shadow one of them. Such a clash is the schema's to resolve: an error at the
 * declaration that causes it.
 */
export function checkExportClashes(model: SchemaModel, files: OutputFile[]): void {
  const byPath = new Map(files.map((f) => [f.path, f.content]));
  const index = byPath.get("index.ts");
  if (index === undefined) return;
  const owners = new Map<string, Array<{ space: string; module: string }>>();
  const reexported = new Set<string>();
  const add = (module: string) => (entry: ExportedName) => {
    const seen = owners.get(entry.name) ?? [];
    // A binding re-exported unchanged through a second module is still one binding.
    const binding = `${entry.from ?? module}\0${entry.name}`;
    if (entry.from) {
      if (seen.some((s) => s.module === entry.from)) return;
      reexported.add(binding);
      module = entry.from;
    } else if (reexported.has(binding)) return;
    const other = seen.find((s) => clash(s, { space: entry.space, module }));
    if (other) {
      const where = other.module === module ? `twice by ${module}` : `by both ${other.module} and ${module}`;
      throw new GeneratorError(`\`${entry.name}\` would be exported ${where} through the generated index.ts: rename the schema's declaration`, culprit(model, entry.name));
    }
    owners.set(entry.name, [...seen, { space: entry.space, module }]);
  };
  exportedNames(index).forEach(add("index.ts"));
  for (const module of starExports(index)) exportedNames(byPath.get(module) ?? "").forEach(add(module));
}

/** Where a clashing name comes from: the declaration or constant of that name, or the type of its schema. */
function culprit(model: SchemaModel, name: string): SourceLocation | undefined {
  const declared = model.declarations.find((d) => d.name === name) ?? model.constants.find((c) => c.name === name);
  if (declared) return declared.location;
  return model.declarations.find((d) => `${d.name}Schema` === name)?.location;
}
