// The entity routes as the app declares them, without the lazy chunk, and a fake entity API for tests.
import type { RouteObject } from 'react-router';
import { json } from './render';
import { EntityDeleteDialog } from '../engine/EntityDeleteDialog';
import { EntityDetailPage } from '../engine/EntityDetailPage';
import { EntityFormPage } from '../engine/EntityFormPage';
import { EntityListPage } from '../engine/EntityListPage';

export const entityRoutes: RouteObject[] = [
  {
    path: '/entity',
    children: [
      {
        path: ':route',
        element: <EntityListPage />,
        children: [{ path: ':id/delete', element: <EntityDeleteDialog /> }],
      },
      { path: ':route/new', element: <EntityFormPage /> },
      { path: ':route/:id', element: <EntityDetailPage /> },
      { path: ':route/:id/edit', element: <EntityFormPage /> },
    ],
  },
];

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

type Answer = (call: Call) => Response | undefined;

/**
 * A fetch that answers pages of `total` generated rows for list and search paths, and records every call
 * (`lastList`: the last list asked for).
 */
export function fakeEntityApi(
  total: number,
  row: (id: number) => Record<string, unknown>,
  more: Answer = () => undefined,
) {
  const calls: Call[] = [];
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const own = more(call);
    if (own) return own;
    if (call.method !== 'GET' || url.pathname === '/management/info') return new Response(null, { status: 204 });
    // A staff list's counts per status and open approvals: none here.
    if (url.pathname.endsWith('/status-counts')) return json({ statuses: {}, total });
    if (url.pathname.endsWith('/open-approvals')) return json({});
    const page = Number(url.searchParams.get('page') ?? 0);
    const size = Number(url.searchParams.get('size') ?? 20);
    const ids = Array.from({ length: Math.max(0, Math.min(size, total - page * size)) }, (_, i) => page * size + i + 1);
    const last = Math.max(0, Math.ceil(total / size) - 1);
    const links = [
      `<${url.pathname}?page=0>; rel="first"`,
      ...(page < last ? [`<${url.pathname}?page=${page + 1}>; rel="next"`] : []),
    ];
    return json(ids.map(row), 200, { 'X-Total-Count': String(total), Link: links.join(', ') });
  };
  const isList = (c: Call) => c.method === 'GET' && !/\/(status-counts|open-approvals)$/.test(c.url.pathname);
  return { fetchStub, calls, lastList: () => calls.filter(isList).at(-1)!.url };
}
