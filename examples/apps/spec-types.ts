// The view options the runtime writes by hand (uiResource's csp, permissions, domain and
// prefersBorder) are the extension's McpUiResourceMeta, generated from its schema
// (`--extension apps`): the same keys and types at every level. A field added, dropped or retyped
// on either side makes this file, and so the examples' build, fail to compile.
import type { McpUiResourceCsp, McpUiResourceMeta, McpUiResourcePermissions } from "../gen/2026-07-28/ext/ui/index.js";
import type { UiCsp, UiPermissions, UiResourceOptions } from "../gen/server.js";

/** True when A and B are the same type (TypeScript's identity, not mutual assignability, which optional keys would pass). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Holds<T extends true> = T;

export type ViewOptionsMirrorTheSpec = [
  Holds<Same<keyof McpUiResourceMeta, "csp" | "permissions" | "domain" | "prefersBorder">>,
  Holds<Same<Pick<UiResourceOptions, keyof McpUiResourceMeta>["domain"], McpUiResourceMeta["domain"]>>,
  Holds<Same<Pick<UiResourceOptions, keyof McpUiResourceMeta>["prefersBorder"], McpUiResourceMeta["prefersBorder"]>>,
  Holds<Same<{ [K in keyof UiCsp]: UiCsp[K] }, { [K in keyof McpUiResourceCsp]: McpUiResourceCsp[K] }>>,
  Holds<Same<{ [K in keyof UiPermissions]: UiPermissions[K] }, { [K in keyof McpUiResourcePermissions]: McpUiResourcePermissions[K] }>>,
];
