import { Node, type JSDocTag } from "ts-morph";
import type { Doc } from "../model/types.js";

/** Tags that only make sense in the upstream documentation site; not carried over. */
const SITE_ONLY_TAGS = new Set(["example", "category", "includeCode"]);

export interface ReadDoc {
  doc: Doc;
  /** Constraint and type tags (`format`, `minimum`, `TJS-type`, …) with their text. */
  tags: Array<{ name: string; value: string; node: Node }>;
}

/** Reads the last JSDoc block attached to a node (the one TypeScript itself uses). */
export function readDoc(node: Node): ReadDoc {
  const jsDocs = Node.isJSDocable(node) ? node.getJsDocs() : [];
  const last = jsDocs[jsDocs.length - 1];
  const doc: Doc = { text: "" };
  const tags: ReadDoc["tags"] = [];
  if (!last) return { doc, tags };
  doc.text = normaliseText(last.getDescription());
  for (const tag of last.getTags()) readTag(tag, doc, tags);
  return { doc, tags };
}

function readTag(tag: JSDocTag, doc: Doc, tags: ReadDoc["tags"]): void {
  const name = tag.getTagName();
  const value = normaliseText(tagText(tag));
  if (name === "deprecated") doc.deprecated = value;
  else if (name === "internal") doc.internal = true;
  else if (name === "see") (doc.see ??= []).push(value);
  else if (!SITE_ONLY_TAGS.has(name)) tags.push({ name, value, node: tag });
}

/** The tag's comment as written (ts-morph's getCommentText drops `{@link}` markup). */
function tagText(tag: JSDocTag): string {
  const text = tag.getText().replace(/^@\S+/, "");
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
