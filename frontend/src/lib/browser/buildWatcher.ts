import { BUILD_POLL_INTERVAL_MS } from '@/config/constants';
import { BUILD_ID } from '@/config/env';

/**
 * New-build detection (SPEC.md sections 4 and 7). Each build publishes `latest-build.json` (the id
 * of the build being served) and `build/<id>.json` (that build's manifest: its entry files); see
 * vite.config.ts.
 */

let newerBuildSeen = false;

/** Whether a build newer than this bundle has been deployed since the page loaded. */
export function isNewerBuildDeployed(): boolean {
  return newerBuildSeen;
}

/** The path of the manifest of a build. */
export function buildManifestPath(buildId: string): string {
  return `/build/${encodeURIComponent(buildId)}.json`;
}

/**
 * The id of a build other than this bundle's that the server now serves completely, else null.
 * The latest-build file may be copied before the rest of a deploy: only once the manifest named by
 * the new id is served is the new build there to reload into.
 */
export async function findNewerBuild(): Promise<string | null> {
  // The timestamp defeats caches between the browser and the server.
  const latest = await fetchJson(`/latest-build.json?t=${Date.now()}`);
  if (!hasBuildId(latest) || latest.buildId === BUILD_ID) return null;
  const manifest = await fetchJson(buildManifestPath(latest.buildId));
  return hasBuildId(manifest) && manifest.buildId === latest.buildId ? latest.buildId : null;
}

export async function checkForNewerBuild(): Promise<boolean> {
  if ((await findNewerBuild()) !== null) newerBuildSeen = true;
  return newerBuildSeen;
}

/**
 * A JSON answer, or null for anything else: offline, a server restart, a missing file (which the
 * server answers with the app's index.html, as it does for every unknown path).
 */
async function fetchJson(path: string): Promise<unknown> {
  try {
    const response = await fetch(path, { cache: 'no-store' });
    if (!response.ok) return null;
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

function hasBuildId(value: unknown): value is { buildId: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'buildId' in value &&
    typeof value.buildId === 'string'
  );
}

/** Polls for a newer build; answers a function that stops polling. */
export function watchForNewerBuild(): () => void {
  const timer = window.setInterval(() => void checkForNewerBuild(), BUILD_POLL_INTERVAL_MS);
  return () => window.clearInterval(timer);
}
