import { describe, expect, it } from "vitest";
import { classifyMessage, rpcError, isJsonRpcErrorResponse, isJsonRpcNotification, isJsonRpcRequest, isJsonRpcResponse, isJsonRpcResultResponse, parseMessage } from "../../templates/runtime/shared/jsonrpc.js";

describe("JSON-RPC classification", () => {
  it.each([
    [{ jsonrpc: "2.0", id: 1, method: "tools/list" }, "request"],
    [{ jsonrpc: "2.0", id: "a", method: "tools/call", params: { name: "x" } }, "request"],
    [{ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1, progress: 2 } }, "notification"],
    [{ jsonrpc: "2.0", id: 1, result: {} }, "result"],
    [{ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "no" } }, "error"],
    [{ jsonrpc: "2.0", error: { code: -32700, message: "parse" } }, "error"],
    [{ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse" } }, "error"],
  ])("%j is a %s", (value, kind) => {
    expect(classifyMessage(value).kind).toBe(kind);
  });

  it.each([
    [null, "not a JSON object"],
    [[{ jsonrpc: "2.0", id: 1, method: "x" }], "not a JSON object"],
    [{ jsonrpc: "1.0", id: 1, method: "x" }, 'jsonrpc is not "2.0"'],
    [{ jsonrpc: "2.0", id: null, method: "x" }, "a request id must be a string or a number"],
    [{ jsonrpc: "2.0", id: {}, method: "x" }, "a request id must be a string or a number"],
    [{ jsonrpc: "2.0", id: 1, method: 7 }, "method is not a string"],
    [{ jsonrpc: "2.0", id: 1, method: "x", params: [1] }, "params is not an object"],
    [{ jsonrpc: "2.0", id: 1, result: {}, error: { code: 1, message: "" } }, "a response has both result and error"],
    [{ jsonrpc: "2.0", id: 1 }, "neither a request, a notification nor a response"],
    [{ jsonrpc: "2.0", result: {} }, "a result response needs a string or number id"],
    [{ jsonrpc: "2.0", id: 1, result: 5 }, "result is not an object"],
    [{ jsonrpc: "2.0", id: 1, error: { code: 1.5, message: "x" } }, "error needs an integer code and a string message"],
  ])("%j is not a message: %s", (value, reason) => {
    expect(classifyMessage(value)).toEqual({ kind: "invalid", reason });
  });

  it("a null error id is read as absent, and the guards agree with the classifier", () => {
    const classified = classifyMessage({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse" } });
    expect(classified.kind === "error" && "id" in classified.message).toBe(false);
    const request = { jsonrpc: "2.0", id: 3, method: "m" };
    expect([isJsonRpcRequest(request), isJsonRpcNotification(request), isJsonRpcResponse(request)]).toEqual([true, false, false]);
    const result = { jsonrpc: "2.0", id: 3, result: {} };
    expect([isJsonRpcResultResponse(result), isJsonRpcErrorResponse(result), isJsonRpcResponse(result)]).toEqual([true, false, true]);
  });

  it("parseMessage tells non-JSON from non-JSON-RPC", () => {
    expect(parseMessage("hello")).toEqual({ ok: false, reason: "not JSON" });
    expect(parseMessage('{"a":1}')).toEqual({ ok: false, reason: 'not a JSON-RPC message: jsonrpc is not "2.0"' });
    expect(parseMessage('{"jsonrpc":"2.0","id":1,"result":{}}')).toEqual({ ok: true, kind: "result", message: { jsonrpc: "2.0", id: 1, result: {} } });
  });

  it("error responses carry data only when given and an id only when known", () => {
    expect(rpcError(7, -32602, "bad", { uri: "x" })).toEqual({ jsonrpc: "2.0", id: 7, error: { code: -32602, message: "bad", data: { uri: "x" } } });
    expect(rpcError(null, -32700, "parse")).toEqual({ jsonrpc: "2.0", error: { code: -32700, message: "parse" } });
  });
});
