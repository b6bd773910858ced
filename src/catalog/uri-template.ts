/** One variable of a URI template (RFC 6570). */
export interface TemplateVariable {
  name: string;
  /** `{list*}`: the value may be a list. */
  explode: boolean;
  /**
   * Expressions outside the query (`{id}`, `{+path}`, `{/segments}`) are required: a URI with the
   * part missing names another resource. Query expressions (`{?q}`, `{&page}`) are optional.
   */
  required: boolean;
}

/** The variables of a URI template, in order, each once (a malformed expression is skipped). */
export function templateVariables(template: string): TemplateVariable[] {
  const variables = new Map<string, TemplateVariable>();
  for (const match of template.matchAll(/\{([+#./;?&=,!@|]?)([^{}]*)\}/g)) {
    const operator = match[1]!;
    for (const spec of match[2]!.split(",")) {
      const parsed = /^([A-Za-z0-9_.%]+)(\*|:\d{1,4})?$/.exec(spec.trim());
      if (!parsed || variables.has(parsed[1]!)) continue;
      variables.set(parsed[1]!, { name: parsed[1]!, explode: parsed[2] === "*", required: operator !== "?" && operator !== "&" });
    }
  }
  return [...variables.values()];
}
