import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BUILD_ID } from '@/config/env';
import { apiUrl, server } from '@/test/server';
import { checkForNewerBuild, isNewerBuildDeployed } from './buildWatcher';

function latestBuildIs(buildId: string) {
  const queries: (string | null)[] = [];
  server.use(
    http.get(apiUrl('/latest-build.json'), ({ request }) => {
      queries.push(new URL(request.url).searchParams.get('t'));
      return HttpResponse.json({ buildId, builtAt: '2026-01-01T00:00:00Z' });
    }),
  );
  return queries;
}

describe('checkForNewerBuild', () => {
  it('sees nothing new while the server has this build, and asks with a timestamp', async () => {
    const queries = latestBuildIs(BUILD_ID);
    expect(await checkForNewerBuild()).toBe(false);
    expect(queries[0]).toMatch(/^\d+$/);
  });

  it('notices a different build id and remembers it', async () => {
    latestBuildIs(`${BUILD_ID}-next`);
    expect(await checkForNewerBuild()).toBe(true);
    expect(isNewerBuildDeployed()).toBe(true);
  });
});
