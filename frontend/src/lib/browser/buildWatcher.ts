import { BUILD_POLL_INTERVAL_MS } from '@/config/constants';
import { BUILD_ID } from '@/config/env';

let newerBuildSeen = false;

/** Whether a build newer than this bundle has been deployed since the page loaded. */
export function isNewerBuildDeployed(): boolean {
  return newerBuildSeen;
}

export async function checkForNewerBuild(): Promise<boolean> {
  try {
    // The timestamp defeats caches between the browser and the server.
    const response = await fetch(`/latest-build.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return newerBuildSeen;
    const manifest: unknown = await response.json();
    if (isManifest(manifest) && manifest.buildId !== BUILD_ID) newerBuildSeen = true;
  } catch {
    // Offline or a server restart: try again at the next poll.
  }
  return newerBuildSeen;
}

function isManifest(value: unknown): value is { buildId: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'buildId' in value &&
    typeof value.buildId === 'string'
  );
}

/** Polls latest-build.json; answers a function that stops polling. */
export function watchForNewerBuild(): () => void {
  const timer = window.setInterval(() => void checkForNewerBuild(), BUILD_POLL_INTERVAL_MS);
  return () => window.clearInterval(timer);
}
