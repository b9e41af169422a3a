/**
 * A request address the router could not decode (a `%` sequence that is not UTF-8),
 * refused like every other bad input: under the API, the path parameter it fell in is
 * named (`invalidParam`, rule `characters`); an address that names no endpoint or file
 * is simply not found (hardening issue 18 point 11).
 */
import { API_BASE, api, type Endpoint } from '@parley/protocol';
import { AppError, invalidField } from './app-error.js';

interface Route {
  method: string;
  /** Path segments after API_BASE; a parameter segment is `:name`. */
  segments: string[];
}

const ROUTES: Route[] = (Object.values(api) as Endpoint[]).map((e) => ({
  method: e.method,
  segments: (API_BASE + e.path).split('/'),
}));

const decodes = (segment: string): boolean => {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
};

/** The catalogue error for an address that cannot be decoded. */
export function badUrlError(method: string | undefined, url: string | undefined): AppError {
  const segments = (url ?? '').split('?')[0]!.split('/');
  for (const route of ROUTES) {
    if (route.method !== method || route.segments.length !== segments.length) continue;
    let param: string | undefined;
    const matches = route.segments.every((s, i) => {
      const sent = segments[i]!;
      if (!s.startsWith(':')) return s === sent;
      if (param === undefined && !decodes(sent)) param = s.slice(1);
      return true;
    });
    if (matches && param !== undefined) return invalidField(param, 'characters');
  }
  return new AppError('notFound');
}
