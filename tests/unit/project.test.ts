import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROOT } from "../../scripts/lib.ts";

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  engines: { node: string };
};

describe("docker-compose.yml", () => {
  const compose = parse(fs.readFileSync(path.join(ROOT, "docker-compose.yml"), "utf8")) as {
    services: Record<
      string,
      {
        command?: string[];
        build?: string;
        image?: string;
        volumes?: string[];
        environment?: Record<string, string>;
        profiles?: string[];
      }
    >;
    volumes: Record<string, unknown>;
  };

  it("names redis, server and worker by default, and the scale profile's set", () => {
    const services = Object.entries(compose.services) as [string, { profiles?: string[] }][];
    const inProfile = (profile?: string) =>
      services
        .filter(([, service]) => (profile ? service.profiles?.includes(profile) : !service.profiles))
        .map(([name]) => name)
        .sort();
    expect(inProfile()).toEqual(["redis", "server", "worker"]);
    expect(inProfile("scale")).toEqual(["minio", "postgres", "proxy", "server-a", "server-b", "worker-a", "worker-b"]);
  });

  it("keeps BullMQ's data in Redis: AOF on, no eviction", () => {
    const command = (compose.services.redis as { command: string[] }).command.join(" ");
    expect(command).toContain("--appendonly yes");
    expect(command).toContain("--maxmemory-policy noeviction");
  });

  it("starts MinIO, an S3 bucket for the scaled instances, which use it for media", () => {
    const minio = compose.services.minio;
    expect(minio?.profiles).toEqual(["scale"]);
    expect(minio?.image).toMatch(/^minio\/minio:RELEASE\./);
    expect(minio?.volumes?.[0]).toMatch(/^avalive-minio:\/data$/);
    expect(compose.volumes).toHaveProperty("avalive-minio");
    const env = (compose.services["server-a"] as { environment: Record<string, string> }).environment;
    expect(env).toMatchObject({ STORAGE: "s3", S3_ENDPOINT: "http://minio:9000" });
  });

  it("runs commands that exist", () => {
    for (const name of ["server", "worker"]) {
      const command = compose.services[name]?.command ?? [];
      expect(command.slice(0, 1)).toEqual(["npm"]);
      const script = command[1] === "run" ? command[2] : command[1];
      expect(pkg.scripts, `${name}: npm ${command.join(" ")}`).toHaveProperty(script as string);
    }
    expect(fs.existsSync(path.join(ROOT, "Dockerfile"))).toBe(true);
  });

  it("keeps data on a volume shared by server and worker, and points both at redis", () => {
    for (const name of ["server", "worker"]) {
      const service = compose.services[name];
      expect(service?.volumes?.[0]).toMatch(/^avalive-data:\/data$/);
      expect(service?.environment?.REDIS_URL).toBe("redis://redis:6379");
    }
    expect(compose.volumes).toHaveProperty("avalive-data");
    expect(compose.services.server?.environment?.EMBEDDED_WORKER).toBe("false");
  });
});

describe("package.json", () => {
  it("has the project's commands", () => {
    for (const script of [
      "start",
      "dev",
      "worker",
      "test",
      "bench",
      "lint",
      "typecheck",
      "db:migrate",
      "db:seed",
      "db:reset",
    ]) {
      expect(pkg.scripts).toHaveProperty(script);
    }
  });

  it("runs lint, typecheck, unit, integration (SQLite, then PostgreSQL), queue and e2e in npm test", () => {
    expect(pkg.scripts.test).toBe(
      "npm run lint && npm run typecheck && npm run test:unit && npm run test:integration && npm run test:integration:pg && npm run test:queue && npm run test:e2e",
    );
  });

  it("declares the Node version it runs on", () => {
    expect(pkg.engines.node).toBe(">=20.19");
  });
});
