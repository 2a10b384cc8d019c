import { readFileSync } from "node:fs";
import { serverPackageUrl } from "./package-root";

const manifest = JSON.parse(readFileSync(new URL("package.json", serverPackageUrl), "utf8")) as {
  version: string;
};

export const serverVersion: string = manifest.version;
