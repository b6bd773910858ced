// What a generated client.ts imports from the runtime, in one place.
export { ClientCore, DEFAULT_MAX_INPUT_ROUNDS, DEFAULT_MAX_PAGES, type CoreOptions, type Era, type RejectedTool, type ServerSnapshot } from "./core.js";
export { ClientError, isClientError, type ClientErrorKind } from "./errors.js";
export { ResponseCache, type CacheOptions } from "./cache.js";
export type { ClientCall, ClientMiddleware } from "./middleware.js";
export type { TracingOptions } from "../shared/tracing.js";
export { InsufficientScopeError, UnauthorizedError, type AuthChallenge } from "./auth-errors.js";
export type { HandlerContext, RevisionSpec } from "./handlers.js";
export { StreamableHttpTransport, type HeadersHook, type HttpTransportOptions } from "./http.js";
export { DEFAULT_TIMEOUT_MS, type Progress, type RequestOptions } from "./channel.js";
export { ProcessExitedError, StdioTransport, type StdioTransportOptions } from "./stdio.js";
export { Subscription, type SubscriptionEnd } from "./subscription.js";
export { ClientExtensions, CORE, coreOf, type ClientExtension, type ClientExtensionSchema, type ExtensionEngine, type SettleCall, type Widening } from "./extension.js";
export { clientTasks, TASK_CLIENT_DEFAULTS, type ClientTasks, type ClientTasksOptions, type Started, type TaskCalls, type TaskHandle, type TaskState } from "./tasks.js";
export { connectWith, type ClientRevision, type ConnectOptions, type TransportFactory } from "./connect.js";
export type { Transport, TransportSendOptions } from "../shared/transport.js";
export type { JsonRpcMessage, JsonRpcNotification } from "../shared/jsonrpc.js";
export { SkillsClient, skillsClient, SKILLS_EXTENSION, SKILL_LIMITS, type DirectoryChild, type LoadedSkill, type SkillEntry, type SkillFile, type SkillFrontmatter, type SkillResourceEntry, type SkillsClientOptions, type SkillsHost } from "./skills.js";
export type { DeclaredToolArgs, DeclaredToolName, ToolDeclaration, WithDeclaredTools } from "./typed.js";
