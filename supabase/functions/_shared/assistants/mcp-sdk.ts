// The parts of the MCP SDK this API uses, in one place. Deno type-checks them
// against mcp-sdk.d.ts: the SDK maps its types with a wildcard export
// ("./*": "./dist/esm/*.d.ts") that the Deno of Supabase's edge runtime (2.1)
// cannot follow, and its checker stops on it. tsc reads the SDK's own types
// (it ignores @ts-types), so what is written here is checked against the real
// ones too (docs/decisions/053).
// @ts-types="./mcp-sdk.d.ts"
export { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js'
// @ts-types="./mcp-sdk.d.ts"
export { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
