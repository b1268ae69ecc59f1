// spec shell §2 "Link behaviour": a link with {placeholders} is first resolved by a call
// (GET /cfg/api/externalLink/query, docs/api.md) and the result substituted.
import type { ResolvedExternalLink } from '../../schemas/api/cfg';
import { apiGet } from './client';

/** The link with its placeholders ({tenantId}, {userId}, {account}, {timestamp}, {sign}) filled by the server. */
export async function resolveExternalLink(linkUrl: string): Promise<string> {
  const data = await apiGet<ResolvedExternalLink>('/cfg/api/externalLink/query', { linkUrl });
  return data.linkUrl;
}
