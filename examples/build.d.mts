export declare const REVISIONS: string[];
/** Builds the example if its inputs changed; resolves with its dist folder. */
export declare function ensureBuilt(name: string): Promise<string>;
