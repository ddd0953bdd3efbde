/**
 * nginx in front of a benchmark's server, configured as docs/scale-out.md deploys WordBee (HTTP
 * only: the benchmark measures the proxying, not TLS): it holds the devices' connections and
 * keeps at most 64 idle keep-alive connections to the instance. Debian's nginx
 * (`apt-get install nginx`); BENCH_NGINX is its path when it is not /usr/sbin/nginx.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';

export const nginxAvailable = () => existsSync(NGINX);

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startNginx(upstream: string): Promise<{ url: string; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wordbee-nginx-'));
  const port = await freePort();
  const target = new URL(upstream);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_rlimit_nofile 20000;
events { worker_connections 8192; multi_accept on; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 100000;
  upstream wordbee { server ${target.host}; keepalive ${process.env.BENCH_NGINX_KEEPALIVE ?? 1024}; keepalive_requests 100000; }
  server {
    listen 127.0.0.1:${port} backlog=4096;
    client_max_body_size 10m;
    location / {
      proxy_pass http://wordbee;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header Connection "";
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 100 || child.exitCode !== null) throw new Error(`nginx did not start (see ${dir}/error.log)`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    close: async () => {
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
