// The baseline: a bare Fastify route answering a fixed JSON body of the feed's size.
import Fastify from "fastify";

const port = Number(process.env.PORT);
const body = JSON.parse(process.env.BARE_BODY ?? "{}");
const app = Fastify();
app.get("/api/health", async () => ({ ok: true }));
app.get("/bare", async () => body);
await app.listen({ host: "127.0.0.1", port });
