// What the server log may say about a request (issue 14 point 17). A token, password or code in a
// query string (`/um/api/tenant/user/auth/info?token=…`, `checkNum=…`) used to be written whole
// into the log with the request's URL. The request serializer below masks those parameters, and
// pino's redaction masks the same names in headers and in any body or object a route logs.
import type { FastifyServerOptions } from 'fastify';

/** Query and body fields whose values never reach the log (compared case-insensitively). */
export const SECRET_FIELDS = [
  'token', 'sso_token', 'ssoToken', 'tokenid', 'password', 'oldPassword', 'newPassword', 'pwd',
  'checkNum', 'code', 'sg', 'sign', 'signature', 'sig', 'secret', 'ticket', 'captchaUuid', 'access_token',
  'refresh_token', 'client_secret', 'validCode',
] as const;

const SECRET = new Set<string>(SECRET_FIELDS.map((name) => name.toLowerCase()));
export const REDACTED = '[redacted]';

/** The URL with every secret query parameter's value replaced by [redacted]; the rest stays as sent. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const masked = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // A malformed escape stays as sent; it is matched as it is.
    }
    return eq >= 0 && SECRET.has(name.trim().toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
  }).join('&');
  return `${url.slice(0, q + 1)}${masked}${hash < 0 ? '' : url.slice(hash)}`;
}

/** Pino redaction paths: the secret names in headers, in a logged body, and one level inside any logged object. */
function redactPaths(): string[] {
  const names = [...SECRET_FIELDS, 'authorization', 'cookie'];
  const quoted = (name: string) => `["${name}"]`;
  return [
    'req.headers.token', 'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]',
    ...names.flatMap((name) => [`body${quoted(name)}`, `*${quoted(name)}`, `req.body${quoted(name)}`, `req.query${quoted(name)}`]),
  ];
}

/** The Fastify logger options: level, the URL-masking request serializer and the redaction paths. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: redactPaths(), censor: REDACTED },
    serializers: {
      req(request: { method: string; url: string; host?: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host ?? request.hostname,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}
