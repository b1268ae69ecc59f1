// A widget's data request as data (DESIGN "A widget declares its data"; issue 15 point 3). Each
// widget that reads the API names its one GET here, in its contract's module, as a pure function of
// its props: the widget's data() sends exactly this request, and the server, which never imports
// widgets/, makes the same request while it writes a home's HTML, so a guest's first blocks arrive
// with the page instead of after the runtime has started (server/plugins/bootstrap.ts). The client
// takes such an answer in place of the call it would have made (src/api/client.ts).

/** A query value as the API reads it: an array repeats the parameter (purpose=5&purpose=6). */
export type RequestValue = string | number | boolean | readonly (string | number)[] | undefined;

/** One GET of the API: its path and query (tenantId is added by whoever sends it). */
export interface WidgetRequest {
  path: string;
  query: Readonly<Record<string, RequestValue>>;
}

/** What a request may depend on besides the props: the store being shown (banner positions are per store). */
export interface RequestContext {
  storeId?: number;
}

/** A widget's request for its (filled, migrated) props. */
export type WidgetRequestOf<P> = (props: P, ctx: RequestContext) => WidgetRequest;

/**
 * The one text naming a GET by path and query, the same on server and client: undefined values
 * dropped, keys sorted, an array's values in order, every value as its String(). tenantId is never
 * part of it (the bootstrap is of one tenant, and the client adds tenantId itself).
 */
export function requestKey(path: string, query: Readonly<Record<string, unknown>> = {}): string {
  const pairs: string[] = [];
  for (const name of Object.keys(query).sort()) {
    if (name === 'tenantId') continue;
    const value = query[name];
    if (value === undefined || value === null) continue;
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    for (const v of values) pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`);
  }
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

/** The URL that sends a request for a tenant (what the server injects in-process). */
export function requestUrl(request: WidgetRequest, tenantId: number): string {
  const key = requestKey(request.path, request.query);
  return `${key}${key.includes('?') ? '&' : '?'}tenantId=${tenantId}`;
}
