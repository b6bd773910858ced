export declare const PAGES: readonly ["chart", "form"];
/** The page's HTML, its script bundled in. */
export declare function buildPage(name: "chart" | "form"): Promise<string>;
/** Builds every page into `dir` (when given); resolves with { name: html }. */
export declare function buildPages(dir?: string): Promise<Record<"chart" | "form", string>>;
