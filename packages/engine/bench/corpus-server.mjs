// A static server for the corpus on 127.0.0.1, run as a child process so the benchmark's own core is
// left to the client. Prints its port on stdout once listening.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";

const root = process.argv[2];
const types = { ".html": "text/html", ".json": "application/json", ".txt": "text/plain" };

const server = createServer(async (request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname)).replace(
    /^(\.\.[/\\])+/,
    "",
  );
  try {
    const body = await readFile(join(root, path));
    response.writeHead(200, {
      "content-type": types[extname(path)] ?? "application/octet-stream",
      "content-length": body.length,
    });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
process.on("disconnect", () => process.exit(0));
