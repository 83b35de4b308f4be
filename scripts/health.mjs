// The container's health check: asks this instance's readiness probe (GET /api/health/ready on
// HOST:PORT) and exits 0 when it answers 200, 1 otherwise (README: Deploying, "Health checks").
const host = ["0.0.0.0", "::", "", undefined].includes(process.env.HOST)
  ? "127.0.0.1"
  : process.env.HOST;
const port = process.env.PORT ?? "8080";
try {
  const res = await fetch(`http://${host}:${port}/api/health/ready`, {
    signal: AbortSignal.timeout(4_000),
  });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
