import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BUILD_ID } from '@/config/env';
import { apiUrl, server } from '@/test/server';
import { checkForNewerBuild, findNewerBuild, isNewerBuildDeployed } from './buildWatcher';

const NEXT_BUILD = `${BUILD_ID}-next`;

/** Serves latest-build.json naming `buildId`, recording the timestamp each request carried. */
function latestBuildIs(buildId: string) {
  const timestamps: (string | null)[] = [];
  server.use(
    http.get(apiUrl('/latest-build.json'), ({ request }) => {
      timestamps.push(new URL(request.url).searchParams.get('t'));
      return HttpResponse.json({ buildId, builtAt: '2026-01-01T00:00:00Z' });
    }),
  );
  return timestamps;
}

function manifestServed(buildId: string) {
  const requests: string[] = [];
  server.use(
    http.get(apiUrl(`/build/${buildId}.json`), ({ request }) => {
      requests.push(new URL(request.url).pathname);
      return HttpResponse.json({ buildId, builtAt: '2026-01-01T00:00:00Z', entry: [] });
    }),
  );
  return requests;
}

describe('new-build detection', () => {
  it('sees nothing new while the server has this build, and asks with a timestamp', async () => {
    const timestamps = latestBuildIs(BUILD_ID);
    expect(await findNewerBuild()).toBeNull();
    expect(timestamps).toHaveLength(1);
    expect(timestamps[0]).toMatch(/^\d+$/);
  });

  it('waits while the manifest of the new build is not served yet', async () => {
    latestBuildIs(NEXT_BUILD);
    // The server answers a missing file with the app's index.html.
    server.use(
      http.get(apiUrl(`/build/${NEXT_BUILD}.json`), () =>
        HttpResponse.html('<!doctype html><div id="root"></div>'),
      ),
    );
    expect(await findNewerBuild()).toBeNull();
  });

  it('ignores a manifest of another build', async () => {
    latestBuildIs(NEXT_BUILD);
    server.use(
      http.get(apiUrl(`/build/${NEXT_BUILD}.json`), () => HttpResponse.json({ buildId: BUILD_ID })),
    );
    expect(await findNewerBuild()).toBeNull();
  });

  it('stays quiet when the server cannot be reached', async () => {
    server.use(http.get(apiUrl('/latest-build.json'), () => HttpResponse.error()));
    expect(await checkForNewerBuild()).toBe(false);
    expect(isNewerBuildDeployed()).toBe(false);
  });

  it('notices a new build once its manifest is served, and remembers it', async () => {
    latestBuildIs(NEXT_BUILD);
    const manifestRequests = manifestServed(NEXT_BUILD);

    expect(await checkForNewerBuild()).toBe(true);
    expect(manifestRequests).toEqual([`/build/${NEXT_BUILD}.json`]);
    expect(isNewerBuildDeployed()).toBe(true);
  });
});
