/**
 * The yardstick of the page-1 target: Express 5 hello-world JSON, in its own process. Express is resolved from adapters-http so the
 * baseline runs the very Express version the API uses (bench/ is not a workspace package and has no own dependency).
 */
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

type Handler = (req: unknown, res: { json(body: unknown): void }) => void;
interface ExpressApp {
  get(path: string, handler: Handler): void;
  listen(port: number, host: string, done: () => void): import("node:http").Server;
}

const requireFromHttp = createRequire(fileURLToPath(new URL("../../packages/adapters-http/package.json", import.meta.url)));
const express = requireFromHttp("express") as () => ExpressApp;

const app = express();
app.get("/", (_req, res) => res.json({ hello: "world" }));
const server = app.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") console.log(`listening on http://127.0.0.1:${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
