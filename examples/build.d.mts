export declare const REVISIONS: string[];
/** Builds the example if its inputs changed; resolves with its dist folder. */
export declare function ensureBuilt(name: string): Promise<string>;
/** Runs `work` holding the folder lock `lock`, waiting (at most `waitMs`) while another live process holds it. */
export declare function withLock<T>(lock: string, work: () => T | Promise<T>, waitMs?: number): Promise<T>;
