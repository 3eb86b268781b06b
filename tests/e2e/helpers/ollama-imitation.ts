import { createServer, type Server } from 'node:http';

export const OLLAMA_MODEL = 'qwen3:4b';

/**
 * Ollama as the guide finds it, on its own port: GET /api/tags lists one model, /v1/models the same
 * (the picker asks a model server for its models). Nothing here answers a chat.
 */
export async function startOllamaImitation(): Promise<Server> {
  const server = createServer((req, res) => {
    const body =
      req.url === '/api/tags'
        ? { models: [{ name: OLLAMA_MODEL }] }
        : req.url === '/v1/models'
          ? { object: 'list', data: [{ id: OLLAMA_MODEL, object: 'model' }] }
          : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(11434, '127.0.0.1', () => resolve());
  });
  return server;
}
