// Start-up data the server writes into the HTML of /study/* (issue 15 point 3: one round trip to a
// painted home). Each part is the `data` of the call the client would otherwise make, unchanged, so
// the client can put it where that call's answer would go. Shared by server/ (writes it) and src/
// (reads it in src/lib/bootstrap.ts).
import type { PageWithTemplate } from './api/cfg';
import type { HomePageEntry, StoreSetting, TenantInfo } from './tenant-settings';

/** The id of the `<script type="application/json">` element that carries the bootstrap. */
export const BOOTSTRAP_ELEMENT_ID = 'portal-bootstrap';

/** The format of the embedded data; a client that reads another ignores it and calls as usual. */
export const BOOTSTRAP_VERSION = 1;

/** What the HTML of /study/* carries for the tenant its host (or the deployment's default) names. */
export interface PortalBootstrap {
  version: typeof BOOTSTRAP_VERSION;
  /** The tenant code it was resolved from, and where that code came from (src/lib/tenant-candidates.ts). */
  code: string;
  source: 'host' | 'default';
  /** GET /um/api/tenant/getByCode?code=… → data.tenant. */
  tenant: TenantInfo;
  /** GET /cfg/api/store/getTenantStoreSetting?tenantId=…&purpose=2 (the default store) → data. */
  setting: StoreSetting;
  /** GET /cfg/api/page/list?tenantId=…&pageNo=1&pageSize=40&purpose=2&state=1 → data.list. */
  homePages: HomePageEntry[];
  /** GET /cfg/template/getPageV2?pageId=… of the home page the address shows → data (absent when it has none). */
  template?: PageWithTemplate;
  /**
   * The id in a home route's path (/home/{id}, /{id}, /index/{id}) when GET /um/api/tenant/get says
   * it names no tenant. Start-up tries a path id as a tenant first and skips one that names none
   * (spec shell §2 "/home/{id?}": it may be a home page's id); with this it skips it without asking.
   */
  pathIdNamesNoTenant?: number;
}

/**
 * The id of the `<script type="application/json">` element, at the end of a home route's body, with
 * the answers of the home's block data requests (schemas/widgets/request.ts) as a guest gets them.
 * It comes last so the HTML can stream: the head (and its preload links) goes out first.
 */
export const BLOCK_DATA_ELEMENT_ID = 'portal-block-data';

/** The answers a home's HTML carries for its blocks' GETs. */
export interface PortalBlockData {
  version: typeof BOOTSTRAP_VERSION;
  /** The tenant they were asked for (as a guest). */
  tenantId: number;
  /** requestKey(path, query) → the call's `data`, for each request that succeeded. */
  answers: Record<string, unknown>;
}
