// `type: "http"`: the hook input POSTed to a URL from a pool worker; a 2xx body is the answer.
import type { HttpHandler } from '../model/remote-handler.js';
import type { HandlerKindSpec } from './handler-kind.js';

export const HTTP_KIND = {
  kind: 'http',
  remote: true,
  onAgentThread: false,
  defaultTimeoutMs: undefined,
  fields: { required: ['url'], optional: ['headers', 'allowedEnvVars'] },
  describe: (handler) => `http POST ${handler.url}`,
  program: () => 'http',
  missingRunner: () => null,
} as const satisfies HandlerKindSpec<HttpHandler>;
