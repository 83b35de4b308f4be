/**
 * CAMS_LOOPBACK_ONLY (tests only, README "Cams"): an SDP with every ICE candidate that is not UDP
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
