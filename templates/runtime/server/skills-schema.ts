// The Skills extension's schema as the extension contract reads it (ExtensionSchema: its id, its
// method rows, its capability's validator). Skills has no schema.ts upstream to generate this
// from, so the rows are written here, following SEP-2640: the checks of an entry are the ones the
// client applies (shared/skills.ts), so what this server sends is what a verifying client accepts.
import { entryProblems, SKILLS_EXTENSION } from "../shared/skills.js";
import type { ExtensionSchema } from "./extension.js";
import type { MethodInfo, Validator } from "./types.js";

type Issue = { path: PropertyKey[]; message: string };

/** A Validator from a function that lists what is wrong (an empty list: valid). */
function validator(problems: (value: unknown) => Issue[]): Validator {
  return {
    safeParse(value: unknown) {
      const issues = problems(value);
      return issues.length ? { success: false, error: { issues } } : { success: true };
    },
  };
}

const isObject = (value: unknown): value is { [key: string]: unknown } => typeof value === "object" && value !== null && !Array.isArray(value);

function objectIssues(value: unknown, fields: { [key: string]: "string" | "boolean" | "array" | "object" }, required: readonly string[], at: PropertyKey[] = []): Issue[] {
  if (!isObject(value)) return [{ path: at, message: "expected an object" }];
  const issues: Issue[] = [];
  for (const [key, type] of Object.entries(fields)) {
    if (!Object.hasOwn(value, key) || value[key] === undefined) {
      if (required.includes(key)) issues.push({ path: [...at, key], message: "required" });
      continue;
    }
    const v = value[key];
    const ok = type === "array" ? Array.isArray(v) : type === "object" ? isObject(v) : typeof v === type;
    if (!ok) issues.push({ path: [...at, key], message: `expected ${type === "array" ? "an array" : `a ${type}`}` });
  }
  return issues;
}

const entryIssues = (entry: unknown, at: PropertyKey[]): Issue[] => entryProblems(entry).map((message) => ({ path: at, message }));

const params = {
  list: validator((p) => objectIssues(p ?? {}, { cursor: "string", _meta: "object" }, [])),
  get: validator((p) => objectIssues(p, { uri: "string", _meta: "object" }, ["uri"])),
  directory: validator((p) => objectIssues(p, { uri: "string", cursor: "string", _meta: "object" }, ["uri"])),
};

const results = {
  list: validator((r) => {
    const issues = objectIssues(r, { skills: "array", nextCursor: "string" }, ["skills"]);
    return issues.length ? issues : ((r as { skills: unknown[] }).skills.flatMap((entry, i) => entryIssues(entry, ["skills", i])));
  }),
  get: validator((r) => {
    const issues = objectIssues(r, { skill: "object" }, ["skill"]);
    return issues.length ? issues : entryIssues((r as { skill: unknown }).skill, ["skill"]);
  }),
  directory: validator((r) => {
    const issues = objectIssues(r, { resources: "array", nextCursor: "string" }, ["resources"]);
    return issues.length ? issues : (r as { resources: unknown[] }).resources.flatMap((child, i) => objectIssues(child, { uri: "string", name: "string", mimeType: "string" }, ["uri", "name"], ["resources", i]));
  }),
};

/** A request row: the message's params checked with `p`. */
function row(p: Validator, result: Validator): MethodInfo {
  const request = validator((message) => {
    const checked = p.safeParse(isObject(message) ? message["params"] : undefined);
    return checked.success ? [] : (checked.error?.issues ?? []).map((i) => ({ path: ["params", ...i.path], message: i.message }));
  });
  return { kind: "request", sender: ["client"], groups: [], request, params: p, result };
}

/** `io.modelcontextprotocol/skills`: skills/list, skills/get and resources/directory/read, and the capability `{ directoryRead?: boolean }`. */
export const SKILLS_SCHEMA: ExtensionSchema = {
  id: SKILLS_EXTENSION,
  methods: {
    "skills/list": row(params.list, results.list),
    "skills/get": row(params.get, results.get),
    "resources/directory/read": row(params.directory, results.directory),
  },
  capability: validator((c) => objectIssues(c, { directoryRead: "boolean" }, [])),
};
