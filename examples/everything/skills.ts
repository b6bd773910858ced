// The skills of the conformance fixture (SEP-2640, `io.modelcontextprotocol/skills`), given as
// files in code so that the fixture still needs no `node:` module (a folder on disk is served the
// same way with skillFromFolder). Two skills: one at the top of the namespace with supporting
// files in subdirectories (what sep-2640-skills-directory descends into), one under a prefix.
import { serveSkills } from "../gen/index.js";

const GREETING = `---
name: greeting-style
description: Greet people the way this server's greet tool does, in the house tone
license: MIT
metadata:
  version: "1.0"
---

# Greeting style

Use the \`greet\` tool, then follow references/TONE.md. Pick a template from templates/.
`;

const REFUNDS = `---
name: refunds
description: Process customer refund requests per company policy
---

# Refunds

Check the order, then answer with examples/email.md.
`;

export const SKILLS = serveSkills({
  skills: [
    {
      path: "greeting-style",
      files: [
        { path: "SKILL.md", content: GREETING },
        { path: "references/TONE.md", content: "Warm, brief, no exclamation marks.\n" },
        { path: "templates/formal.md", content: "Good day, {name}.\n" },
        { path: "templates/casual.md", content: "Hi {name}.\n" },
      ],
    },
    {
      path: "acme/billing/refunds",
      files: [
        { path: "SKILL.md", content: REFUNDS },
        { path: "examples/email.md", content: "Dear customer, your refund of {amount} is on its way.\n" },
      ],
    },
  ],
});
