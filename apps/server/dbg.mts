import { spawn } from "node:child_process";
import { createServer } from "node:http";
import pg from "pg";
const url = process.argv[2];
const srv = createServer((q, r) => { setTimeout(() => { r.writeHead(200, {"content-type":"text/html"}); r.end("<html><body><p>hello " + q.url + "</p></body></html>"); }, 200); });
await new Promise<void>((res) => srv.listen(0, "127.0.0.1", res));
const port = (srv.address() as any).port;
const child = spawn(process.execPath, ["bin/changeradar.js", "worker"], { env: { PATH: process.env.PATH, DATABASE_URL: url, DATA_DIR: "/tmp", JWT_SECRET: "worker-processes-test-secret-worker-processes", ALLOW_PRIVATE_TARGETS: "true", CHECK_CONCURRENCY: "4", CHECK_LEASE_SECONDS: "2", LOG_LEVEL: "info" }, stdio: ["ignore", "inherit", "inherit"] }); const child2 = spawn(process.execPath, ["bin/changeradar.js", "worker"], { env: { PATH: process.env.PATH, DATABASE_URL: url, DATA_DIR: "/tmp", JWT_SECRET: "worker-processes-test-secret-worker-processes", ALLOW_PRIVATE_TARGETS: "true", CHECK_CONCURRENCY: "4", CHECK_LEASE_SECONDS: "2", LOG_LEVEL: "info" }, stdio: ["ignore", "inherit", "inherit"] });
await new Promise((r) => setTimeout(r, 12000));
const c = new pg.Client({ connectionString: url }); await c.connect();
const u = await c.query(`insert into users (email, password_hash, first_name, plan_type, email_verified_at) values ('x${Date.now()}@e.t','x','X','Business', now()) returning id`);
for (let i = 0; i < 12; i++) await c.query(`insert into monitors (user_id, url, host, name, frequency, watch) values ($1, $2, '127.0.0.1', 'm', '1d', '["text"]')`, [u.rows[0].id, `http://127.0.0.1:${port}/a${i}`]);
for (let i = 0; i < 10; i++) { await new Promise((r) => setTimeout(r, 1000)); const n = await c.query("select count(*) from checks"); const m = await c.query("select count(*) filter (where lease_owner is not null) as leased, count(*) filter (where next_check_at < now()) as due from monitors"); console.log(n.rows[0].count, JSON.stringify(m.rows)); }
child.kill("SIGKILL"); child2.kill("SIGKILL"); await c.end(); srv.close(); process.exit(0);
