import type { FastifyRequest } from "fastify";

/**
 * The client's address as the app records and compares it: the socket's (or `X-Forwarded-For`'s with
 * TRUST_PROXY), with an IPv4-mapped IPv6 address ("::ffff:1.2.3.4", as a dual-stack listener sees
 * IPv4 clients) written as plain IPv4, so IP bans, login IPs and the traffic log agree.
 */
export function clientIp(request: Pick<FastifyRequest, "ip">): string {
  const ip = request.ip;
  return /^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(ip) ? ip.slice(7) : ip;
}
