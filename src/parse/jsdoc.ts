import type { JSDoc, ts as TS } from "ts-morph";
import { Node, ts } from "./morph.js";
import type { Doc } from "../model/types.js";
import { warn, type ParseContext } from "./context.js";

/** Tags that only make sense in the upstream documentation site; not carried over. */
const SITE_ONLY_TAGS = new Set(["example", "category", "includeCode"]);

/** A constraint or type tag (`format`, `minimum`, `TJS-type`, …) with its text and where its `@` is. */
export interface DocTag {
  name: string;
  value: string;
  pos: number;
}

export interface ReadDoc {
  doc: Doc;
  tags: DocTag[];
}

interface DocBlock {
  start: number;
  description: string;
  tags: DocTag[];
}

/**
 * Reads the JSDoc of a declaration or member: every `/** … *\/` block directly before it.
 * TypeScript attaches a block only when it starts its line; a block on the same line as the
 * node (`{ /** @format uri *\/ src: string }`, `a: A; /** … *\/ b: B`) is read here too, so no
 * constraint is lost to where a comment sits. The description is the last block's (as
 * TypeScript shows it); the tags are all blocks' in source order.
 */
export function readDoc(ctx: ParseContext, node: Node): ReadDoc {
  const blocks = docBlocks(ctx, node);
  const doc: Doc = { text: "" };
  const tags: DocTag[] = [];
  for (const block of blocks) {
    ctx.claimedDocs.add(block.start);
    for (const tag of block.tags) readTag(tag, doc, tags);
  }
  const last = blocks[blocks.length - 1];
  if (last) doc.text = normaliseText(last.description);
  return { doc, tags };
}

/**
 * Warns about every JSDoc block with tags that no declaration or member read: one inside a
 * type (`a: /** @minimum 1 *\/ number`), after the last member, or at the end of a line whose
 * next line holds the member. Run after a successful conversion (the file then holds only
 * declarations, literal constants and comments, which the scanner reads without context).
 */
export function reportUnattachedDocs(ctx: ParseContext): void {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, ctx.text);
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    const start = scanner.getTokenStart();
    if (token !== ts.SyntaxKind.MultiLineCommentTrivia || !isJsDocAt(ctx.text, start) || ctx.claimedDocs.has(start)) continue;
    const tags = (detachedBlock(ctx, start, scanner.getTokenEnd())?.tags ?? []).filter((tag) => !SITE_ONLY_TAGS.has(tag.name));
    if (!tags.length) continue;
    const names = tags.map((tag) => `@${tag.name}`).join(", ");
    warn(ctx, tags[0]!.pos, `${names} ignored: this JSDoc comment documents no property, index signature or declaration (a comment applies to the one it directly precedes, on the same line or on the lines above)`);
  }
}

function docBlocks(ctx: ParseContext, node: Node): DocBlock[] {
  const attached = Node.isJSDocable(node) ? node.getJsDocs().map((jsDoc) => blockOf(jsDoc, 0)) : [];
  const sameLine = sameLineRanges(ctx, node)
    .filter((range) => !attached.some((block) => block.start === range.pos))
    .map((range) => detachedBlock(ctx, range.pos, range.end))
    .filter((block): block is DocBlock => block !== undefined);
  return [...sameLine, ...attached].sort((a, b) => a.start - b.start);
}

/** JSDoc blocks between the previous token and the node when no line break separates them. */
function sameLineRanges(ctx: ParseContext, node: Node): TS.CommentRange[] {
  const pos = node.getPos();
  const start = node.getStart();
  for (let i = pos; i < start; i++) {
    const code = ctx.text.charCodeAt(i);
    if (code === 10 || code === 13 || code === 0x2028 || code === 0x2029) return [];
  }
  return (ts.getTrailingCommentRanges(ctx.text, pos) ?? []).filter((range) => range.end <= start && isJsDocAt(ctx.text, range.pos));
}

/** TypeScript's own test for a JSDoc comment: `/**` not followed by `/`. */
function isJsDocAt(text: string, pos: number): boolean {
  return text.startsWith("/**", pos) && text.charCodeAt(pos + 3) !== 47;
}

/** Parses a comment TypeScript did not attach, with TypeScript's JSDoc parser, in a scratch file. */
function detachedBlock(ctx: ParseContext, start: number, end: number): DocBlock | undefined {
  const project = ctx.sourceFile.getProject();
  const scratch = project.createSourceFile("/__mcp_gen_detached_doc__.ts", `${ctx.text.slice(start, end)}\nvar _;`, { overwrite: true });
  try {
    const jsDoc = scratch.getVariableStatements()[0]?.getJsDocs()[0];
    return jsDoc ? blockOf(jsDoc, start) : undefined;
  } finally {
    project.removeSourceFile(scratch);
  }
}

/** A parsed block; `offset` maps positions of a scratch file back into the schema. */
function blockOf(jsDoc: JSDoc, offset: number): DocBlock {
  const tags = jsDoc.getTags().map((tag) => ({ name: tag.getTagName(), value: normaliseText(tagText(tag.getText())), pos: offset + tag.getStart() }));
  return { start: offset + jsDoc.getStart(), description: jsDoc.getDescription(), tags };
}

function readTag(tag: DocTag, doc: Doc, tags: DocTag[]): void {
  if (tag.name === "deprecated") doc.deprecated = tag.value;
  else if (tag.name === "internal") doc.internal = true;
  else if (tag.name === "see") (doc.see ??= []).push(tag.value);
  else if (!SITE_ONLY_TAGS.has(tag.name)) tags.push(tag);
}

/** The tag's comment as written (ts-morph's getCommentText drops `{@link}` markup). */
function tagText(source: string): string {
  const text = source.replace(/^@\S+/, "");
  return text
    .split("\n")
    .map((line) => line.replace(/^\s*\*(?!\/) ?/, ""))
    .join("\n")
    .replace(/\*\/\s*$/, "");
}

function normaliseText(text: string): string {
  return text
    .replace(/\r\n/g, "\n")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .trim();
}
