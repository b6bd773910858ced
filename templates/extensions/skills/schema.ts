/**
 * The Skills extension (SEP-2640) as types, written for mcp-gen from the SEP's prose: upstream
 * has no schema.ts for it. The runtime checks these shapes by hand today
 * (templates/runtime/shared/skills.ts, templates/runtime/server/skills-schema.ts); this file is
 * the input `mcp-gen --extension <path to this file>` can generate them from instead.
 * Extension Identifier: io.modelcontextprotocol/skills
 */

import type { Cursor, JSONRPCRequest, PaginatedRequestParams, RequestParams, Resource, Result } from "./spec.types.js";

// The core's PaginatedResult and CacheableResult are @internal (not in its model): their fields
// are written out here, as the core's list results carry them.

/** The list-caching attributes (SEP-2549), as on tools/list and resources/list results. */
export interface SkillsCaching {
  /** How long, in milliseconds, the result may be used without asking again. */
  ttlMs: number;
  /** Whether a shared cache may keep the result. */
  cacheScope: "public" | "private";
}

/** One file of a skill, as its entry lists it. */
export interface SkillResource {
  /** The file's resource URI, inside the skill's directory. */
  uri: string;
  /**
   * `sha256:` and 64 lowercase hex digits: the SHA-256 of the file's raw bytes.
   * @pattern ^sha256:[0-9a-f]{64}$
   */
  digest: string;
  /**
   * The file's length in bytes (the bytes the digest covers).
   * @minimum 0
   */
  size: number;
}

/** The SKILL.md frontmatter rendered as JSON, verbatim: `name` and `description` always, any other field as written. */
export interface SkillFrontmatter {
  name: string;
  description: string;
  [field: string]: unknown;
}

/** One skill, as skills/list and skills/get carry it. */
export interface SkillEntry {
  /** The URI of the skill's SKILL.md; its last path segment before SKILL.md is the skill's name. */
  uri: string;
  frontmatter: SkillFrontmatter;
  /** Every file of the skill (SKILL.md included), or "dynamic" for content that cannot be digested ahead. */
  resources?: SkillResource[] | "dynamic";
}

/** Lists the skills a server publishes (the listing may be partial or empty). */
export type ListSkillsRequest = JSONRPCRequest & {
  method: "skills/list";
  params?: PaginatedRequestParams;
};

export type ListSkillsResult = Result & SkillsCaching & { resultType?: "complete"; skills: SkillEntry[]; nextCursor?: Cursor };

/** The entry of one skill by the URI of its SKILL.md, listed or not; -32602 for a URI that is not one. */
export type GetSkillRequest = JSONRPCRequest & {
  method: "skills/get";
  params: RequestParams & { uri: string };
};

export type GetSkillResult = Result & SkillsCaching & { resultType?: "complete"; skill: SkillEntry };

/** The direct children of a directory resource (mimeType inode/directory); -32602 for any other URI. */
export type ReadDirectoryRequest = JSONRPCRequest & {
  method: "resources/directory/read";
  params: PaginatedRequestParams & { uri: string };
};

export type ReadDirectoryResult = Result & { resultType?: "complete"; resources: Resource[]; nextCursor?: Cursor };

/** What a server declares under capabilities.extensions["io.modelcontextprotocol/skills"]. */
export interface SkillsExtensionCapability {
  /** The server answers resources/directory/read. */
  directoryRead?: boolean;
}
