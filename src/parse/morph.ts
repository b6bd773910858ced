// ts-morph, loaded with `require`: it is CommonJS, and an ESM `import` of it makes Node scan its
// source (and what it re-exports) for export names first, about 0.15 s of every cold generation.
// The parser imports its values from here and its types from "ts-morph" (`import type`).
import { createRequire } from "node:module";
import type * as TsMorph from "ts-morph";

const morph = createRequire(import.meta.url)("ts-morph") as typeof TsMorph;

export const Node: typeof TsMorph.Node = morph.Node;
export const Project: typeof TsMorph.Project = morph.Project;
export const SyntaxKind: typeof TsMorph.SyntaxKind = morph.SyntaxKind;
export const ts: typeof TsMorph.ts = morph.ts;

/** As types too: `Node<T>` and the `SyntaxKind` enum (the values above are their runtime side). */
export type Node<T extends TsMorph.ts.Node = TsMorph.ts.Node> = TsMorph.Node<T>;
export type SyntaxKind = TsMorph.SyntaxKind;
