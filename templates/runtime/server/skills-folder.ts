// A skill read from a folder on disk (Node, Deno and Bun: node:fs), for serveSkills. Only
// regular files are read: a symbolic link or any other kind of entry is refused by name, so a
// skill folder cannot serve a file from outside itself. The walk stops at the bounds of one skill
// (SKILL_LIMITS: files and bytes) before reading past them. serveSkills with files given in code
// needs none of this (a Worker has no file system).
import { SKILL_LIMITS } from "../shared/skills.js";
import type { SkillFileSource, SkillSource } from "./skills.js";

/** What the walk uses of node:fs/promises. */
interface FsPromises {
  readdir(path: string, options: { withFileTypes: true }): Promise<Array<{ name: string; isFile(): boolean; isDirectory(): boolean }>>;
  readFile(path: string): Promise<Uint8Array>;
  stat(path: string): Promise<{ size: number }>;
}

/** Named through a constant, like node:http: this file compiles without Node's types, and loads node:fs only when called. */
const FS_MODULE = "node:fs/promises";

/**
 * The skill in `dir` (its SKILL.md at the root), served at `path` in the skill namespace
 * (default: the folder's name; `acme/billing/refunds` puts it under a prefix).
 */
export async function skillFromFolder(dir: string, path?: string): Promise<SkillSource> {
  const fs = (await import(FS_MODULE)) as FsPromises;
  const root = dir.replace(/[\\/]+$/, "");
  const skillPath = path ?? root.split(/[\\/]/).pop() ?? "";
  const files: SkillFileSource[] = [];
  let bytes = 0;
  const walk = async (relative: string): Promise<void> => {
    const entries = await fs.readdir(relative ? `${root}/${relative}` : root, { withFileTypes: true });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      const where = `skill folder ${root}: ${child}`;
      if (entry.isDirectory()) {
        await walk(child);
        continue;
      }
      if (!entry.isFile()) throw new TypeError(`${where} is not a regular file (a symbolic link, a socket…): not served`);
      if (files.length >= SKILL_LIMITS.maxFiles) throw new TypeError(`${where}: the folder has more than ${SKILL_LIMITS.maxFiles} files`);
      bytes += (await fs.stat(`${root}/${child}`)).size;
      if (bytes > SKILL_LIMITS.maxBytes) throw new TypeError(`${where}: the folder's files are over ${SKILL_LIMITS.maxBytes} bytes`);
      files.push({ path: child, content: await fs.readFile(`${root}/${child}`) });
    }
  };
  await walk("");
  return { path: skillPath, files };
}
