/**
 * CAMS_LOOPBACK_ONLY (tests only, docs/operating.md "Cams"): an SDP with every ICE candidate that is not UDP
 * on 127.0.0.1 taken out, so the browser and Janus meet on loopback alone.
 */
export function loopbackCandidatesOnly(sdp: string): string {
  const eol = sdp.includes("\r\n") ? "\r\n" : "\n";
  return sdp
    .split(eol)
    .filter((line) => !line.startsWith("a=candidate:") || isLoopbackUdp(line))
    .join(eol);
}

/** `a=candidate:<foundation> <component> <transport> <priority> <address> <port> typ …` */
function isLoopbackUdp(line: string): boolean {
  const [, , transport, , address] = line.slice("a=candidate:".length).split(" ");
  return transport?.toLowerCase() === "udp" && address === "127.0.0.1";
}

/** Loopback, private (RFC 1918), shared (RFC 6598), link-local and unique-local addresses. */
export function isInternalAddress(address: string): boolean {
  const a = address.toLowerCase();
  if (a.includes(":")) {
    return a === "::1" || /^f[cd][0-9a-f]{2}:/.test(a) || /^fe[89ab][0-9a-f]:/.test(a);
  }
  const parts = a.split(".").map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p))) return false;
  const [x = 0, y = 0] = parts;
  return (
    x === 10 ||
    x === 127 ||
    (x === 172 && y >= 16 && y <= 31) ||
    (x === 192 && y === 168) ||
    (x === 169 && y === 254) ||
    (x === 100 && y >= 64 && y <= 127)
  );
}

/**
 * Janus's SDP as members receive it when Janus has a public address (CAMS_PUBLIC_IP): candidates on
 * an internal address are taken out (the public one reaches Janus), an internal related address
 * (`raddr`) becomes 0.0.0.0, and an internal address in the origin (`o=`) or connection (`c=`)
 * line becomes the public one. Without a public address the internal one is how members reach
 * Janus (a LAN, `npm start`), so nothing is changed.
 */
export function hideInternalAddresses(sdp: string, publicIp: string): string {
  const eol = sdp.includes("\r\n") ? "\r\n" : "\n";
  const addressLine = /^(o=.* IN IP[46] |c=IN IP[46] )(\S+)(.*)$/;
  return sdp
    .split(eol)
    .flatMap((line) => {
      if (line.startsWith("a=candidate:")) {
        const fields = line.slice("a=candidate:".length).split(" ");
        if (isInternalAddress(fields[4] ?? "")) return [];
        const raddr = fields.indexOf("raddr");
        if (raddr >= 0 && isInternalAddress(fields[raddr + 1] ?? "")) {
          fields[raddr + 1] = "0.0.0.0";
          const rport = fields.indexOf("rport");
          if (rport >= 0) fields[rport + 1] = "0";
          return [`a=candidate:${fields.join(" ")}`];
        }
        return [line];
      }
      const m = addressLine.exec(line);
      if (m && isInternalAddress(m[2] ?? "")) return [`${m[1]}${publicIp}${m[3]}`];
      return [line];
    })
    .join(eol);
}
