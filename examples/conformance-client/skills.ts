// The four client scenarios of the Skills extension (SEP-2640), on the runtime's skills client:
// a host that lists skills reads nothing more (no prefetch); one that loads a skill reads its
// SKILL.md, verifies it against the entry (size, digest, frontmatter) and reads a supporting file
// only when that verification passed. The runner's mock serves a tampered SKILL.md in the
// verify-* scenarios: the load must fail with a verification error, and nothing else be read.
import { isClientError, SKILLS_EXTENSION, skillsClient, type SkillsHost } from "../gen/index.js";

/** Capabilities of a client that speaks the extension (SEP-2133: declared under `extensions`). */
export const SKILLS_CAPABILITIES = { extensions: { [SKILLS_EXTENSION]: {} } };

export async function skillsScenario(host: SkillsHost & { close(): Promise<void> }, scenario: string): Promise<void> {
  const skills = skillsClient(host, { onRejectedSkill: (r) => console.error(`rejected skill ${r.uri}: ${r.reason}`) });
  const entries = await skills.list();
  console.error(`listed ${entries.length} skill(s): ${entries.map((e) => e.frontmatter.name).join(", ")}`);
  if (scenario !== "sep-2640-client-no-prefetch") {
    // The model asks for the first skill: load it, then the files it refers to.
    for (const entry of entries.slice(0, 1)) {
      try {
        const loaded = await skills.load(entry);
        for (const file of Array.isArray(entry.resources) ? entry.resources : []) if (file.uri !== entry.uri) await skills.readFile(loaded.entry, file.uri);
      } catch (error) {
        if (!isClientError(error, "verification")) throw error;
        console.error(`refused: ${error.message}`);
      }
    }
  }
  await host.close();
}
