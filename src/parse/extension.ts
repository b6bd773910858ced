import { posix } from "node:path";
import type { ImportDeclaration, SourceFile } from "ts-morph";
import { GeneratorError, UnboundImportError } from "../errors.js";
import type { ExtensionFacet, SchemaModel } from "../model/types.js";
import { excerpt, fail, locate, type ParseContext } from "./context.js";

// An extension's schema imports the core's types, by a relative path (`import type { Result } from
// "./spec.types.js"`, SEP-2133's layout) or by a package (`from "@modelcontextprotocol/client"`, a
// published `.d.ts`). Whatever the specifier, the file's own imports are the only names it takes
// from outside, and a schema holds types only: so every named import binds to the core revision
// being generated, whose converted declarations seed the parse (convert.ts), and a name the core
// lacks is an error at its place. The model of the extension holds its own declarations only, and
// refers to the core's by name.

/** What parsing an extension needs besides its text: the core it binds to, and its identifier if the caller gives one. */
export interface ExtensionInput {
  core: SchemaModel;
  /** The core's schema.ts text: placed where the imports point, so TypeScript can check the extension. */
  coreText: string;
  /** The extension identifier (`vendor/name`): given, else read from the schema's header. */
  id?: string;
}

/**
 * Puts the core's text where each import of `sourceFile` resolves, so TypeScript checks the
 * extension against it: a relative one beside the schema (`./spec.types.js` -> `/spec.types.ts`),
 * a package one as that package's entry (`@scope/pkg/types.js` -> `/node_modules/@scope/pkg/types.ts`).
 */
export function placeCore(sourceFile: SourceFile, coreText: string): void {
  const project = sourceFile.getProject();
  for (const statement of sourceFile.getImportDeclarations()) {
    const from = statement.getModuleSpecifierValue();
    const base = isRelative(from) ? posix.resolve("/", from) : isPackage(from) ? `/node_modules/${from}` : undefined;
    if (base === undefined) continue;
    const stem = base.replace(/\.(js|ts|d\.ts)$/, "");
    for (const path of [`${stem}.ts`, `${stem}/index.ts`]) {
      if (path !== sourceFile.getFilePath() && !project.getSourceFile(path)) project.createSourceFile(path, coreText);
    }
  }
}

function isRelative(from: string): boolean {
  return from.startsWith("./") || from.startsWith("../");
}

/** A bare package specifier (`pkg`, `@scope/pkg`, `@scope/pkg/sub/path.js`): npm's name rules, lower case. */
const PACKAGE = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*(\/[A-Za-z0-9._~-]+)*$/;

function isPackage(from: string): boolean {
  return PACKAGE.test(from);
}

/** `import type { A, B as C } from "./x.js"`: each local name bound to the core declaration it names. */
export function bindImport(ctx: ParseContext, statement: ImportDeclaration, core: SchemaModel): void {
  const from = statement.getModuleSpecifierValue();
  if (!isRelative(from) && !isPackage(from)) {
    fail(ctx, statement, `an extension imports core types by a relative path (\`./spec.types.js\`) or a package name (\`@modelcontextprotocol/client\`), not \`${from}\``);
  }
  if (statement.getDefaultImport() || statement.getNamespaceImport()) {
    fail(ctx, statement, `unsupported import \`${excerpt(statement)}\`: an extension names the core types it imports (\`import type { Result } from "${from}"\`)`);
  }
  const revision = core.source.revision ?? core.source.file;
  for (const specifier of statement.getNamedImports()) {
    const name = specifier.getName();
    const local = specifier.getAliasNode()?.getText() ?? name;
    if (!ctx.core.has(name)) throw new UnboundImportError(`\`${name}\` is not a declaration of the core revision ${revision} that this extension is generated with`, locate(ctx, specifier));
    if (ctx.imported.has(local)) fail(ctx, specifier, `\`${local}\` is imported twice`);
    ctx.imported.set(local, name);
  }
}

/** An extension's own declaration must not take a core name: its output imports the core's by name. */
export function checkOwnName(ctx: ParseContext, node: Parameters<typeof fail>[1], name: string, core: SchemaModel): void {
  if (ctx.core.has(name) || ctx.imported.has(name)) {
    fail(ctx, node, `\`${name}\` is also ${ctx.imported.has(name) ? "an imported name" : `a declaration of the core revision ${core.source.revision ?? core.source.file}`}: an extension's declarations need names of their own`);
  }
}

const IDENTIFIER = /Extension Identifier:\s*([^\s*]+)/;
const ID_SHAPE = /^[A-Za-z0-9.-]+\/[A-Za-z0-9._-]+$/;

/** The extension's facet of its model: the identifier (given, else from the header comment) and the core it binds. */
export function extensionFacet(ctx: ParseContext, sourceFile: SourceFile, input: ExtensionInput): ExtensionFacet {
  const header = sourceFile.getStatements()[0]?.getLeadingCommentRanges().map((c) => c.getText()).join("\n") ?? ctx.text;
  const found = input.id ?? IDENTIFIER.exec(header)?.[1];
  if (found === undefined) {
    throw new GeneratorError(
      "an extension schema must say its identifier: its header comment has no `Extension Identifier: vendor/name` line (or give it with the schema: `--extension vendor/name=path/schema.ts`)",
      ctx.locateAt(0),
    );
  }
  if (!ID_SHAPE.test(found)) throw new GeneratorError(`extension identifier \`${found}\` is not of the form vendor/name (SEP-2133)`, ctx.locateAt(Math.max(0, ctx.text.indexOf(found))));
  const imports = [...ctx.imported].map(([local, name]) => ({ local, name }));
  return { id: found, core: { revision: input.core.source.revision, sha256: input.core.source.sha256 }, imports };
}
