// What Deno knows of the MCP SDK's classes this API uses (see mcp-sdk.ts):
// a subset of the SDK's own declarations, as loose as they can be while
// still checking our calls. tsc checks the same calls against the SDK itself.
type Json = Record<string, unknown>
type Awaitable<T> = T | Promise<T>
type ToolAnswer = { content: { type: 'text'; text: string }[]; structuredContent?: Json }
type ResourceAnswer = { contents: { uri: string; mimeType?: string; text: string }[] }

export declare class McpServer {
  constructor(info: { name: string; version: string }, options?: { instructions?: string })
  registerTool<Args>(
    name: string,
    config: {
      title?: string
      description?: string
      inputSchema?: Json
      outputSchema?: Json
      annotations?: Json
    },
    callback: (args: Args) => Awaitable<ToolAnswer>,
  ): unknown
  registerResource(
    name: string,
    uri: string,
    config: Json,
    read: (uri: URL) => Awaitable<ResourceAnswer>,
  ): unknown
  registerResource(
    name: string,
    template: ResourceTemplate,
    config: Json,
    read: (uri: URL, variables: Record<string, string | string[]>) => Awaitable<ResourceAnswer>,
  ): unknown
  connect(transport: WebStandardStreamableHTTPServerTransport): Promise<void>
  close(): Promise<void>
}

export declare class ResourceTemplate {
  constructor(
    uriTemplate: string,
    callbacks: {
      list:
        | (() => Awaitable<{ resources: { uri: string; name: string; mimeType?: string }[] }>)
        | undefined
    },
  )
}

export declare class WebStandardStreamableHTTPServerTransport {
  constructor(options: { sessionIdGenerator: undefined; enableJsonResponse?: boolean })
  handleRequest(request: Request, options?: { parsedBody?: unknown }): Promise<Response>
}
