// Serves the built web app: hashed assets cached for a year, brotli or gzip copies written by the
// build when the browser accepts them, index.html for every client route, and a JSON 404 for unknown
// API paths (never the HTML page).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isApiPath } from './auth';
import { sendProblem } from './errors';

export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWebApp = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist!,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The static plugin treats "/" as a directory listing; the home page is the app itself.
  if (hasWebApp) app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && wantsPage && !isApiPath(url) && !url.startsWith('/i18n/') && !/\.[a-z0-9]+$/i.test(url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendProblem(reply, {
      status: 404,
      title: 'Not Found',
      detail: `No resource at ${request.method} ${url}`,
      message: 'error.url.not.found',
    });
  });
}
